// Resumable uploads to a gallery over tus (https://tus.io): the owner's uploader sends each file in
// PATCHes and, after a dropped connection, a closed laptop or a server restart, asks (HEAD) how much
// arrived and sends the rest. Partial files and their progress are kept under uploads/tus/ by
// @tus/file-store, so they outlive the process. A finished upload becomes a gallery file and is
// processed in the background.
//
// Only the owner reaches these requests (the route table guards /api/admin, every method included).
// An upload's id starts with its gallery's id, and a request is refused unless the id names the
// gallery of its address, so an upload can never be continued into, or finished in, another gallery.
import { randomBytes } from 'node:crypto';
import { FileStore } from '@tus/file-store';
import { MemoryLocker, Server, type Upload } from '@tus/server';
import { getConfig } from '~/lib/platform/server/config';
import type { Db } from '~/lib/platform/server/db';
import { galleryUploadsDir } from '~/lib/platform/server/storage';
import { findGallery } from './galleries.server';
import { acceptGalleryUpload } from './gallery-processing.server';

const UPLOAD_ID = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})_[0-9a-f]{32}$/;

/** The address of a gallery's uploads (the tus endpoint). */
export const uploadsPath = (galleryId: string) => `/api/admin/galleries/${galleryId}/uploads`;

/** The upload ids of this gallery: its id, an underscore, 128 random bits. */
export function uploadIdBelongs(uploadId: string, galleryId: string): boolean {
  return UPLOAD_ID.exec(uploadId)?.[1] === galleryId;
}

// One store and one locker for every gallery: two requests for the same upload (a resumed PATCH
// while the dropped one is still being cleaned up) must take turns on its file.
let shared: { dir: string; store: FileStore; locker: MemoryLocker } | undefined;
function store() {
  const dir = galleryUploadsDir();
  if (shared?.dir !== dir)
    shared = { dir, store: new FileStore({ directory: dir }), locker: new MemoryLocker() };
  return shared;
}

const refusal = (status_code: number, message: string) => ({
  status_code,
  body: JSON.stringify({ message }),
});

function tusServer(db: Db, galleryId: string): Server {
  const { store: datastore, locker } = store();
  const maxBytes = getConfig().galleryMaxFileBytes;
  return new Server({
    path: uploadsPath(galleryId),
    datastore,
    locker,
    maxSize: maxBytes,
    relativeLocation: true,
    namingFunction: () => `${galleryId}_${randomBytes(16).toString('hex')}`,
    // Anything but one of this gallery's upload ids is no upload at all (404), whatever the path holds.
    getFileIdFromRequest: (_req, id) => (id && uploadIdBelongs(id, galleryId) ? id : undefined),
    onUploadCreate: async (_req, upload: Upload) => {
      if (upload.size === undefined) throw refusal(400, 'Send the file’s size when the upload starts.');
      return {};
    },
    onUploadFinish: async (_req, upload: Upload) => {
      const file = await acceptGalleryUpload(db, galleryId, {
        path: upload.storage?.path ?? '',
        uploadId: upload.id,
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
