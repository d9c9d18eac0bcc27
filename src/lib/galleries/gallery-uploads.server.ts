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
import { MemoryLocker, Server, type Upload } from '@tus/server';
import { getConfig } from '~/lib/platform/server/config';
import type { Db } from '~/lib/platform/server/db';
import { resumableStore } from '~/lib/platform/server/resumable-uploads';
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
    onResponseError: (_req, err) => {
      const status = 'status_code' in err ? err.status_code : 500;
      if (status === 413)
        return refusal(
          413,
          `The file is larger than the ${Math.round(maxBytes / 1024 ** 3)} GB limit for a gallery file.`,
        );
      return undefined;
    },
  });
}

/** Answers one tus request to a gallery's uploads; 404 when there is no such gallery. */
export async function handleGalleryUpload(db: Db, galleryId: string, request: Request): Promise<Response> {
  findGallery(db, galleryId);
  return tusServer(db, galleryId).handleWeb(request);
}
