// 'Upload Video' in a native <dialog> (showModal gives the focus trap, Esc and the inert page):
// one MP4, MOV or AVI file of at most 50 MB, sent through Uppy with its progress to a signed URL,
// then saved as a drone video with POST /api/drone-media. A save that fails after the upload says
// so in the owner's words; a video saved without a poster frame says that too.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { UploaderView } from '~/islands/media/Uploader';
import { saveDroneMedia, useUploadThenSave } from '~/islands/media/upload-then-save';
import { send } from '~/lib/platform/client/query';
import { notify } from '~/lib/platform/client/toaster';
import { SampleFields } from './SampleFields';
import { droneMediaKey } from './video-api';

const NO_POSTER =
  'The video was saved, but no poster frame could be made (ffmpeg is not available on the server). ' +
  'Pages show the first frame of the video instead.';

export function VideoUploadDialog({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const client = useQueryClient();
  const [title, setTitle] = useState('');
  const [notice, setNotice] = useState('');
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const upload = useUploadThenSave({
    purpose: 'video',
    check: () => {
      setNotice('');
      return undefined;
    },
    nothingChosen: 'Please choose a video file first.',
    onUploadFailed: () => notify('error', 'Failed to upload video'),
    save: async (uploaded) => {
      await saveDroneMedia({ type: 'video', url: uploaded.url, title }, (path, body) =>
        send('POST', path, body),
      );
      notify('success', 'Video uploaded successfully');
      await client.invalidateQueries({ queryKey: droneMediaKey });
      if (uploaded.media) dialog.current?.close();
      else {
        upload.uppy.clear();
        setNotice(NO_POSTER);
      }
    },
    onFailed: () => notify('error', 'Failed to upload video'),
  });
  const { uppy, busy, error } = upload;

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click only closes on the backdrop; Esc closes a native dialog.
    <dialog
      ref={dialog}
      aria-labelledby="video-upload-h"
      aria-describedby="video-upload-d"
      onClose={onClose}
      onClick={(e) => e.target === dialog.current && !busy && dialog.current?.close()}
      className="m-auto max-h-[90vh] w-[min(40rem,94vw)] overflow-y-auto rounded-lg bg-white p-0 text-slate-900 backdrop:bg-black/50"
    >
      <div className="space-y-4 p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id="video-upload-h" className="text-xl font-semibold">
            Upload Video
          </h2>
          <button
            type="button"
            className="btn btn-secondary px-3"
            disabled={busy}
            onClick={() => dialog.current?.close()}
          >
            Close
          </button>
        </div>
        <p id="video-upload-d" className="text-slate-700">
          Select and upload a drone video file. Maximum file size is 50MB.
        </p>
        <SampleFields id="video" titleLabel="Title (optional)" title={title} onTitle={setTitle} />
        <UploaderView uppy={uppy} purpose="video" height={240} hideUploadButton />
        {error && (
          <p role="alert" className="text-sm font-medium text-red-800">
            {error}
          </p>
        )}
        {notice && (
          <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            {notice}
          </p>
        )}
        <button
          type="button"
          className="btn btn-primary w-full sm:w-auto"
          disabled={busy}
          onClick={upload.start}
        >
          {busy ? 'Uploading Video...' : 'Upload Video'}
        </button>
      </div>
    </dialog>
  );
}
