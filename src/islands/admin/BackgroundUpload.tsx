// A new image for the homepage background: chosen in Uppy (one image, 10 MB), uploaded with its
// progress when the owner presses 'Set as Homepage Background', then saved as the hero background.
import { useState } from 'react';
import { notify } from '~/lib/client/toaster';
import { UploaderView, uploadedFrom, useUppy } from '../Uploader';

interface Props {
  /** Saves the uploaded image's address as the homepage background (toasts its own outcome). */
  onUploaded: (url: string) => Promise<unknown>;
  busy: boolean;
}

export function BackgroundUpload({ onUploaded, busy }: Props) {
  const uppy = useUppy('image');
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState('');

  const run = async () => {
    setError('');
    if (uppy.getFiles().length === 0) {
      setError('Please choose an image first');
      return;
    }
    setUploading(true);
    try {
      const uploaded = uploadedFrom(await uppy.upload());
      if (!uploaded?.url) {
        // Uppy's panel says why (type, size, connection).
        notify('error', 'Failed to update homepage background', 'The upload did not finish.');
        return;
      }
      await onUploaded(uploaded.url);
      uppy.clear();
    } catch {
      // The save's own toast has said what went wrong.
    } finally {
      setUploading(false);
    }
  };

  return (
    <section aria-labelledby="bg-upload-h">
      <h2 id="bg-upload-h" className="text-xl font-semibold">
        Upload a New Background
      </h2>
      <p className="mt-1 max-w-prose text-slate-600">
        A wide landscape photo works best; it is shown full width behind the homepage title.
      </p>
      <div className="mt-4 max-w-2xl space-y-3">
        <UploaderView uppy={uppy} purpose="image" height={260} hideUploadButton />
        {error && (
          <p role="alert" className="text-sm font-medium text-red-800">
            {error}
          </p>
        )}
        <button type="button" className="btn btn-primary" disabled={uploading || busy} onClick={run}>
          {uploading ? 'Uploading...' : 'Set as Homepage Background'}
        </button>
      </div>
    </section>
  );
}
