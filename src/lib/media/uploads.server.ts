// Signed uploads end to end: a grant for the owner, then the PUT that streams the file in.
// Images go straight through the one image module (EXIF orientation, metadata stripped,
// derivatives, AVIF queued) and their raw bytes are never served: the original is kept privately.
// A photo original (purpose 'photo': JPEG, PNG or TIFF up to 200 MB) also answers with the title,
// description, location and keywords written into the file, for the owner to check before saving. Videos are kept as objects, after
// ffmpeg removed their metadata and took a poster frame (kept as the object's media); without ffmpeg
// a video is kept as uploaded and has no poster (`media` is null in the answer).
import { rm, stat } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { ACCEPTED_TYPES } from '~/lib/media/accepted-types.server';
import { deleteMedia, isImageRejected, processPhoto } from '~/lib/media/images.server';
import { enqueueAvif } from '~/lib/media/media-jobs.server';
import { mediaColumns, mediaFacts } from '~/lib/media/media-urls';
import { type PhotoDetails, readPhotoDetails } from '~/lib/media/photo-details.server';
import { receiveToTmp } from '~/lib/media/receive.server';
import { createSignedUpload, verifySignedUpload } from '~/lib/media/signed-url.server';
import { processVideo, videoExt } from '~/lib/media/video/process-video.server';
import { stripVideoMetadata } from '~/lib/media/video/video-metadata.server';
import type { Db } from '~/lib/platform/server/db';
import { fileTooLarge, HttpError } from '~/lib/platform/server/http/http';
import { getLog } from '~/lib/platform/server/log';
import { PUBLIC_CACHE, storeFile } from '~/lib/platform/server/storage/object-store';
import { objectKey } from '~/lib/platform/server/storage/storage';
import { UPLOAD_PURPOSE_LIMITS, type UploadPurpose } from '~/lib/site/constants';
import { type UploadedObject, uploadedObjects } from '~db/schema';

/** A signed upload URL for the owner's session `sessionId`: it stops working when that session ends. */
export function createUploadGrant(purpose: UploadPurpose, sessionId: string) {
  const grant = createSignedUpload(purpose, { sessionId });
  return { ...grant, maxBytes: UPLOAD_PURPOSE_LIMITS[purpose] };
}

export function objectUrl(id: string): string {
  return `/objects/uploads/${id}`;
}

export function toObjectResponse(row: UploadedObject) {
  return {
    id: row.id,
    url: objectUrl(row.id),
    purpose: row.purpose,
    contentType: row.contentType,
    size: row.size,
    media: mediaFacts(row),
  };
}

export async function receiveSignedUpload(
  db: Db,
  token: string,
  request: Request,
): Promise<ReturnType<typeof toObjectResponse> & { details?: PhotoDetails }> {
  const grant = verifySignedUpload(db, token);
  const maxBytes = UPLOAD_PURPOSE_LIMITS[grant.purpose];
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw fileTooLarge(maxBytes);

  // Claim the object id first: a second PUT to the same URL finds the row and is refused.
  const claimed = db
    .insert(uploadedObjects)
    .values({ id: grant.objectId, purpose: grant.purpose })
    .onConflictDoNothing()
    .run();
  if (claimed.changes === 0) throw new HttpError(403, 'This upload link was already used.');

  const accept = ACCEPTED_TYPES[grant.purpose];
  const isImage = accept.kind === 'image';
  let tmp: string | null = null;
  let poster: string | null = null;
  let details: PhotoDetails | undefined;
  try {
    const received = await receiveToTmp(request.body, { maxBytes, accept });
    tmp = received.file;
    if (isImage) {
      // Read before the file becomes the original (it is moved, not copied).
      if (grant.purpose === 'photo') details = await readPhotoDetails(received.file);
      const media = await processPhoto(received.file, { avif: 'defer', takeFile: true });
      enqueueAvif(db, media.mediaId);
      db.update(uploadedObjects)
        .set({
          status: 'ready',
          contentType: 'image/jpeg',
          size: received.bytes,
          ...mediaColumns(media),
        })
        .where(eq(uploadedObjects.id, grant.objectId))
        .run();
    } else {
      const video = await processVideo(received.file, videoExt(received.type.ext));
      poster = video.poster?.mediaId ?? null;
      if (video.problems.length > 0) {
        getLog().warn(`Video upload ${grant.objectId}: ${video.problems.join('; ')}`);
      }
      // Without ffmpeg, MP4 and MOV still lose their location and other metadata boxes in place.
      if (!video.remuxed && received.type.ext !== 'avi') await stripVideoMetadata(received.file);
      const { size } = await stat(received.file);
      // The video is public (served at /objects/uploads/{id}) and never changes under its key.
      await storeFile(objectKey(grant.objectId), received.file, {
        contentType: received.type.mime,
        cacheControl: PUBLIC_CACHE,
      });
      tmp = null;
      if (video.poster) enqueueAvif(db, video.poster.mediaId);
      db.update(uploadedObjects)
        .set({
          status: 'ready',
          contentType: received.type.mime,
          size,
          ...(video.poster ? mediaColumns(video.poster) : {}),
        })
        .where(eq(uploadedObjects.id, grant.objectId))
        .run();
    }
  } catch (err) {
    // A failed upload releases its claim, so the same link can be tried again with a good file.
    db.delete(uploadedObjects).where(eq(uploadedObjects.id, grant.objectId)).run();
    if (poster) await deleteMedia(poster);
    if (isImageRejected(err)) throw new HttpError(err.status, err.message);
    throw err;
  } finally {
    if (tmp) await rm(tmp, { force: true });
  }
  const row = db.select().from(uploadedObjects).where(eq(uploadedObjects.id, grant.objectId)).get();
  if (!row) throw new HttpError(500, 'The upload could not be saved.');
  return details ? { ...toObjectResponse(row), details } : toObjectResponse(row);
}

export function getReadyObject(db: Pick<Db, 'select'>, id: string): UploadedObject | undefined {
  return db.select().from(uploadedObjects).where(eq(uploadedObjects.id, id)).get() ?? undefined;
}

/**
 * Whether an upload is an image, served by its derivatives. A video has a media id too when a
 * poster frame was taken from it: that media is the poster's, not the video's.
 */
export function isImageObject<T extends Pick<UploadedObject, 'mediaId' | 'width' | 'contentType'>>(
  row: T,
): row is T & { mediaId: string; width: number } {
  return Boolean(row.mediaId && row.width) && !row.contentType?.startsWith('video/');
}
