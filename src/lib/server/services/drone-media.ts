// The owner's drone samples (POST /api/drone-media, DELETE /api/drone-media/{id},
// PUT /api/drone-media/{id}/featured). A sample is always one of the owner's own uploads: a photo
// is stored as its JPEG derivative of up to 1920 px (the page reads the media id from it and offers
// every width), a video as the address it is served from. One featured video at a time.
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '~/lib/server/db';
import { HttpError } from '~/lib/server/http';
import { objectIdFromUrl } from '~/lib/server/uploads/signed-url';
import type { droneMediaSchema } from '~/lib/shared/schemas';
import { droneMedia } from '~db/schema';
import { displayUrl } from './photo-media';
import { getReadyObject, objectUrl } from './uploads';

type DroneMediaData = z.output<typeof droneMediaSchema>;

/** The address a sample is served from, after checking the upload is there and of the right kind. */
function servedUrl(db: Db, type: DroneMediaData['type'], url: string): string {
  const id = objectIdFromUrl(url);
  if (!id) throw new HttpError(400, 'Please upload the file through the upload box first.');
  const object = getReadyObject(db, id);
  if (object?.status !== 'ready') {
    throw new HttpError(400, 'That upload was not found. Please upload the file again.');
  }
  if (type === 'photo') {
    if (!object.mediaId || !object.width) {
      throw new HttpError(400, 'That upload is not an image. Please choose a JPG, PNG, GIF or WebP image.');
    }
    return displayUrl(object.mediaId, object.width);
  }
  if (!object.contentType?.startsWith('video/')) {
    throw new HttpError(400, 'That upload is not a video. Please choose an MP4, MOV or AVI file.');
  }
  return objectUrl(object.id);
}

export function addDroneMedia(db: Db, data: DroneMediaData) {
  const url = servedUrl(db, data.type, data.url);
  return db
    .insert(droneMedia)
    .values({
      type: data.type,
      url,
      title: data.title ?? null,
      description: data.description ?? null,
      isActive: data.isActive ?? true,
    })
    .returning()
    .get();
}

export function deleteDroneMedia(db: Db, id: string): void {
  const removed = db.delete(droneMedia).where(eq(droneMedia.id, id)).returning({ id: droneMedia.id }).all();
  if (removed.length === 0)
    throw new HttpError(404, 'That sample was not found. It may have been deleted already.');
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
