// The owner's drone samples (POST /api/drone-media, DELETE /api/drone-media/{id},
// PUT /api/drone-media/{id}/featured). A sample is always one of the owner's own uploads: a photo
// is stored as its JPEG derivative of up to 1920 px (the page reads the media id from it and offers
// every width), a video as the address it is served from. Each keeps the media facts of what it
// shows (a photo's own, a video's poster frame). At most 2 sample photos; one featured video at a time.
import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { droneMediaSchema } from '~/lib/drone/schemas';
import { mediaColumns, mediaUrl, widthsFor } from '~/lib/media/media-urls';
import { objectIdFromUrl } from '~/lib/media/signed-url.server';
import { filesOfUrl, mergeRefs, releaseFiles } from '~/lib/media/stored-files.server';
import { getReadyObject, isImageObject, objectUrl } from '~/lib/media/uploads.server';
import { displayUrl } from '~/lib/photos/photo-media.server';
import type { Db } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { DRONE_PHOTO_LIMIT_MESSAGE, DRONE_SAMPLE_PHOTOS } from '~/lib/site/constants';
import { droneMedia, type UploadedObject } from '~db/schema';

type DroneMediaData = z.output<typeof droneMediaSchema>;

/** The upload behind a sample, after checking it is there and of the right kind. */
function readyUpload(db: Pick<Db, 'select'>, type: DroneMediaData['type'], url: string): UploadedObject {
  const id = objectIdFromUrl(url);
  if (!id) throw new HttpError(400, 'Please upload the file through the upload box first.');
  const object = getReadyObject(db, id);
  if (object?.status !== 'ready') {
    throw new HttpError(400, 'That upload was not found. Please upload the file again.');
  }
  if (type === 'photo' && !isImageObject(object)) {
    throw new HttpError(400, 'That upload is not an image. Please choose a JPG, PNG, GIF or WebP image.');
  }
  if (type === 'video' && !object.contentType?.startsWith('video/')) {
    throw new HttpError(400, 'That upload is not a video. Please choose an MP4, MOV or AVI file.');
  }
  return object;
}

/** The address a sample is served from. */
function servedUrl(type: DroneMediaData['type'], object: UploadedObject): string {
  if (type === 'photo' && object.mediaId && object.width) return displayUrl(object.mediaId, object.width);
  return objectUrl(object.id);
}

/**
 * Saves a sample. The count of photos and the insert run in one write transaction, so two
 * uploads at once cannot make a third photo.
 */
export function addDroneMedia(db: Db, data: DroneMediaData) {
  return db.transaction(
    (tx) => {
      const object = readyUpload(tx, data.type, data.url);
      if (data.type === 'photo') {
        const photos =
          tx.select({ n: count() }).from(droneMedia).where(eq(droneMedia.type, 'photo')).get()?.n ?? 0;
        if (photos >= DRONE_SAMPLE_PHOTOS) throw new HttpError(409, DRONE_PHOTO_LIMIT_MESSAGE);
      }
      return tx
        .insert(droneMedia)
        .values({
          type: data.type,
          url: servedUrl(data.type, object),
          title: data.title ?? null,
          description: data.description ?? null,
          isActive: data.isActive ?? true,
          ...mediaColumns(object),
        })
        .returning()
        .get();
    },
    { behavior: 'immediate' },
  );
}

/** Removes a sample, then its files (a video and its poster, or a photo's media) unless still used. */
export async function deleteDroneMedia(db: Db, id: string): Promise<void> {
  const removed = db.delete(droneMedia).where(eq(droneMedia.id, id)).returning().get();
  if (!removed) throw new HttpError(404, 'That sample was not found. It may have been deleted already.');
  await releaseFiles(db, mergeRefs(filesOfUrl(removed.url), { mediaIds: [removed.mediaId] }));
}

/** Makes one video the featured one, and no other. */
export function setFeaturedVideo(db: Db, id: string) {
  return db.transaction((tx) => {
    const row = tx.select().from(droneMedia).where(eq(droneMedia.id, id)).get();
    if (!row) throw new HttpError(404, 'That video was not found. It may have been deleted.');
    if (row.type !== 'video') throw new HttpError(400, 'Only a video can be the featured video.');
    tx.update(droneMedia)
      .set({ isFeatured: false })
      .where(and(eq(droneMedia.type, 'video'), ne(droneMedia.id, id)))
      .run();
    return tx.update(droneMedia).set({ isFeatured: true }).where(eq(droneMedia.id, id)).returning().get();
  });
}

/** Active photos and videos of the drone page, with what each shows, oldest first. */
export function listDroneSamples(db: Db) {
  return db
    .select()
    .from(droneMedia)
    .where(eq(droneMedia.isActive, true))
    .orderBy(desc(droneMedia.isFeatured), asc(droneMedia.createdAt))
    .all();
}

const POSTER_WIDTH = 1280;

/** A video's poster frame as a JPEG derivative (up to 1280 px wide), or null when it has none. */
export function posterUrl(row: { mediaId: string | null; width: number | null }): string | null {
  if (!row.mediaId || !row.width) return null;
  const widths = widthsFor(row.width);
  const width = widths.filter((w) => w <= POSTER_WIDTH).at(-1) ?? widths[0];
  return width ? mediaUrl(row.mediaId, width, 'jpg') : null;
}

/** The poster of the video served from this address, or null. */
export function posterOfVideo(db: Db, url: string): string | null {
  const row = db
    .select({ mediaId: droneMedia.mediaId, width: droneMedia.width })
    .from(droneMedia)
    .where(and(eq(droneMedia.type, 'video'), eq(droneMedia.url, url)))
    .get();
  return row ? posterUrl(row) : null;
}
