// Public reads in the shapes the screens use: photos, hero, drone media, backgrounds,
// the bio picture. Nothing here exposes a path to an original.
import { and, asc, desc, eq } from 'drizzle-orm';
import { getConfig } from '~/lib/server/config';
import type { Db } from '~/lib/server/db';
import { backgroundImages, droneMedia, type Photo, users } from '~db/schema';
import { getHomepageHero } from './photos';

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

/** The hero: the homepage hero photo, else the active hero background image, else null. */
export function getHeroImage(
  db: Db,
): { imageUrl: string; altText: string | null; photo: PublicPhoto | null } | null {
  const hero = getHomepageHero(db);
  if (hero) return { imageUrl: hero.imageUrl, altText: hero.title, photo: toPublicPhoto(hero) };
  const bg = db
    .select()
    .from(backgroundImages)
    .where(and(eq(backgroundImages.section, 'hero'), eq(backgroundImages.isActive, true)))
    .get();
  return bg ? { imageUrl: bg.imageUrl, altText: bg.altText, photo: null } : null;
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
