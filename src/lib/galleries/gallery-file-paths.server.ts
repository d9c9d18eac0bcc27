// Where a gallery file's bytes are, from its row alone (ids validated by storage.ts, never from a
// request). A photo's original is kept by processPhoto under originals/ with its media id as the
// key; a video's original, and its streamable copy, are uploaded objects named by their keys. All
// of them are private: only the endpoints below /g/{token} read them, after checking the link.
import { existsSync } from 'node:fs';
import { findOriginal, isValidMediaId, objectPath } from '~/lib/platform/server/storage';
import type { galleryFiles } from '~db/schema';

export type GalleryFile = typeof galleryFiles.$inferSelect;

/** The original's path on disk, or null when it is missing. */
export function originalFilePath(file: GalleryFile): string | null {
  if (!isValidMediaId(file.originalKey)) return null;
  if (file.kind === 'photo') {
    const original = findOriginal(file.originalKey);
    if (original) return original;
  }
  const object = objectPath(file.originalKey);
  return existsSync(object) ? object : null;
}

/** What a video plays: its streamable copy when one was made, else the original. */
export function playableFilePath(file: GalleryFile): string | null {
  if (file.kind !== 'video') return null;
  if (file.streamKey && isValidMediaId(file.streamKey)) {
    const stream = objectPath(file.streamKey);
    if (existsSync(stream)) return stream;
  }
  return originalFilePath(file);
}
