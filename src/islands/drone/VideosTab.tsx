// The Videos tab: every drone video with its poster, the featured one first; 'Upload Video'
// opens the upload dialog. Exactly one video is featured (the server changes it in one transaction).
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { notify } from '~/lib/platform/client/toaster';
import { VideoCard } from './VideoCard';
import { VideoUploadDialog } from './VideoUploadDialog';
import { droneMediaKey, readDroneVideos } from './video-api';

export default function VideosTab() {
  const [uploading, setUploading] = useState(false);
  const {
    data: videos,
    isPending,
    isError,
  } = useQuery({ queryKey: droneMediaKey, queryFn: readDroneVideos });
  useEffect(() => {
    if (isError) notify('error', 'Error', 'Failed to load videos');
  }, [isError]);

  return (
    <section aria-labelledby="videos-h" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h2 id="videos-h" className="text-xl font-semibold">
            Drone Videos
          </h2>
          <p className="mt-1 max-w-prose text-slate-600">
            The featured video shows on the home page and first on the drone services page.
          </p>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => setUploading(true)}>
          Upload Video
        </button>
      </div>
      {isPending ? (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading videos">
          {[0, 1, 2].map((i) => (
            <li key={i} className="aspect-video animate-pulse rounded-lg bg-slate-200" />
          ))}
        </ul>
      ) : isError ? (
        <p role="alert" className="text-red-800">
          The videos could not be loaded. Please refresh the page.
        </p>
      ) : videos.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">
          No videos yet. Upload a drone video to show it on the site.
        </p>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {videos.map((v) => (
            <VideoCard key={v.id} video={v} />
          ))}
        </ul>
      )}
      {uploading && <VideoUploadDialog onClose={() => setUploading(false)} />}
    </section>
  );
}
