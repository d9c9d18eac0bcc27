// Serves uploaded objects at /objects/uploads/{id} for the node:http front.
// Videos are sent as stored, with HTTP Range. An uploaded image is never sent as uploaded (its
// EXIF and GPS would leak, and it may be a print-resolution original): the largest JPEG
// derivative up to 1920 px stands in for it. (A video has media facts too, those of its poster
// frame, which has its own address under /media/: a video's own address always answers the video.)
// On S3 both are a redirect to the object's public address, kept by browsers for a day (see sendStored).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isValidMediaId, widthsFor } from '~/lib/media/media-urls';
import type { Db } from '~/lib/platform/server/db';
import { PUBLIC_CACHE } from '~/lib/platform/server/storage/object-store';
import { plainError } from '~/lib/platform/server/storage/send-file';
import { derivativeKey, objectKey } from '~/lib/platform/server/storage/storage';
import { sendStored } from './media-serve.server';
import { getReadyObject, isImageObject } from './uploads.server';

const ROUTE = /^\/objects\/uploads\/([A-Za-z0-9_-]{8,64})$/;
// Objects are sandboxed: even a file that a browser might sniff as HTML cannot run script.
const HEADERS = {
  'Cache-Control': PUBLIC_CACHE,
  'Content-Security-Policy': "default-src 'none'; media-src 'self'; img-src 'self'; sandbox",
  'Content-Disposition': 'inline',
};

export async function serveObject(
  db: Db,
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
): Promise<boolean> {
  if (!pathname.startsWith('/objects/')) return false;
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return plainError(res, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
  }
  const id = ROUTE.exec(pathname)?.[1];
  if (!id || !isValidMediaId(id)) return plainError(res, 404, 'Not found');
  const row = getReadyObject(db, id);
  if (row?.status !== 'ready') return plainError(res, 404, 'Not found');
  if (isImageObject(row)) {
    const width =
      widthsFor(row.width)
        .filter((w) => w <= 1920)
        .at(-1) ?? row.width;
    return sendStored(req, res, derivativeKey(row.mediaId, width, 'jpg'), 'image/jpeg', HEADERS);
  }
  return sendStored(req, res, objectKey(row.id), row.contentType ?? 'application/octet-stream', HEADERS);
}
