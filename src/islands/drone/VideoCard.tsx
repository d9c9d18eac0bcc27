// One drone video in the Videos tab: its poster (the video opens in a new tab), its title,
// 'Set as Featured' (or 'Featured Video' on the current one) and Delete after a confirmation.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reason, send } from '~/lib/platform/client/query';
import { notify } from '~/lib/platform/client/toaster';
import { type DroneMediaItem, droneMediaKey, videoName } from './video-api';

export function VideoCard({ video }: { video: DroneMediaItem }) {
  const client = useQueryClient();
  const name = videoName(video);
  const path = `/api/drone-media/${encodeURIComponent(video.id)}`;
  const refresh = () => client.invalidateQueries({ queryKey: droneMediaKey });
  const feature = useMutation({
    mutationFn: () => send('PUT', `${path}/featured`),
    onSuccess: () => {
      notify('success', 'Featured video updated successfully');
      return refresh();
    },
    onError: (err) => notify('error', 'Failed to set featured video', reason(err)),
  });
  const remove = useMutation({
    mutationFn: () => send('DELETE', path),
    onSuccess: () => {
      notify('success', 'Video deleted successfully');
      return refresh();
    },
    onError: (err) => notify('error', 'Failed to delete video', reason(err)),
  });
  const busy = feature.isPending || remove.isPending;
  const confirmDelete = () => {
    if (window.confirm(`Delete "${name}"? The video file is removed too.`)) remove.mutate();
  };

  return (
    <li className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white">
      <a
        href={video.url}
        target="_blank"
        rel="noopener"
        className="group relative block aspect-video bg-slate-800"
        aria-label={`Preview ${name} (opens in a new tab)`}
      >
        {video.poster ? (
          <img src={video.poster} alt="" loading="lazy" className="h-full w-full object-cover" />
        ) : (
          <span className="flex h-full items-center justify-center px-4 text-center text-sm text-slate-100">
            No poster frame
          </span>
        )}
        <span
          aria-hidden="true"
          className="absolute inset-0 m-auto flex h-14 w-14 items-center justify-center rounded-full bg-black/60 text-white transition-transform group-hover:scale-105"
        >
          <svg viewBox="0 0 24 24" className="ml-1 h-6 w-6" fill="currentColor" aria-hidden="true">
            <path d="M7 4.5v15l12-7.5z" />
          </svg>
        </span>
      </a>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <p className="font-medium break-words">{name}</p>
        {video.description && <p className="text-sm text-slate-600">{video.description}</p>}
        <div className="mt-auto flex flex-wrap gap-2">
          {video.isFeatured ? (
            <span className="badge inline-flex min-h-11 items-center bg-heather-100 px-3 text-heather-800">
              Featured Video
            </span>
          ) : (
            <button
              type="button"
              className="btn btn-secondary px-4"
              disabled={busy}
              onClick={() => feature.mutate()}
              aria-label={`Set as Featured: ${name}`}
            >
              Set as Featured
            </button>
          )}
          <button
            type="button"
            className="btn btn-secondary px-4"
            disabled={busy}
            onClick={confirmDelete}
            aria-label={`Delete ${name}`}
          >
            Delete
          </button>
        </div>
      </div>
    </li>
  );
}
