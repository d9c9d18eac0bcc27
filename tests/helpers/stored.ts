// What a test's site keeps in its object store, on either driver (TEST_STORAGE, test-storage.ts):
// the store of this process (a unit test's tempDataDir), or a running site's, reached by its data
// directory (inSiteStore). On S3 a stored object must be in the bucket and not under UPLOADS_DIR:
// expectStored checks both, so a test cannot pass because everything quietly stayed on disk.
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect } from 'vitest';
import { getConfig } from '~/lib/platform/server/config';
import { getStorage, REDIRECT_CACHE } from '~/lib/platform/server/storage/object-store';
import {
  derivativeKey,
  type MediaAccess,
  type OriginalExt,
  objectKey,
  originalKey,
} from '~/lib/platform/server/storage/storage';
import { inSiteStore as inDataDirStore, storageEnvFor, testStorage } from './test-storage';

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
  const s3 = getConfig().storage.driver === 's3';
  return filesOnDisk(uploadsDir).filter((f) => s3 || f.startsWith('tmp/'));
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

/**
 * Stand-ins for a processed image's files, in the store: an original and two JPEG derivatives
 * (private ones, under galleries/media/, for a client gallery's photo).
 */
export async function storeMediaFiles(
  mediaId: string,
  original: OriginalExt = 'jpg',
  access: MediaAccess = 'public',
): Promise<void> {
  const store = getStorage();
  await store.put(originalKey(mediaId, original), Buffer.from('original'));
  for (const width of [320, 640]) {
    await store.put(derivativeKey(mediaId, width, 'jpg', access), Buffer.from('derivative'));
  }
}

/** A stand-in for an uploaded object's file (a video), in the store. */
export async function storeObjectFile(objectId: string): Promise<void> {
  await getStorage().put(objectKey(objectId), Buffer.from('video'));
}

/** A running site: its address and its data directory (its media in uploads/ or its bucket). */
export interface Site {
  url: string;
  dataDir: string;
  /** 's3' for a site started with STORAGE: 's3' whatever TEST_STORAGE says. */
  storage?: 'local' | 's3';
}

/** Runs `use` with this process's config and store pointed at a running site's. */
export function inSiteStore<T>(site: Site, use: () => Promise<T>): Promise<T> {
  return inDataDirStore(site.dataDir, use, site.storage);
}

/**
 * The site serves this public object at `path`: itself on the local driver, and on S3 by a
 * redirect to the object's public address (MEDIA_PUBLIC_URL/key), kept by browsers for a day.
 * Either way the object is in the site's store (on S3: in the bucket, not under UPLOADS_DIR).
 */
export async function expectServedFromStore(site: Site, path: string, key: string): Promise<void> {
  const storage = site.storage ?? testStorage();
  const res = await fetch(`${site.url}${path}`, { redirect: 'manual' });
  await res.arrayBuffer();
  if (storage === 's3') {
    const { MEDIA_PUBLIC_URL } = await storageEnvFor(site.dataDir, 's3');
    expect(res.status, path).toBe(302);
    expect(res.headers.get('location')).toBe(`${MEDIA_PUBLIC_URL}/${key}`);
    expect(res.headers.get('cache-control')).toBe(REDIRECT_CACHE);
  } else {
    expect(res.status, path).toBe(200);
  }
  await inSiteStore(site, async () => {
    expect(getStorage().kind).toBe(storage);
    expect(await isStored(key), `${key} is stored`).toBe(true);
    // tmp/ may hold the AVIF queue's copy of an original at this moment: work, not storage.
    const stored = filesOnDisk().filter((f) => !f.startsWith('tmp/'));
    if (storage === 's3') expect(stored, 'nothing stored under UPLOADS_DIR').toEqual([]);
  });
}
