// The owner's panel on /drone-services (only the owner uploads samples). The upload flow:
// choose a file, upload it straight to storage through a signed URL, then save the media record.
// Also the samples already there: delete, and 'Set as Featured' / 'Featured Video' for videos.
// Sample photos: JPG, PNG or GIF, 10 MB, one file, at most 2 (at 2 the upload gives way to the
// limit message). The page is server-rendered, so after a change it reloads to show the new samples.
import { useEffect, useState } from 'react';
import { UploaderView } from '~/islands/media/Uploader';
import { saveDroneMedia, useUploadThenSave } from '~/islands/media/upload-then-save';
import { HttpError, sendJson } from '~/lib/platform/client/api';
import { notify } from '~/lib/platform/client/toaster';
import { useHydrated } from '~/lib/platform/client/use-hydrated';
import {
  DRONE_PHOTO_LIMIT_MESSAGE,
  DRONE_SAMPLE_PHOTOS,
  type DroneMediaType,
  MB,
  UPLOAD_LIMITS,
} from '~/lib/site/constants';
import { SampleFields } from './SampleFields';

export interface ManagedSample {
  id: string;
  type: DroneMediaType;
  title: string | null;
  isFeatured: boolean;
}

const RELOAD_AFTER_MS = 1200;
const reason = (err: unknown) =>
  err instanceof HttpError ? (err.serverMessage ?? err.message) : 'The connection failed';
const reloadSoon = (ms = RELOAD_AFTER_MS) => setTimeout(() => window.location.reload(), ms);
/** Long enough to read a notice before the page reloads. */
const RELOAD_AFTER_NOTICE_MS = 6000;

/** The sample photo widget takes JPG, PNG and GIF only. */
const SAMPLE_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/gif', '.jpg', '.jpeg', '.png', '.gif'];
const SAMPLE_PHOTO_NOTE = `One image, up to ${UPLOAD_LIMITS.image / MB} MB: JPG, PNG or GIF.`;

function SampleUpload({ type }: { type: DroneMediaType }) {
  const noun = type === 'photo' ? 'Photo' : 'Video';
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const upload = useUploadThenSave({
    purpose: type === 'photo' ? 'image' : 'sample-video',
    nothingChosen: `Please choose a ${type} first`,
    onUploadFailed: () =>
      void notify(
        'error',
        type === 'video' ? 'Failed to upload video' : 'Failed to save media: the upload did not finish',
      ),
    save: async (uploaded) => {
      await saveDroneMedia({ type, url: uploaded.url, title, description });
      void notify(
        'success',
        type === 'video' ? 'Video uploaded successfully' : 'Media uploaded successfully',
        type === 'video' && !uploaded.media
          ? 'No poster frame could be made (ffmpeg is not available on the server); the page shows the first frame of the video instead.'
          : undefined,
      );
      reloadSoon(type === 'video' && !uploaded.media ? RELOAD_AFTER_NOTICE_MS : RELOAD_AFTER_MS);
    },
    onFailed: (err) => void notify('error', `Failed to save media: ${reason(err)}`),
  });
  const { uppy, busy, error } = upload;
  const hydrated = useHydrated();
  useEffect(() => {
    if (type !== 'photo') return;
    uppy.setOptions({
      restrictions: {
        maxNumberOfFiles: 1,
        maxFileSize: UPLOAD_LIMITS.image,
        allowedFileTypes: SAMPLE_PHOTO_TYPES,
      },
    });
  }, [uppy, type]);

  return (
    <div className="rounded-md border border-slate-200 bg-white p-5">
      <h4 className="font-display text-xl text-ink-950">Upload Sample {noun}</h4>
      <div className="mt-4 space-y-4">
        <SampleFields
          id={`drone-${type}`}
          titleLabel="Title (optional)"
          title={title}
          onTitle={setTitle}
          description={description}
          onDescription={setDescription}
        />
        <UploaderView
          uppy={uppy}
          purpose={type === 'photo' ? 'image' : 'sample-video'}
          height={220}
          hideUploadButton
          note={type === 'photo' ? SAMPLE_PHOTO_NOTE : undefined}
        />
        {error && (
          <p role="alert" className="text-sm font-medium text-red-800">
            {error}
          </p>
        )}
        <button
          type="button"
          className="btn btn-primary w-full sm:w-auto"
          disabled={!hydrated || busy}
          onClick={upload.start}
        >
          {busy ? `Uploading ${noun}...` : `Upload ${noun}`}
        </button>
      </div>
    </div>
  );
}

function SampleRow({ sample }: { sample: ManagedSample }) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const name = sample.title ?? (sample.type === 'photo' ? 'Untitled photo' : 'Untitled video');
  const run = async (action: () => Promise<unknown>, done: string, failed: string) => {
    setBusy(true);
    try {
      await action();
      void notify('success', done);
      reloadSoon();
    } catch (err) {
      void notify('error', failed, reason(err));
      setBusy(false);
    }
  };
  const remove = () => {
    if (!window.confirm(`Delete "${name}" from the drone page?`)) return;
    void run(
      () => sendJson('DELETE', `/api/drone-media/${sample.id}`),
      sample.type === 'video' ? 'Video deleted successfully' : 'Sample photo deleted',
      sample.type === 'video' ? 'Failed to delete video' : 'Failed to delete sample photo',
    );
  };
  const feature = () =>
    void run(
      () => sendJson('PUT', `/api/drone-media/${sample.id}/featured`),
      'Featured video updated successfully',
      'Failed to set featured video',
    );
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <span className="min-w-0 flex-1 truncate">
        <span className="mr-2 text-sm text-slate-600">{sample.type === 'photo' ? 'Photo' : 'Video'}</span>
        {name}
      </span>
      {sample.type === 'video' &&
        (sample.isFeatured ? (
          <span className="badge bg-heather-100 text-heather-800">Featured Video</span>
        ) : (
          <button
            type="button"
            className="btn btn-secondary px-4 text-sm"
            disabled={!hydrated || busy}
            onClick={feature}
          >
            Set as Featured
          </button>
        ))}
      <button
        type="button"
        className="btn btn-secondary px-4 text-sm"
        disabled={!hydrated || busy}
        onClick={remove}
        aria-label={`Delete ${name}`}
      >
        Delete
      </button>
    </li>
  );
}

export default function DroneMediaManager({ samples }: { samples: ManagedSample[] }) {
  const photos = samples.filter((s) => s.type === 'photo').length;
  return (
    <div className="mt-12 rounded-md border border-mist-200 bg-mist-50 p-5 sm:p-8">
      <h3 className="text-2xl leading-tight text-ink-950">Manage samples</h3>
      <p className="mt-2 text-ink-700">
        Sample photos: {Math.min(photos, DRONE_SAMPLE_PHOTOS)}/{DRONE_SAMPLE_PHOTOS}
      </p>
      <p className="mt-2 text-ink-700">
        The page shows up to 2 sample photos, and the featured video plus 1 more (or 2 videos when none is
        featured).
      </p>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        {photos >= DRONE_SAMPLE_PHOTOS ? (
          <div className="rounded-md border border-slate-200 bg-white p-5">
            <h4 className="font-display text-xl text-ink-950">Upload Sample Photo</h4>
            <p className="mt-4 text-ink-800" role="status">
              {DRONE_PHOTO_LIMIT_MESSAGE}
            </p>
          </div>
        ) : (
          <SampleUpload type="photo" />
        )}
        <SampleUpload type="video" />
      </div>
      <h4 className="mt-8 font-display text-xl text-ink-950">Samples</h4>
      {samples.length === 0 ? (
        <p className="mt-2 text-ink-700">No samples yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-mist-200">
          {samples.map((s) => (
            <SampleRow key={s.id} sample={s} />
          ))}
        </ul>
      )}
    </div>
  );
}
