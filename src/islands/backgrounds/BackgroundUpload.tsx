// A new image for the homepage background: chosen in Uppy (one image, 10 MB), uploaded with its
// progress when the owner presses 'Set as Homepage Background', then saved as the hero background.

import { UploaderView } from '~/islands/media/Uploader';
import { useUploadThenSave } from '~/islands/media/upload-then-save';
import { notify } from '~/lib/platform/client/toaster';

interface Props {
  /** Saves the uploaded image's address as the homepage background (toasts its own outcome). */
  onUploaded: (url: string) => Promise<unknown>;
  busy: boolean;
}

export function BackgroundUpload({ onUploaded, busy }: Props) {
  const upload = useUploadThenSave({
    purpose: 'image',
    nothingChosen: 'Please choose an image first',
    onUploadFailed: () =>
      notify('error', 'Failed to update homepage background', 'The upload did not finish.'),
    save: async (uploaded) => {
      await onUploaded(uploaded.url);
      upload.uppy.clear();
    },
    // The save's own toast has said what went wrong.
    onFailed: () => {},
  });
  const { uppy, error } = upload;
  const uploading = upload.busy;
  const run = upload.start;

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
