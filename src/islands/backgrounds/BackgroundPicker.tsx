// The gallery's photos as a grid of choices: choosing one makes it the homepage background.
import { useQuery } from '@tanstack/react-query';
import { mediaIdOf, thumbnailUrl } from '~/lib/media/media-urls';
import { read } from '~/lib/platform/client/query';
import { type GalleryPhotoRead, galleryKey, type HeroImageRead, heroKey } from './background-api';

interface Props {
  onChoose: (photo: GalleryPhotoRead) => void;
  busy: boolean;
}

export function BackgroundPicker({ onChoose, busy }: Props) {
  const photos = useQuery({ queryKey: galleryKey, queryFn: () => read<GalleryPhotoRead[]>('/api/photos') });
  const hero = useQuery({ queryKey: heroKey, queryFn: () => read<HeroImageRead>('/api/homepage-hero') });
  const currentMedia = hero.data?.media?.mediaId ?? mediaIdOf(hero.data?.imageUrl);
  // Only processed photos can be a background (their derivatives are what the hero serves).
  const choices = photos.data?.filter((p) => p.mediaId);
  return (
    <section aria-labelledby="bg-picker-h">
      <h2 id="bg-picker-h" className="text-xl font-semibold">
        Choose from the Gallery
      </h2>
      <p className="mt-1 max-w-prose text-slate-600">Pick a photo to show behind the homepage title.</p>
      {photos.isPending && <p aria-busy="true">Loading photos…</p>}
      {photos.isError && <p role="alert">The photos could not be loaded. Please reload the page.</p>}
      {choices && choices.length === 0 && <p className="mt-3 text-slate-700">No photos available</p>}
      {choices && choices.length > 0 && (
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {choices.map((photo) => {
            const current = Boolean(photo.mediaId) && photo.mediaId === currentMedia;
            return (
              <li key={photo.id}>
                <button
                  type="button"
                  disabled={busy}
                  aria-pressed={current}
                  onClick={() => onChoose(photo)}
                  className={`group block w-full overflow-hidden rounded-md border bg-white text-left transition hover:border-slate-500 focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-60 ${current ? 'border-slate-900 ring-2 ring-slate-900' : 'border-slate-200'}`}
                >
                  <img
                    src={thumbnailUrl(photo.imageUrl, photo.mediaId, photo.width)}
                    alt=""
                    width={photo.width ?? 640}
                    height={photo.height ?? 427}
                    loading="lazy"
                    decoding="async"
                    className="aspect-[3/2] h-auto w-full bg-slate-200 object-cover"
                  />
                  <span className="block min-h-11 px-3 py-2 text-sm">
                    <span className="sr-only">Use as homepage background: </span>
                    {photo.title}
                    {current && <span className="ml-1 text-slate-600">(current)</span>}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
