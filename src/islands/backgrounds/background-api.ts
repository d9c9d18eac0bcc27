// The reads and changes the Backgrounds tab and the background editor share.

import type { BackgroundImageInput } from '~/lib/backgrounds/schemas';
import { mediaUrl, widthsFor } from '~/lib/media/media-urls';
import { send } from '~/lib/platform/client/query';
import type { BackgroundSection } from '~/lib/site/constants';

export interface SectionBackgroundEntry {
  id: string;
  section: BackgroundSection;
  imageUrl: string;
  altText: string | null;
  mediaId: string | null;
  width: number | null;
  height: number | null;
}

export interface HeroImageRead {
  imageUrl: string | null;
  altText: string | null;
  photo: { id: string; title: string } | null;
  media: { mediaId: string; width: number; height: number } | null;
}

export interface GalleryPhotoRead {
  id: string;
  title: string;
  location: string | null;
  imageUrl: string;
  mediaId: string | null;
  width: number | null;
  height: number | null;
}

export const backgroundsKey = ['/api/background-images'] as const;
export const heroKey = ['/api/homepage-hero'] as const;
export const galleryKey = ['/api/photos'] as const;

export const saveBackground = (input: BackgroundImageInput) =>
  send<SectionBackgroundEntry>('PUT', '/api/background-images', input);

export const removeBackground = (id: string) => send<null>('DELETE', `/api/background-images/${id}`);

/** A small JPEG derivative for a thumbnail, or the address itself when there is none. */
export function thumbnailUrl(imageUrl: string, mediaId?: string | null, width?: number | null): string {
  if (!mediaId || !width) return imageUrl;
  const w =
    widthsFor(width)
      .filter((x) => x <= 640)
      .at(-1) ?? widthsFor(width)[0];
  return w ? mediaUrl(mediaId, w, 'jpg') : imageUrl;
}

/** The media id in a /media/{id}/… address, if it is one. */
export function mediaIdOf(url: string | null | undefined): string | null {
  return url ? (/^\/media\/([A-Za-z0-9_-]{8,64})\//.exec(url)?.[1] ?? null) : null;
}
