// The gallery's files as a grid: a thumbnail once processed, the file's name, its state, and the
// reason in words when it could not be read. A file can be made the cover or removed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reason, send } from '~/lib/platform/client/query';
import { notify } from '~/lib/platform/client/toaster';
import { detailKey, type GalleryFileJson, galleryPath, LIST_KEY } from './GalleriesApi';

const STATE_WORDS = { processing: 'Processing…', ready: 'Ready', failed: 'Could not be read' } as const;

export function GalleryAdminFiles(props: {
  galleryId: string;
  files: GalleryFileJson[];
  coverFileId: string | null;
}) {
  const client = useQueryClient();
  const done = () => {
    client.invalidateQueries({ queryKey: detailKey(props.galleryId) });
    client.invalidateQueries({ queryKey: LIST_KEY });
  };
  const remove = useMutation({
    mutationFn: (f: GalleryFileJson) =>
      send('DELETE', `${galleryPath(props.galleryId)}/files/${encodeURIComponent(f.id)}`),
    onSuccess: done,
    onError: (err) => notify('error', 'Not removed', reason(err) ?? 'The file could not be removed.'),
  });
  const cover = useMutation({
    mutationFn: (f: GalleryFileJson) => send('PUT', galleryPath(props.galleryId), { coverFileId: f.id }),
    onSuccess: done,
    onError: (err) => notify('error', 'Not changed', reason(err) ?? 'The cover could not be changed.'),
  });
  if (!props.files.length) return <p className="mt-3 text-slate-600">No files yet.</p>;
  return (
    <ul aria-label="Files" className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {props.files.map((f) => (
        <li key={f.id} className="min-w-0 rounded-lg border border-slate-200 p-2 text-sm">
          <div className="aspect-[3/2] overflow-hidden rounded bg-slate-100">
            {f.mediaId && f.status === 'ready' && (
              <img
                src={`${galleryPath(props.galleryId)}/files/${encodeURIComponent(f.id)}/thumb`}
                alt=""
                loading="lazy"
                className="size-full object-cover"
              />
            )}
          </div>
          <p className="mt-1 truncate font-medium" title={f.fileName}>
            {f.fileName}
          </p>
          <p className={f.status === 'failed' ? 'text-red-800' : 'text-slate-600'}>
            {f.kind === 'video' ? 'Video · ' : ''}
            {STATE_WORDS[f.status]}
            {props.coverFileId === f.id ? ' · Cover' : ''}
          </p>
          {f.error && <p className="text-red-800">{f.error}</p>}
          <div className="mt-1 flex flex-wrap gap-x-3">
            {f.status === 'ready' && props.coverFileId !== f.id && (
              <button type="button" className="min-h-11 underline" onClick={() => cover.mutate(f)}>
                Make cover<span className="sr-only">: {f.fileName}</span>
              </button>
            )}
            <button type="button" className="min-h-11 underline" onClick={() => remove.mutate(f)}>
              Remove<span className="sr-only"> {f.fileName}</span>
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
