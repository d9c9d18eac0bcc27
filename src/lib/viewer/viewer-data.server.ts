// The photo list handed to the viewer island as JSON: screen-sized and largest derivatives,
// never an original.

import { mediaUrl, srcset, widthsFor } from '~/lib/media/media-urls';
import type { ViewerPhoto } from '~/lib/viewer/viewer-photo';

export interface ViewerSource {
  id: string;
  title: string;
  description: string | null;
  location?: string | null;
  imageUrl: string;
  mediaId: string | null;
  width: number | null;
  height: number | null;
}

export function toViewerPhoto(p: ViewerSource): ViewerPhoto {
  const widths = p.mediaId && p.width ? widthsFor(p.width) : [];
  const largest = widths.at(-1);
  const screen = widths.filter((w) => w <= 1920).at(-1) ?? largest;
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    location: p.location ?? null,
    alt: p.location ? `${p.title}, ${p.location}` : p.title,
    src: p.mediaId && screen ? mediaUrl(p.mediaId, screen, 'webp') : p.imageUrl,
    srcset:
      p.mediaId && widths.length
        ? srcset(
            p.mediaId,
            widths.filter((w) => w <= 1920),
            'webp',
          )
        : undefined,
    zoomSrc: p.mediaId && largest ? mediaUrl(p.mediaId, largest, 'webp') : p.imageUrl,
    width: p.width,
    height: p.height,
  };
}

/** JSON for a <script type="application/json">: "<" escaped so no text can close the tag. */
export function viewerJson(photos: ViewerPhoto[], zoom = true): string {
  return JSON.stringify({ photos, zoom }).replace(/</g, '\\u003c');
}
