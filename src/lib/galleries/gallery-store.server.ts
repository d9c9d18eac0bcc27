// Where a gallery file's bytes are, from its row alone: its keys name private objects
// galleries/{name}.{ext} in the store (a key of any other form is refused), never a request's text.
// Only the endpoints below /g/{token} and the owner's own routes read them, after their checks.
// On the local driver a stored object is a file in UPLOADS_DIR, read in place; on S3 it is in the
// bucket, and a private one is reached only through the site or a presigned URL made after the checks.
import { mkdirSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Readable } from 'node:stream';
import { getStorage, storeFile } from '~/lib/platform/server/storage/object-store';
import { galleryFileKey } from '~/lib/platform/server/storage/storage';
import type { galleryFiles } from '~db/schema';

export type GalleryFile = typeof galleryFiles.$inferSelect;

/** A stored object: on this machine (path) or in the bucket (path null), with its size. */
export interface StoredFile {
  key: string;
  path: string | null;
  size: number;
}

/** The key as a gallery file key, or null when it is not one. */
function galleryKey(key: string | null): string | null {
  const m = key ? /^galleries\/(.+)\.([^./]+)$/.exec(key) : null;
  if (!m?.[1] || !m[2]) return null;
  try {
    return galleryFileKey(m[1], m[2]);
  } catch {
    return null;
  }
}

/** The object a key names and its size; null when the key is malformed or nothing is stored there. */
export async function storedFile(key: string | null): Promise<StoredFile | null> {
  const valid = galleryKey(key);
  return valid ? storedAt(valid) : null;
}

/**
 * The object stored under a key the site made itself (a kept copy, a preview), its place on this
 * machine when the store is local, and its size; null when nothing (or an empty file) is there.
 */
export async function storedAt(key: string): Promise<StoredFile | null> {
  const store = getStorage();
  const path = store.localPath(key);
  if (path) {
    const info = await stat(path).catch(() => null);
    return info?.isFile() && info.size > 0 ? { key, path, size: info.size } : null;
  }
  const found = await store.head(key);
  return found && found.size > 0 ? { key, path: null, size: found.size } : null;
}

/** The original as stored, or null when it is missing. */
export function storedOriginal(file: GalleryFile): Promise<StoredFile | null> {
  return storedFile(file.originalKey);
}

/** What a video plays: its streamable copy when one was made, else the original. */
export async function storedPlayable(file: GalleryFile): Promise<StoredFile | null> {
  if (file.kind !== 'video') return null;
  return (await storedFile(file.streamKey)) ?? storedOriginal(file);
}

/** A stored object's bytes from start to end (inclusive): the file on this machine, or a ranged GET. */
export function readRange(stored: StoredFile, start: number, end: number): Promise<Readable> {
  return getStorage().get(stored.key, { start, end });
}

/** A small stored object (a derivative) whole, or null when it is absent. */
export async function storedBytes(key: string): Promise<Buffer | null> {
  const store = getStorage();
  const path = store.localPath(key);
  if (path) return readFile(path).catch(() => null);
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of await store.get(key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  } catch {
    return null;
  }
}

/**
 * Moves a finished file (an upload, a streamable copy made in tmp/) to its private gallery key:
 * renamed into the private folder (0700) on this machine, uploaded without a public cache header on S3.
 */
export async function storeGalleryFile(key: string, file: string, contentType: string): Promise<void> {
  const path = getStorage().localPath(key);
  if (path) mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  await storeFile(key, file, { contentType });
}

/** Removes a gallery file's stored objects (absent is fine). */
export async function deleteGalleryKeys(keys: readonly (string | null)[]): Promise<void> {
  const store = getStorage();
  for (const key of new Set(keys)) {
    const valid = galleryKey(key);
    if (valid) await store.delete(valid);
  }
}
