// A consistent copy of everything the site owns, taken while the site runs (`npm run backup`).
// Copying DATA_DIR with cp while the server writes can catch site.sqlite and its WAL at different
// moments; SQLite's online backup API (better-sqlite3's db.backup) copies one consistent snapshot.
// The database is copied first and the files after: every file the snapshot refers to was written
// before its row (uploads are processed, then recorded), so it is in the copy. Uploads in progress
// (uploads/tmp) are left out. The copy is checked (integrity_check, row counts) before it counts.
// A site whose media are in an S3 bucket (STORAGE=s3) keeps them there: the bucket is not copied,
// but objects.json records every object's key, size and ETag, listed after the database snapshot
// (so every object it refers to was already there), for `npm run restore` to check the bucket by.
import {
  chmodSync,
  cpSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { getConfig } from '../config';
import { getStorage } from '../storage/object-store';
import { TUS_PREFIX } from '../storage/storage';
import type { StorageDriver, StoredObject } from '../storage/storage-driver';

/** What a backup holds besides the database: every folder and file of DATA_DIR but these. */
export const LEFT_OUT: ReadonlySet<string> = new Set([
  'site.sqlite',
  'site.sqlite-wal',
  'site.sqlite-shm',
  'site.lock',
  'tmp',
]);

/** Partial writes in the media folder are not copied. */
export const UPLOADS_LEFT_OUT: ReadonlySet<string> = new Set(['tmp']);

/** What is left out of DATA_DIR: also an uploads/ folder there when the media are kept elsewhere. */
function withUploads(dataDir: string, uploadsDir: string): ReadonlySet<string> {
  return uploadsInside(dataDir, uploadsDir) ? LEFT_OUT : new Set([...LEFT_OUT, 'uploads']);
}

/** The list of a bucket's objects beside the database copy of an S3 site. */
export const OBJECTS_MANIFEST = 'objects.json';

/** Where an S3 site's media were when it was backed up (never a credential). */
export interface BucketRecord {
  driver: 's3';
  endpoint: string | null;
  bucket: string;
  /** How many objects objects.json lists, and their bytes. */
  objects: number;
  bytes: number;
}

export interface BackupReport {
  target: string;
  tables: Record<string, number>;
  files: number;
  bytes: number;
  ms: number;
  /** For a site on S3: the bucket whose objects objects.json lists (they are not copied). */
  store?: BucketRecord;
}

/** The store of an S3 site, with what backup.json says of it. */
export interface BucketOfSite {
  driver: StorageDriver;
  endpoint: string | null;
  bucket: string;
}

/** The bucket this process's config names (STORAGE=s3), or undefined on the local driver. */
export function siteBucket(): BucketOfSite | undefined {
  const { storage } = getConfig();
  if (storage.driver !== 's3') return undefined;
  return { driver: getStorage(), endpoint: storage.s3.endpoint ?? null, bucket: storage.s3.bucket };
}

/**
 * Lists every stored object of the bucket into objects.json; answers how many and their bytes.
 * Gallery uploads still arriving (tus/) are not stored objects yet: the sweep may rightly remove
 * them before a restore, so a restore never asks for them.
 */
async function recordObjects(store: BucketOfSite, target: string): Promise<BucketRecord> {
  const objects: StoredObject[] = [];
  let bytes = 0;
  for await (const object of store.driver.list('')) {
    if (object.key.startsWith(TUS_PREFIX)) continue;
    objects.push({ key: object.key, size: object.size, etag: object.etag });
    bytes += object.size;
  }
  writeFileSync(join(target, OBJECTS_MANIFEST), `${JSON.stringify(objects)}\n`, { mode: 0o600 });
  return { driver: 's3', endpoint: store.endpoint, bucket: store.bucket, objects: objects.length, bytes };
}

const COUNTED = [
  'photos',
  'product_variants',
  'orders',
  'order_items',
  'contact_inquiries',
  'drone_media',
  'galleries',
  'gallery_files',
  'gallery_links',
];

export function countRows(db: Database.Database): Record<string, number> {
  const out: Record<string, number> = {};
  for (const table of COUNTED) {
    out[table] = (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  }
  return out;
}

/** What `fn` gives from a file, or undefined when that file is no longer there (ENOENT). */
function ifThere<T>(fn: () => T): { value: T } | undefined {
  try {
    return { value: fn() };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/**
 * Copies a folder's files and folders (modes and times kept) but those left out. Files that are one
 * file under two names (hard links: a gallery photo's original is also the image module's) are
 * copied once and linked again, so the copy takes the same room as the source.
 */
export function copyFiles(
  from: string,
  to: string,
  leftOut: ReadonlySet<string> = LEFT_OUT,
  linked: Map<string, string> = new Map(),
): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const entry of ifThere(() => readdirSync(from, { withFileTypes: true }))?.value ?? []) {
    if (leftOut.has(entry.name)) continue;
    const src = join(from, entry.name);
    const dest = join(to, entry.name);
    if (entry.isDirectory()) {
      const mode = ifThere(() => statSync(src).mode)?.value;
      if (mode === undefined) continue;
      mkdirSync(dest, { recursive: true, mode: mode & 0o777 });
      const inner = copyFiles(src, dest, leftOut, linked);
      files += inner.files;
      bytes += inner.bytes;
    } else if (entry.isFile()) {
      // The site runs on while it is copied: a file can go between the listing and its copy (a
      // mail's `.part` renamed into place, an upload's work file removed). It was not a finished
      // file; it is left out, not an error.
      const info = ifThere(() => statSync(src))?.value;
      if (!info) continue;
      const inode = `${info.dev}:${info.ino}`;
      const first = info.nlink > 1 ? linked.get(inode) : undefined;
      if (first) {
        linkSync(first, dest);
        files++;
        continue;
      }
      if (!ifThere(() => cpSync(src, dest, { preserveTimestamps: true }))) continue;
      chmodSync(dest, info.mode & 0o777);
      if (info.nlink > 1) linked.set(inode, dest);
      files++;
      bytes += info.size;
    }
  }
  return { files, bytes };
}

/** The media folder is DATA_DIR/uploads itself (an earlier layout, and the tests'). */
export const uploadsInside = (dataDir: string, uploadsDir: string) =>
  resolve(uploadsDir) === resolve(dataDir, 'uploads');

/**
 * Copies DATA_DIR and the media folder (UPLOADS_DIR, wherever it is) into `target` (which must not
 * exist yet), the media as `target/uploads`, and checks the copy. With `bucket` (a site on S3), the
 * media folder holds no stored object: only gallery uploads in progress left there by the local
 * store (tus/) are copied, and the bucket's objects are listed in objects.json instead.
 */
export async function backupDataDir(
  dataDir: string,
  target: string,
  uploadsDir: string = join(dataDir, 'uploads'),
  bucket?: BucketOfSite,
): Promise<BackupReport> {
  const started = performance.now();
  const source = join(dataDir, 'site.sqlite');
  if (!existsSync(source)) throw new Error(`There is no database at ${source}: is DATA_DIR right?`);
  if (existsSync(target)) throw new Error(`${target} already exists: a backup never overwrites anything.`);
  mkdirSync(target, { recursive: true, mode: 0o700 });

  const live = new Database(source, { readonly: true, fileMustExist: true });
  live.pragma('busy_timeout = 5000');
  const copy = join(target, 'site.sqlite');
  try {
    await live.backup(copy);
  } finally {
    live.close();
  }

  // The copy is one self-contained file (no -wal/-shm beside it); the server turns WAL on again
  // when it opens a restored copy.
  const check = new Database(copy);
  let tables: Record<string, number>;
  try {
    check.pragma('journal_mode = DELETE');
    const integrity = check.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new Error(`The copied database failed its integrity check: ${integrity}`);
    tables = countRows(check);
  } finally {
    check.close();
  }

  const linked = new Map<string, string>();
  const leftOut = bucket ? new Set([...LEFT_OUT, 'uploads']) : withUploads(dataDir, uploadsDir);
  let { files, bytes } = copyFiles(dataDir, target, leftOut, linked);
  if (bucket) {
    if (existsSync(join(uploadsDir, 'tus'))) {
      mkdirSync(join(target, 'uploads', 'tus'), { recursive: true, mode: 0o700 });
      const tus = copyFiles(join(uploadsDir, 'tus'), join(target, 'uploads', 'tus'), new Set(), linked);
      files += tus.files;
      bytes += tus.bytes;
    }
  } else if (!uploadsInside(dataDir, uploadsDir) && existsSync(uploadsDir)) {
    mkdirSync(join(target, 'uploads'), { mode: 0o700 });
    const media = copyFiles(uploadsDir, join(target, 'uploads'), UPLOADS_LEFT_OUT, linked);
    files += media.files;
    bytes += media.bytes;
  }
  const store = bucket ? await recordObjects(bucket, target) : undefined;
  const report: BackupReport = {
    target,
    tables,
    files,
    bytes,
    ms: Math.round(performance.now() - started),
    ...(store ? { store } : {}),
  };
  writeFileSync(
    join(target, 'backup.json'),
    `${JSON.stringify({ createdAt: new Date().toISOString(), from: dataDir, ...report }, null, 2)}\n`,
  );
  return report;
}

/** backups/wicklow-2026-11-22T03-10-00 beside DATA_DIR (never inside it). */
export function defaultBackupTarget(dataDir: string, now = new Date()): string {
  const stamp = now.toISOString().slice(0, 19).replace(/:/g, '-');
  return join(dataDir, '..', 'backups', `wicklow-${stamp}`);
}
