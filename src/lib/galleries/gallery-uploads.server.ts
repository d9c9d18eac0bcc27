// Resumable uploads to a gallery over tus (https://tus.io): the owner's uploader sends each file in
// PATCHes and, after a dropped connection, a closed laptop or a server restart, asks (HEAD) how much
// arrived and sends the rest. Partial files and their progress outlive the process: in UPLOADS_DIR/tus
// on this machine, or in the bucket itself on S3 (see resumable-uploads.ts). A finished upload
// becomes a gallery file and is processed in the background.
//
// Only the owner reaches these requests (the route table guards /api/admin, every method included).
// An upload's id starts with its gallery's id, and a request is refused unless the id names the
// gallery of its address, so an upload can never be continued into, or finished in, another gallery.
import { randomBytes } from 'node:crypto';
import { type DataStore, ERRORS, MemoryLocker, Server, type Upload } from '@tus/server';
import { getConfig } from '~/lib/platform/server/config';
import type { Db } from '~/lib/platform/server/db';
import { resumableStore } from '~/lib/platform/server/storage/resumable-uploads';
import { findGallery } from './galleries.server';
import { acceptGalleryUpload } from './gallery-processing.server';

const UPLOAD_ID = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})_[0-9a-f]{32}$/;

/** The address of a gallery's uploads (the tus endpoint). */
export const uploadsPath = (galleryId: string) => `/api/admin/galleries/${galleryId}/uploads`;

/** The upload ids of this gallery: its id, an underscore, 128 random bits. */
export function uploadIdBelongs(uploadId: string, galleryId: string): boolean {
  return UPLOAD_ID.exec(uploadId)?.[1] === galleryId;
}

// One locker for every gallery: two requests for the same upload (a resumed PATCH while the dropped
// one is still being cleaned up) must take turns on it.
const locker = new MemoryLocker();

const refusal = (status_code: number, message: string) => ({
  status_code,
  body: JSON.stringify({ message }),
});

const sameError = (
  err: { status_code?: number; body?: string },
  known: { status_code: number; body: string },
) => err.status_code === known.status_code && err.body === known.body;

/**
 * @tus/server answers its errors with short English texts of its own ("upload's size exceeded",
 * "Upload-Offset conflict"); these say, in a sentence, what happened to this upload. Its errors are
 * recognised by status and text (ERRORS of @tus/utils), not by identity, so that a second copy of
 * the library could not slip past. The status stays the protocol's (tus 1.0.0): 409 for a part at
 * the wrong offset, 413 for more bytes than the upload declared or a size over the limit.
 */
async function explainTusError(
  req: Request,
  err: Error | { status_code: number; body: string },
  datastore: DataStore,
  idPrefix: string,
  galleryId: string,
  maxBytes: number,
): Promise<{ status_code: number; body: string } | undefined> {
  if (!('status_code' in err)) return undefined;
  const upload = async () => {
    const id = new URL(req.url).pathname.split('/').pop() ?? '';
    if (!uploadIdBelongs(id, galleryId)) return null;
    return datastore.getUpload(`${idPrefix}${id}`).catch(() => null);
  };
  const limit = `${Math.round(maxBytes / 1024 ** 3)} GB`;
  if (sameError(err, ERRORS.ERR_SIZE_EXCEEDED)) {
    const size = (await upload())?.size;
    return size === undefined
      ? refusal(413, `The file is larger than the ${limit} limit for a gallery file.`)
      : refusal(
          413,
          `This upload sent more bytes than the ${bytesInWords(size)} it declared: start it again with the file’s real size.`,
        );
  }
  if (sameError(err, ERRORS.ERR_MAX_SIZE_EXCEEDED))
    return refusal(413, `The file is larger than the ${limit} limit for a gallery file.`);
  if (sameError(err, ERRORS.INVALID_OFFSET)) {
    const held = (await upload())?.offset;
    const given = req.headers.get('upload-offset') ?? '';
    return refusal(
      409,
      held === undefined
        ? 'This part does not start where the upload stopped: ask for the offset (HEAD) and send from there.'
        : `This part starts at byte ${given}, but ${bytesInWords(held)} of this upload have arrived: ask for the offset (HEAD) and send from there.`,
    );
  }
  if (sameError(err, ERRORS.MISSING_OFFSET))
    return refusal(403, 'Send the Upload-Offset header: the byte this part starts at.');
  if (sameError(err, ERRORS.INVALID_CONTENT_TYPE))
    return refusal(403, 'Send each part as Content-Type: application/offset+octet-stream.');
  if (sameError(err, ERRORS.FILE_NOT_FOUND))
    return refusal(
      404,
      'There is no such upload in this gallery (it may have been given up after a week): start the file again.',
    );
  if (sameError(err, ERRORS.INVALID_LENGTH))
    return refusal(400, 'Send the file’s size (Upload-Length) once, when the upload starts.');
  if (sameError(err, ERRORS.ERR_LOCK_TIMEOUT) || sameError(err, ERRORS.ABORTED))
    return refusal(
      err.status_code,
      'Another request was still writing to this upload: ask for the offset (HEAD) and send from there.',
    );
  return undefined;
}

const bytesInWords = (n: number) => `${n.toLocaleString('en-IE')} byte${n === 1 ? '' : 's'}`;

function tusServer(db: Db, galleryId: string): Server {
  const { datastore, idPrefix } = resumableStore();
  const maxBytes = getConfig().galleryMaxFileBytes;
  return new Server({
    path: uploadsPath(galleryId),
    datastore,
    locker,
    maxSize: maxBytes,
    // In the store an upload's id may carry a prefix (tus/ in the bucket); its address never does.
    namingFunction: () => `${idPrefix}${galleryId}_${randomBytes(16).toString('hex')}`,
    generateUrl: (_req, { path, id }) => `${path}/${id.slice(idPrefix.length)}`,
    // Anything but one of this gallery's upload ids is no upload at all (404), whatever the path holds.
    getFileIdFromRequest: (_req, id) =>
      id && uploadIdBelongs(id, galleryId) ? `${idPrefix}${id}` : undefined,
    onUploadCreate: async (_req, upload: Upload) => {
      if (upload.size === undefined) throw refusal(400, 'Send the file’s size when the upload starts.');
      return {};
    },
    onUploadFinish: async (_req, upload: Upload) => {
      const file = await acceptGalleryUpload(db, galleryId, {
        storeId: upload.id,
        path: upload.storage?.type === 's3' ? null : (upload.storage?.path ?? null),
        size: upload.size ?? upload.offset,
        fileName: upload.metadata?.filename ?? upload.metadata?.name ?? null,
      });
      return { headers: { 'Gallery-File-Id': file.id } };
    },
    onResponseError: (req, err) => explainTusError(req, err, datastore, idPrefix, galleryId, maxBytes),
  });
}

/** Answers one tus request to a gallery's uploads; 404 when there is no such gallery. */
export async function handleGalleryUpload(db: Db, galleryId: string, request: Request): Promise<Response> {
  findGallery(db, galleryId);
  const res = await tusServer(db, galleryId).handleWeb(request);
  if (res.status < 400) return res;
  // An error answers JSON { message } like every other endpoint of the site (tus sends plain text).
  const text = await res.text();
  let message = text.trim() || 'The upload was refused.';
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    if (typeof parsed.message === 'string') message = parsed.message;
  } catch {}
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  return new Response(request.method === 'HEAD' ? null : JSON.stringify({ message }), {
    status: res.status,
    headers,
  });
}
