// The one store of this process's media, as STORAGE says: the folder UPLOADS_DIR on this machine
// (storage-local.ts) or an S3-compatible bucket (storage-s3.ts). Every module that reads or writes
// a stored file goes through it, by key:
//   originals/{mediaId}.{ext}          private: print-resolution originals
//   media/{mediaId}/{width}.{format}   public: derivatives, cached for a year (they never change)
//   objects/{id}                       public: uploaded videos and their posters' sources
//   galleries/{name}.{ext}             private: client galleries' originals and streamable copies
//   galleries/media/{mediaId}/…        private: client galleries' derivatives
//   tus/{id}                           private, S3 only: gallery uploads still arriving (resumable-uploads.ts)
//   lab/print-files/{order}/{line}-…   private: files made for a print lab, fetched by it at a signed address
// sharp and ffmpeg work on files: on the local driver they read the stored file itself, on S3 a
// copy made in tmp/ for the moment (withLocalCopy); what they make is moved into the store
// (storeFile). Nothing private is ever given a public address: on S3 a private object is reached
// only through a presigned URL, made after the caller checked who may have it.

import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { getConfig } from '../config';
import { registerInstance } from '../instances';
import { tmpPath } from './storage';
import type { PutOptions, StorageDriver } from './storage-driver';
import { localDriver } from './storage-local';
import { s3Driver } from './storage-s3';

registerInstance('object store', import.meta.url);

/** Public objects never change under their key: a year, immutable. */
export const PUBLIC_CACHE = 'public, max-age=31536000, immutable';

/**
 * How long a browser keeps the site's redirect from a public object's address to MEDIA_PUBLIC_URL:
 * a day, not a year. The object never changes, but where it lives can: after a move back to the
 * local store (storage:move --to local) or to another CDN address, a browser that kept the redirect
 * would go on asking the old address, and a removed bucket would mean broken images, for as long
 * as it keeps it. A day bounds that, at the cost of one small request per image per day.
 */
export const REDIRECT_CACHE = 'public, max-age=86400';

let current: { id: string; driver: StorageDriver } | undefined;

/** The store the config names (made once, and again only when a test changes the config). */
export function getStorage(): StorageDriver {
  const config = getConfig();
  const { storage } = config;
  const id =
    storage.driver === 's3'
      ? `s3 ${storage.s3.endpoint ?? 'aws'} ${storage.s3.bucket}`
      : `local ${config.uploadsDir}`;
  if (current?.id !== id) {
    current = { id, driver: storage.driver === 's3' ? s3Driver(storage.s3) : localDriver(config.uploadsDir) };
  }
  return current.driver;
}

/**
 * Moves a finished file (made in tmp/) into the store under `key`: renamed into place on the local
 * driver (no copy, even for a 20 GB video), uploaded then removed on S3.
 */
export async function storeFile(key: string, file: string, options?: PutOptions): Promise<void> {
  const store = getStorage();
  const path = store.localPath(key);
  if (path) {
    await mkdir(dirname(path), { recursive: true });
    await rename(file, path);
    return;
  }
  try {
    await store.put(key, { file }, options);
  } finally {
    await rm(file, { force: true });
  }
}

/**
 * Runs `use` with the object as a file on this machine: the stored file itself on the local driver
 * (which `use` must not change), a copy in tmp/ on S3, removed when `use` settles.
 */
export async function withLocalCopy<T>(key: string, use: (path: string) => Promise<T>): Promise<T> {
  const store = getStorage();
  const path = store.localPath(key);
  if (path) return use(path);
  const copy = tmpPath(key.split('/').pop());
  try {
    await pipeline(await store.get(key), createWriteStream(copy, { mode: 0o600 }));
    return await use(copy);
  } finally {
    await rm(copy, { force: true });
  }
}

/** Where a browser fetches a public object from on S3 (MEDIA_PUBLIC_URL/key); null on the local driver. */
export function publicUrlOf(key: string): string | null {
  const { storage } = getConfig();
  return storage.driver === 's3' ? `${storage.mediaPublicUrl}/${key}` : null;
}
