// Where a gallery file's bytes are, from its row alone: its keys name files in the private
// uploads/galleries/ folder (storage.ts refuses a key of any other form), never a request's text.
// Only the endpoints below /g/{token} read them, after checking the link.
import { existsSync } from 'node:fs';
import { galleryOriginalPath } from '~/lib/platform/server/storage';
import type { galleryFiles } from '~db/schema';

export type GalleryFile = typeof galleryFiles.$inferSelect;

/** The file a gallery key names, or null when the key is malformed or the file is missing. */
function existing(key: string | null): string | null {
  if (!key) return null;
  try {
    const path = galleryOriginalPath(key);
    return existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

/** The original's path on disk, or null when it is missing. */
export function originalFilePath(file: GalleryFile): string | null {
  return existing(file.originalKey);
}

/** What a video plays: its streamable copy when one was made, else the original. */
export function playableFilePath(file: GalleryFile): string | null {
  if (file.kind !== 'video') return null;
  return existing(file.streamKey) ?? originalFilePath(file);
}
