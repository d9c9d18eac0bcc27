// Public reads as the views the pages use: drone media, backgrounds, the bio picture (a photo's
// view and the home hero are lib/photos/public-photos.server.ts). Nothing here exposes a path to
// an original.
import { asc, desc, eq } from 'drizzle-orm';
import { getConfig } from '~/lib/platform/server/config';
import type { Db } from '~/lib/platform/server/db';
import { backgroundImages, droneMedia, users } from '~db/schema';

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
