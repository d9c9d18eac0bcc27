// Public reads in the shapes the screens use: photos, hero, drone media, backgrounds,
// the bio picture. Nothing here exposes a path to an original.
import { and, asc, desc, eq } from 'drizzle-orm';
import { mediaFacts, type PhotoMedia } from '~/lib/media/media-urls';
import { getHomepageHero } from '~/lib/photos/photos.server';
import { getConfig } from '~/lib/platform/server/config';
import type { Db } from '~/lib/platform/server/db';
import { appMeta, backgroundImages, droneMedia, type Photo, users } from '~db/schema';

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

export function listDroneMedia(db: Db) {
  return db
    .select({
      id: droneMedia.id,
      type: droneMedia.type,
      url: droneMedia.url,
      title: droneMedia.title,
      description: droneMedia.description,
      isActive: droneMedia.isActive,
      isFeatured: droneMedia.isFeatured,
      createdAt: droneMedia.createdAt,
    })
    .from(droneMedia)
    .where(eq(droneMedia.isActive, true))
    .orderBy(desc(droneMedia.isFeatured), asc(droneMedia.createdAt))
    .all();
}
export type DroneMediaEntry = ReturnType<typeof listDroneMedia>[number];

/**
 * The drone page's videos: the featured video plus up to 2 others (1 when a featured one exists).
 * The featured one is the first featured video; there should be only one.
 */
export function pickDroneVideos(media: DroneMediaEntry[]): {
  featured: DroneMediaEntry | null;
  others: DroneMediaEntry[];
} {
  const videos = media.filter((m) => m.type === 'video');
  const featured = videos.find((v) => v.isFeatured) ?? null;
  const others = videos.filter((v) => v !== featured).slice(0, featured ? 1 : 2);
  return { featured, others };
}

export function listBackgroundImages(db: Db) {
  return db
    .select({
      id: backgroundImages.id,
      section: backgroundImages.section,
      imageUrl: backgroundImages.imageUrl,
      altText: backgroundImages.altText,
      mediaId: backgroundImages.mediaId,
      width: backgroundImages.width,
      height: backgroundImages.height,
    })
    .from(backgroundImages)
    .where(eq(backgroundImages.isActive, true))
    .all();
}

export function getOwnerProfile(db: Db) {
  return (
    db
      .select({
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        bioPictureUrl: users.bioPictureUrl,
      })
      .from(users)
      .where(eq(users.email, getConfig().ownerEmail))
      .get() ?? null
  );
}
