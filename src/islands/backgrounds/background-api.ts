// The reads and changes the Backgrounds tab and the background editor share.

import type { BackgroundImageInput } from '~/lib/backgrounds/schemas';
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
