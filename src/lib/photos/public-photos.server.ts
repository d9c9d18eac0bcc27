// Public reads of photos as the views the pages use: a photo, and what the home hero shows.
// Nothing here exposes a path to an original.
import { and, eq } from 'drizzle-orm';
import { mediaFacts, type PhotoMedia } from '~/lib/media/media-urls';
import type { Db } from '~/lib/platform/server/db';
import { appMeta, backgroundImages, type Photo } from '~db/schema';
import { getHomepageHero } from './photos.server';

export interface PublicPhoto {
  id: string;
  title: string;
  description: string | null;
  imageUrl: string;
  category: Photo['category'];
  location: string | null;
  featured: boolean;
  homepageHero: boolean;
  mediaId: string | null;
  width: number | null;
  height: number | null;
  dominantColor: string | null;
  placeholder: string | null;
  createdAt: string;
}

export function toPublicPhoto(p: Photo): PublicPhoto {
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    imageUrl: p.imageUrl,
    category: p.category,
    location: p.location,
    featured: p.featured,
    homepageHero: p.homepageHero,
    mediaId: p.mediaId,
    width: p.width,
    height: p.height,
    dominantColor: p.dominantColor,
    placeholder: p.placeholder,
    createdAt: p.createdAt.toISOString(),
  };
}

/** When the homepage hero photo was last chosen (ms since the epoch; 0 when never recorded). */
export const HERO_SET_AT_KEY = 'homepage-hero-set-at';

function heroPhotoSetAt(db: Db): number {
  const row = db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, HERO_SET_AT_KEY)).get();
  const at = Number(row?.value);
  return Number.isFinite(at) ? at : 0;
}

export interface HeroImage {
  imageUrl: string;
  altText: string | null;
  /** The hero photo when the photo is what shows; null for a background image. */
  photo: PublicPhoto | null;
  /** The derivatives to serve (of the photo or of the background), when processed. */
  media: PhotoMedia | null;
}

const mediaOf = mediaFacts;

/**
 * What the home hero shows: the homepage hero photo or the 'hero' background image, whichever
 * the owner chose more recently (the photo's choice is recorded in app_meta, the background's is
 * its updatedAt); either alone when the other is missing; null for the default dark band.
 */
export function getHeroImage(db: Db): HeroImage | null {
  const hero = getHomepageHero(db);
  const bg = db
    .select()
    .from(backgroundImages)
    .where(and(eq(backgroundImages.section, 'hero'), eq(backgroundImages.isActive, true)))
    .get();
  const backgroundWins = bg && (!hero || bg.updatedAt.getTime() > heroPhotoSetAt(db));
  if (bg && backgroundWins) {
    return { imageUrl: bg.imageUrl, altText: bg.altText, photo: null, media: mediaOf(bg) };
  }
  if (hero) {
    return { imageUrl: hero.imageUrl, altText: hero.title, photo: toPublicPhoto(hero), media: mediaOf(hero) };
  }
  return null;
}
