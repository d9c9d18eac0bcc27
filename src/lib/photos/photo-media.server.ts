// Where a photo's image comes from when the owner adds or edits one: a file in the multipart
// form (field `image`), or the URL of an image already sent through a signed upload. Both end
// in the same processing (images.ts): derivatives now, AVIF in the background queue.

import { isImageRejected, processPhoto } from '~/lib/media/images.server';
import { enqueueAvif } from '~/lib/media/media-jobs.server';
import { mediaFacts, mediaUrl, type PhotoMedia, widthsFor } from '~/lib/media/media-urls';
import { objectIdFromUrl } from '~/lib/media/signed-url.server';
import { getReadyObject, isImageObject } from '~/lib/media/uploads.server';
import type { Db } from '~/lib/platform/server/db';
import { fileTooLarge, HttpError } from '~/lib/platform/server/http/http';
import { UPLOAD_LIMITS } from '~/lib/site/constants';

export interface PhotoMediaFields {
  mediaId: string;
  width: number;
  height: number;
  dominantColor: string | null;
  placeholder: string | null;
  imageUrl: string;
}

/** The largest JPEG up to 1920 px: what a plain <img src> or a share preview should use. */
export function displayUrl(mediaId: string, width: number): string {
  const w =
    widthsFor(width)
      .filter((x) => x <= 1920)
      .at(-1) ?? width;
  return mediaUrl(mediaId, w, 'jpg');
}

export async function mediaFromFile(db: Db, file: File): Promise<PhotoMediaFields> {
  if (file.size > UPLOAD_LIMITS.image) throw fileTooLarge(UPLOAD_LIMITS.image);
  try {
    const out = await processPhoto(Buffer.from(await file.arrayBuffer()), { avif: 'defer' });
    enqueueAvif(db, out.mediaId);
    return { ...out, imageUrl: displayUrl(out.mediaId, out.width) };
  } catch (err) {
    if (isImageRejected(err)) throw new HttpError(err.status, err.message);
    throw err;
  }
}

/** An image sent earlier through a signed upload URL, by that URL or its /objects/uploads/{id}. */
export function mediaFromUploadUrl(db: Db, url: string): PhotoMediaFields | null {
  const id = objectIdFromUrl(url);
  if (!id) return null;
  const row = getReadyObject(db, id);
  if (!row) throw new HttpError(400, 'That upload was not found. Please upload the image again.');
  // A video keeps its poster frame's media too: it is still not an image.
  if (!isImageObject(row) || !row.height) {
    throw new HttpError(400, 'That upload is not an image. Please choose a JPG, PNG, GIF or WebP image.');
  }
  const media = mediaFacts(row);
  if (!media) throw new HttpError(400, 'That upload is not processed yet. Please upload the image again.');
  return withDisplayUrl(media);
}

/** A photo's media with the address a plain <img> or a share preview uses. */
export function withDisplayUrl(media: PhotoMedia): PhotoMediaFields {
  return { ...media, imageUrl: displayUrl(media.mediaId, media.width) };
}

export async function resolvePhotoMedia(
  db: Db,
  file: File | null,
  imageUrl: string | undefined,
): Promise<PhotoMediaFields | null> {
  if (file && file.size > 0) return mediaFromFile(db, file);
  if (imageUrl) return mediaFromUploadUrl(db, imageUrl);
  return null;
}
