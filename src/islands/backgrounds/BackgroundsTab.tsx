// The Backgrounds tab: what the homepage hero shows now, a picker over the gallery's photos and an
// upload to make a new image the homepage background, a link to the background editor for the
// other sections, and the Drone Services Photos manager.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DronePhotosManager } from '~/islands/drone/DronePhotosManager';
import { thumbnailUrl } from '~/lib/media/media-urls';
import { read, reason } from '~/lib/platform/client/query';
import { notify } from '~/lib/platform/client/toaster';
import { BackgroundPicker } from './BackgroundPicker';
import { BackgroundUpload } from './BackgroundUpload';
import { backgroundsKey, type HeroImageRead, heroKey, saveBackground } from './background-api';

/** Makes an image the 'hero' background, with the tab's toasts; the hero read is refreshed. */
export function useSetHomepageBackground() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ imageUrl, altText }: { imageUrl: string; altText?: string }) =>
      saveBackground({ section: 'hero', imageUrl, altText }),
    onSuccess: () => {
      notify('success', 'Homepage background updated successfully');
      client.invalidateQueries({ queryKey: heroKey });
      client.invalidateQueries({ queryKey: backgroundsKey });
    },
    onError: (err) => notify('error', 'Failed to update homepage background', reason(err)),
  });
}

function CurrentBackground() {
  const { data, isPending, isError } = useQuery({
    queryKey: heroKey,
    queryFn: () => read<HeroImageRead>('/api/homepage-hero'),
  });
  if (isPending) return <p aria-busy="true">Loading the current background…</p>;
  if (isError) return <p role="alert">The current background could not be loaded. Please reload the page.</p>;
  if (!data?.imageUrl) {
    return (
      <p className="text-slate-700">
        No homepage background is set: the hero shows its plain dark band. Choose a photo or upload one below.
      </p>
    );
  }
  const label = data.photo ? data.photo.title : (data.altText ?? 'Homepage background');
  return (
    <figure className="max-w-xl">
      <img
        src={thumbnailUrl(data.imageUrl, data.media?.mediaId, data.media?.width)}
        alt={`Current homepage background: ${label}`}
        width={data.media?.width ?? 640}
        height={data.media?.height ?? 427}
        className="aspect-[3/2] h-auto w-full rounded-md bg-slate-200 object-cover"
      />
      <figcaption className="mt-2 text-sm text-slate-700">
        {label}
        <span className="text-slate-600">
          {data.photo ? ' · the gallery photo set as homepage hero' : ' · background image'}
        </span>
      </figcaption>
    </figure>
  );
}

export default function BackgroundsTab() {
  const setHero = useSetHomepageBackground();
  return (
    <div className="space-y-12">
      <section aria-labelledby="current-bg-h" className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="current-bg-h" className="text-xl font-semibold">
            Current Homepage Background
          </h2>
          <a href="/background-editor" className="btn btn-secondary">
            Open the Background Editor
          </a>
        </div>
        <CurrentBackground />
      </section>
      <BackgroundPicker
        onChoose={(photo) => setHero.mutate({ imageUrl: photo.imageUrl, altText: photo.title })}
        busy={setHero.isPending}
      />
      <BackgroundUpload
        onUploaded={(url) => setHero.mutateAsync({ imageUrl: url })}
        busy={setHero.isPending}
      />
      <DronePhotosManager />
    </div>
  );
}
