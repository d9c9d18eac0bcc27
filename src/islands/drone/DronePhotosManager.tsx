// The Drone Services Photos manager: the sample photos of the drone page (at most 2), each with
// Delete, and an upload that needs a name. At 2 the upload gives way to the limit message; the
// server refuses a third too (409 with the same words), and its message is what shows then.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { UploaderView } from '~/islands/media/Uploader';
import { saveDroneMedia, useUploadThenSave } from '~/islands/media/upload-then-save';
import { mediaIdOf, thumbnailUrl } from '~/lib/media/media-urls';
import { read, reason, send } from '~/lib/platform/client/query';
import { notify } from '~/lib/platform/client/toaster';
import { DRONE_SAMPLE_PHOTOS } from '~/lib/site/constants';
import { SampleFields } from './SampleFields';

interface DroneMediaRead {
  id: string;
  type: 'photo' | 'video';
  url: string;
  title: string | null;
  description: string | null;
}

const droneKey = ['/api/drone-media'] as const;
const NAME_REQUIRED = 'Please enter a name for the photo before uploading.';
const LIMIT_TEXT = `Maximum of ${DRONE_SAMPLE_PHOTOS} drone service photos allowed. Please delete an existing photo first.`;

function DronePhotoUpload() {
  const client = useQueryClient();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const upload = useUploadThenSave({
    purpose: 'image',
    check: () => {
      if (title.trim() !== '') return undefined;
      notify('error', 'Photo Name Required', NAME_REQUIRED);
      return `Photo Name Required: ${NAME_REQUIRED}`;
    },
    nothingChosen: 'Please choose a photo first',
    onUploadFailed: () =>
      notify(
        'error',
        'Failed to upload drone service photo',
        'The upload did not return a valid file address.',
      ),
    save: async (uploaded) => {
      await saveDroneMedia({ type: 'photo', url: uploaded.url, title, description }, (path, body) =>
        send('POST', path, body),
      );
      notify('success', 'Drone service photo uploaded successfully');
      upload.uppy.clear();
      setTitle('');
      setDescription('');
      await client.invalidateQueries({ queryKey: droneKey });
    },
    onFailed: (err) =>
      notify('error', 'Failed to upload drone service photo', reason(err) ?? (err as Error).message),
  });
  const { uppy, error } = upload;

  return (
    <div className="max-w-2xl space-y-4">
      <SampleFields
        id="drone-photo"
        titleLabel="Photo Name (required)"
        title={title}
        onTitle={setTitle}
        description={description}
        onDescription={setDescription}
        required
        errorId={error ? 'drone-photo-error' : undefined}
      />
      <UploaderView uppy={uppy} purpose="image" height={240} hideUploadButton />
      {error && (
        <p id="drone-photo-error" role="alert" className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
      <button type="button" className="btn btn-primary" disabled={upload.busy} onClick={upload.start}>
        {upload.busy ? 'Uploading Photo...' : 'Upload Photo'}
      </button>
    </div>
  );
}

function DronePhotoCard({ photo }: { photo: DroneMediaRead }) {
  const client = useQueryClient();
  const name = photo.title ?? 'Untitled photo';
  const remove = useMutation({
    mutationFn: () => send('DELETE', `/api/drone-media/${photo.id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: droneKey }),
    onError: (err) => notify('error', 'Failed to delete drone service photo', reason(err)),
  });
  const mediaId = mediaIdOf(photo.url);
  return (
    <li className="overflow-hidden rounded-md border border-slate-200 bg-white">
      <img
        src={mediaId ? thumbnailUrl(photo.url, mediaId, 640) : photo.url}
        alt={name}
        width={640}
        height={427}
        loading="lazy"
        className="aspect-[3/2] h-auto w-full bg-slate-200 object-cover"
      />
      <div className="flex items-center gap-3 p-3">
        <span className="min-w-0 flex-1 truncate text-sm">{name}</span>
        <button
          type="button"
          className="btn btn-secondary px-4 text-sm"
          disabled={remove.isPending}
          aria-label={`Delete ${name}`}
          onClick={() => {
            if (window.confirm(`Delete "${name}" from the drone services page?`)) remove.mutate();
          }}
        >
          Delete
        </button>
      </div>
    </li>
  );
}

export function DronePhotosManager() {
  const { data, isPending, isError } = useQuery({
    queryKey: droneKey,
    queryFn: () => read<DroneMediaRead[]>('/api/drone-media'),
  });
  const photos = (data ?? []).filter((m) => m.type === 'photo');
  const full = photos.length >= DRONE_SAMPLE_PHOTOS;
  return (
    <section aria-labelledby="drone-photos-h" className="space-y-4 border-t border-slate-200 pt-10">
      <div className="flex flex-wrap items-baseline gap-3">
        <h2 id="drone-photos-h" className="text-xl font-semibold">
          Drone Services Photos
        </h2>
        {!isPending && !isError && (
          <span className="badge bg-slate-100 text-slate-800">
            {photos.length}/{DRONE_SAMPLE_PHOTOS}
          </span>
        )}
      </div>
      <p className="max-w-prose text-slate-600">The sample photos shown on the drone services page.</p>
      {isPending && <p aria-busy="true">Loading drone photos…</p>}
      {isError && <p role="alert">The drone photos could not be loaded. Please reload the page.</p>}
      {photos.length > 0 && (
        <ul className="grid gap-4 sm:grid-cols-2" aria-label="Drone service photos">
          {photos.map((p) => (
            <DronePhotoCard key={p.id} photo={p} />
          ))}
        </ul>
      )}
      {!isPending &&
        !isError &&
        (full ? (
          <p
            role="status"
            className="max-w-prose rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-950"
          >
            <strong>Upload Limit Reached:</strong> {LIMIT_TEXT}
          </p>
        ) : (
          <DronePhotoUpload />
        ))}
    </section>
  );
}
