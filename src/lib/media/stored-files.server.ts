// Which stored files a record still uses, and removing the ones none does.
//
// A photo's files are its media id's original and derivatives (originals/, media/ in the store, or
// galleries/media/ for a client gallery's private ones);
// a video is an uploaded object (objects/{id}). Records name them by media id columns or by
// the URL they are served from. A file is removed only when no photo, drone sample, background or
// bio picture names it any more; the upload record that brought it in goes with it.
import { eq, sql } from 'drizzle-orm';
import { deleteMedia } from '~/lib/media/images.server';
import { settleMediaJob } from '~/lib/media/media-jobs.server';
import { isValidMediaId } from '~/lib/media/media-urls';
import type { Db } from '~/lib/platform/server/db';
import { getLog } from '~/lib/platform/server/log';
import { getStorage } from '~/lib/platform/server/storage/object-store';
import { objectKey } from '~/lib/platform/server/storage/storage';
import { mediaJobs, uploadedObjects } from '~db/schema';

export interface FileRefs {
  mediaIds?: readonly (string | null | undefined)[];
  objectIds?: readonly (string | null | undefined)[];
}

const OBJECT_URL = /^\/objects\/uploads\/([A-Za-z0-9_-]{8,64})$/;
const MEDIA_URL = /^\/media\/([A-Za-z0-9_-]{8,64})\//;

/** The files a served URL points at: `/media/{id}/…` or `/objects/uploads/{id}`. */
export function filesOfUrl(url: string | null | undefined): FileRefs {
  if (!url) return {};
  const object = OBJECT_URL.exec(url);
  if (object) return { objectIds: [object[1]] };
  const media = MEDIA_URL.exec(url);
  if (media) return { mediaIds: [media[1]] };
  return {};
}

/** A LIKE pattern for addresses under /media/{id}/ (ids may hold `_`, a LIKE wildcard). */
const mediaPrefix = (mediaId: string) => `/media/${mediaId.replace(/[!%_]/g, '!$&')}/%`;

/**
 * True when a photo, drone sample, background, bio picture or gallery file uses this media id, or it is the
 * poster frame of an uploaded object (a video) that a record uses.
 */
export function isMediaInUse(db: Db, mediaId: string): boolean {
  const prefix = mediaPrefix(mediaId);
  const row = db.get<{ used: number }>(sql`select exists(
      select 1 from photos where media_id = ${mediaId} or image_url like ${prefix} escape '!'
      union all select 1 from drone_media where media_id = ${mediaId} or url like ${prefix} escape '!'
      union all select 1 from background_images
        where media_id = ${mediaId} or image_url like ${prefix} escape '!'
      union all select 1 from users where bio_picture_url like ${prefix} escape '!'
      union all select 1 from gallery_files where media_id = ${mediaId}
      union all select 1 from uploaded_objects o
        where o.media_id = ${mediaId} and exists(
          select 1 from photos where image_url = '/objects/uploads/' || o.id
          union all select 1 from drone_media where url = '/objects/uploads/' || o.id
          union all select 1 from background_images where image_url = '/objects/uploads/' || o.id
          union all select 1 from users where bio_picture_url = '/objects/uploads/' || o.id)
    ) as used`);
  return row?.used === 1;
}

/** True when a record is served from this uploaded object's URL. */
export function isObjectInUse(db: Db, objectId: string): boolean {
  const url = `/objects/uploads/${objectId}`;
  const row = db.get<{ used: number }>(sql`select exists(
      select 1 from photos where image_url = ${url}
      union all select 1 from drone_media where url = ${url}
      union all select 1 from background_images where image_url = ${url}
      union all select 1 from users where bio_picture_url = ${url}
    ) as used`);
  return row?.used === 1;
}

const valid = (ids: FileRefs['mediaIds']) => [...new Set((ids ?? []).filter(isValidMediaId))];

/**
 * Removes the files of these media ids and objects that no record uses any more, with the upload
 * records and queued work that point at them. Call it after the record that used them is gone
 * (after its transaction commits), so a failure here can only leave a file behind, never lose one.
 */
export async function releaseFiles(db: Db, refs: FileRefs): Promise<{ removed: number }> {
  let removed = 0;
  for (const mediaId of valid(refs.mediaIds)) {
    if (isMediaInUse(db, mediaId)) continue;
    db.delete(mediaJobs).where(eq(mediaJobs.mediaId, mediaId)).run();
    await settleMediaJob(mediaId);
    db.delete(uploadedObjects).where(eq(uploadedObjects.mediaId, mediaId)).run();
    // The record is already gone: a file that cannot be removed now is left for `storage:check --fix`,
    // never turned into a failed request.
    await deleteMedia(mediaId).catch((err) =>
      getLog().error({ err, mediaId }, 'Could not remove a photo’s files.'),
    );
    removed++;
  }
  const objectIds = valid(refs.objectIds);
  for (const objectId of objectIds) {
    if (isObjectInUse(db, objectId)) continue;
    const row = db.select().from(uploadedObjects).where(eq(uploadedObjects.id, objectId)).get();
    // A video's poster frame is kept as derivatives under the object's media id.
    const poster = row?.mediaId;
    db.delete(uploadedObjects).where(eq(uploadedObjects.id, objectId)).run();
    await getStorage()
      .delete(objectKey(objectId))
      .catch((err) => getLog().error({ err, objectId }, 'Could not remove an uploaded file.'));
    if (poster) await releaseFiles(db, { mediaIds: [poster] });
    removed++;
  }
  return { removed };
}

/** Merges the file references of several records. */
export function mergeRefs(...all: FileRefs[]): FileRefs {
  return {
    mediaIds: all.flatMap((r) => r.mediaIds ?? []),
    objectIds: all.flatMap((r) => r.objectIds ?? []),
  };
}
