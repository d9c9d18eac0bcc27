// What a test's site keeps in its object store, on either driver (TEST_STORAGE, test-storage.ts):
// the store of this process (a unit test's tempDataDir), or a running site's, reached by its data
// directory (inSiteStore). On S3 a stored object must be in the bucket and not under UPLOADS_DIR:
// expectStored checks both, so a test cannot pass because everything quietly stayed on disk.
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect } from 'vitest';
import { getConfig, resetConfigForTests } from '~/lib/platform/server/config';
import { getStorage } from '~/lib/platform/server/object-store';
import { derivativeKey, type OriginalExt, objectKey, originalKey } from '~/lib/platform/server/storage';
import { useSiteStorage as pointAtSite, testStorage } from './test-storage';

/** The whole bytes stored under a key (rejects with StorageNotFound when absent). */
export async function storedBytes(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await getStorage().get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function isStored(key: string): Promise<boolean> {
  return (await getStorage().head(key)) !== null;
}

/** Every key under a prefix ('' for all), in order. */
export async function storedKeys(prefix = ''): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of getStorage().list(prefix)) keys.push(object.key);
  return keys;
}

/** Every file under the site's UPLOADS_DIR, relative, tmp/ included. */
export function filesOnDisk(uploadsDir = getConfig().uploadsDir): string[] {
  if (!existsSync(uploadsDir)) return [];
  return (readdirSync(uploadsDir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((d) => d.isFile())
    .map((d) => relative(uploadsDir, join(d.parentPath, d.name)))
    .sort();
}

/**
 * Files under UPLOADS_DIR that should not be there once work is done: anything in tmp/, and on S3
 * anything at all (stored objects belong in the bucket).
 */
export function strayFiles(uploadsDir = getConfig().uploadsDir): string[] {
  return filesOnDisk(uploadsDir).filter((f) => testStorage() === 's3' || f.startsWith('tmp/'));
}

/**
 * The key is stored in the store the test run asked for; on S3 that is the bucket, and the object
 * is not a file under UPLOADS_DIR.
 */
export async function expectStored(key: string, uploadsDir = getConfig().uploadsDir): Promise<void> {
  expect(getStorage().kind).toBe(testStorage());
  expect(await isStored(key), `${key} is stored`).toBe(true);
  if (testStorage() === 's3') expect(existsSync(join(uploadsDir, key)), `${key} is not on disk`).toBe(false);
}

/** The key is in neither the store nor UPLOADS_DIR. */
export async function expectNotStored(key: string, uploadsDir = getConfig().uploadsDir): Promise<void> {
  expect(await isStored(key), `${key} is gone`).toBe(false);
  expect(existsSync(join(uploadsDir, key)), `${key} is not on disk`).toBe(false);
}

/** Stand-ins for a processed image's files, in the store: an original and two JPEG derivatives. */
export async function storeMediaFiles(mediaId: string, original: OriginalExt = 'jpg'): Promise<void> {
  const store = getStorage();
  await store.put(originalKey(mediaId, original), Buffer.from('original'));
  for (const width of [320, 640]) {
    await store.put(derivativeKey(mediaId, width, 'jpg'), Buffer.from('derivative'));
  }
}

/** A stand-in for an uploaded object's file (a video), in the store. */
export async function storeObjectFile(objectId: string): Promise<void> {
  await getStorage().put(objectKey(objectId), Buffer.from('video'));
}

/** Runs `use` with this process's store pointed at a running site's (by its data directory). */
export async function inSiteStore<T>(dataDir: string, use: () => Promise<T>): Promise<T> {
  const restore = await pointAtSite(dataDir);
  resetConfigForTests();
  try {
    return await use();
  } finally {
    restore();
    resetConfigForTests();
  }
}
