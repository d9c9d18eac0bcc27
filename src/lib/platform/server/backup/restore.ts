// Puts a backup made by `npm run backup` back into a data directory and a media folder (`npm run restore`).
// Nothing is written until the copy has proved itself: its database passes integrity_check and
// holds the rows and files its backup.json counted. It never writes into a data directory that a
// running site is using, nor over a database that is already there: the owner moves that aside
// first, so a restore can never destroy the only good copy.
// A backup of a site on S3 holds the database and the list of the bucket's objects (objects.json),
// not the objects: restoreSite checks that every listed object is still in the configured bucket
// with the same size (and ETag) before anything is written, and refuses, naming the missing ones,
// unless told to go on without them (allowMissing).
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { StorageDriver, StoredObject } from '../storage/storage-driver';
import { type BucketRecord, copyFiles, countRows, LEFT_OUT, OBJECTS_MANIFEST, uploadsInside } from './backup';
import { siteUsing } from './data-dir-lock';

export interface RestoreReport {
  from: string;
  to: string;
  createdAt: string | null;
  tables: Record<string, number>;
  files: number;
  bytes: number;
  /** For a backup of a site on S3: what the check of the bucket found. */
  objects?: ObjectsCheck;
}

interface BackupManifest {
  createdAt?: string;
  tables?: Record<string, number>;
  files?: number;
  store?: BucketRecord;
}

export interface ObjectsCheck {
  bucket: string;
  /** Objects the backup lists, and how many of them are in the bucket as they were. */
  listed: number;
  present: number;
  /** Listed objects the bucket does not hold, or holds with another size or ETag. */
  missing: string[];
  differing: string[];
}

function readManifest(backup: string): BackupManifest {
  const file = join(backup, 'backup.json');
  if (!existsSync(file))
    throw new Error(`${backup} has no backup.json: it is not a folder made by npm run backup.`);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as BackupManifest;
  } catch {
    throw new Error(`${file} cannot be read: the backup is damaged.`);
  }
}

/** Opens a database copy read-only, checks it, and counts its rows. */
function checkDatabase(file: string): Record<string, number> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new Error(`The backup's database failed its integrity check: ${integrity}`);
    return countRows(db);
  } finally {
    db.close();
  }
}

function countFiles(dir: string, leftOut: ReadonlySet<string>): number {
  let n = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (leftOut.has(entry.name)) continue;
    if (entry.isDirectory()) n += countFiles(join(dir, entry.name), leftOut);
    else if (entry.isFile()) n++;
  }
  return n;
}

const NOT_COPIED = new Set([...LEFT_OUT, 'backup.json', OBJECTS_MANIFEST]);

/** Whether a folder holds any file, in it or below it. */
function holdsFiles(dir: string): boolean {
  return existsSync(dir) && countFiles(dir, new Set()) > 0;
}

/** The backup's manifest and table counts, once its database and files are shown to be the ones it counted. */
function checkBackup(backup: string): { manifest: BackupManifest; tables: Record<string, number> } {
  const database = join(backup, 'site.sqlite');
  if (!existsSync(database)) throw new Error(`${backup} has no site.sqlite: it is not a backup folder.`);
  const manifest = readManifest(backup);
  const tables = checkDatabase(database);
  for (const [table, expected] of Object.entries(manifest.tables ?? {})) {
    if (tables[table] !== expected) {
      throw new Error(
        `The backup's database holds ${tables[table] ?? 0} ${table} where backup.json counted ${expected}: the copy is not the one that was made.`,
      );
    }
  }
  const files = countFiles(backup, NOT_COPIED);
  if (manifest.files !== undefined && files !== manifest.files) {
    throw new Error(
      `The backup holds ${files} files where backup.json counted ${manifest.files}: some are missing.`,
    );
  }
  return { manifest, tables };
}

/** A multipart upload's ETag ("…-3") depends on its part size, so only a plain MD5 ETag is compared. */
const comparableEtag = (etag: string | null) => (etag && !etag.includes('-') ? etag : null);

/** Checks that every object the backup lists is in the store with its size (and ETag where both have a plain one). */
export async function checkObjects(backup: string, store: StorageDriver): Promise<ObjectsCheck | undefined> {
  const manifest = readManifest(backup);
  if (manifest.store?.driver !== 's3') return undefined;
  const file = join(backup, OBJECTS_MANIFEST);
  let listed: StoredObject[];
  try {
    listed = JSON.parse(readFileSync(file, 'utf8')) as StoredObject[];
  } catch {
    throw new Error(`${file} is missing or cannot be read: the backup of the bucket's objects is damaged.`);
  }
  if (listed.length !== manifest.store.objects) {
    throw new Error(
      `${file} lists ${listed.length} objects where backup.json counted ${manifest.store.objects}: the backup is damaged.`,
    );
  }
  if (store.kind !== 's3') {
    throw new Error(
      `This backup's media are in the S3 bucket ${manifest.store.bucket}${manifest.store.endpoint ? ` at ${manifest.store.endpoint}` : ''}, not copied: set STORAGE=s3 and the S3_* settings of that bucket to restore it (or restore a backup of a site that kept its media on disk).`,
    );
  }
  const inBucket = new Map<string, StoredObject>();
  for await (const object of store.list('')) inBucket.set(object.key, object);
  const missing: string[] = [];
  const differing: string[] = [];
  for (const want of listed) {
    const have = inBucket.get(want.key);
    if (!have) missing.push(want.key);
    else {
      const [a, b] = [comparableEtag(want.etag), comparableEtag(have.etag)];
      if (have.size !== want.size || (a && b && a !== b)) differing.push(want.key);
    }
  }
  return {
    bucket: manifest.store.bucket,
    listed: listed.length,
    present: listed.length - missing.length - differing.length,
    missing,
    differing,
  };
}

const SHOWN = 20;

/** The sentence naming the objects a bucket lacks, the first 20 by key and how many more. */
export function missingObjectsSentence(check: ObjectsCheck): string {
  const named = [
    ...check.missing.map((k) => `${k} (missing)`),
    ...check.differing.map((k) => `${k} (another size or ETag)`),
  ];
  const more = named.length > SHOWN ? ` and ${named.length - SHOWN} more` : '';
  return `${named.length} of the ${check.listed} objects the backup lists are not in the bucket ${check.bucket} as they were: ${named.slice(0, SHOWN).join(', ')}${more}.`;
}

/**
 * Checks the backup, then copies it into `dataDir`, which must hold no database yet, and its media
 * (`backup/uploads`) into `uploadsDir`, which must hold no file yet when it is not DATA_DIR/uploads.
 * A backup of a site on S3 is restored with restoreSite, which checks the bucket first.
 */
export function restoreBackup(
  backup: string,
  dataDir: string,
  uploadsDir: string = join(dataDir, 'uploads'),
): RestoreReport {
  const { manifest, tables } = checkBackup(backup);
  if (manifest.store?.driver === 's3') {
    throw new Error(
      'This backup lists objects in an S3 bucket: restore it with npm run restore, which checks them.',
    );
  }
  return copyInto(backup, dataDir, uploadsDir, manifest, tables);
}

/**
 * `npm run restore`: the backup checked, then (for a backup of a site on S3) the configured bucket
 * checked against its list of objects, refused when some are missing unless `allowMissing`; then
 * copied as restoreBackup does.
 */
export async function restoreSite(
  backup: string,
  dataDir: string,
  uploadsDir: string,
  options: { store: StorageDriver; allowMissing?: boolean },
): Promise<RestoreReport> {
  const { manifest, tables } = checkBackup(backup);
  const objects = await checkObjects(backup, options.store);
  if (objects && objects.present < objects.listed && !options.allowMissing) {
    throw new Error(
      `${missingObjectsSentence(objects)} Nothing was restored. Put them back in the bucket (its versioning or a replica), or run again with --allow-missing to restore without them (npm run storage:check then lists the records to upload again).`,
    );
  }
  return { ...copyInto(backup, dataDir, uploadsDir, manifest, tables), ...(objects ? { objects } : {}) };
}

function copyInto(
  backup: string,
  dataDir: string,
  uploadsDir: string,
  manifest: BackupManifest,
  tables: Record<string, number>,
): RestoreReport {
  const database = join(backup, 'site.sqlite');
  const pid = siteUsing(dataDir);
  if (pid !== null) {
    throw new Error(`A running site (process ${pid}) is using ${dataDir}. Stop it before restoring into it.`);
  }
  if (['site.sqlite', 'site.sqlite-wal'].some((f) => existsSync(join(dataDir, f)))) {
    throw new Error(
      `${dataDir} already holds a database. Move it aside (or choose an empty DATA_DIR): a restore never overwrites one.`,
    );
  }

  const apart = !uploadsInside(dataDir, uploadsDir);
  // Only a backup with media files writes into UPLOADS_DIR; a backup of a site on S3 has none
  // (its objects stay in the bucket), so the folder, which then holds only work files, is left be.
  const hasMedia = existsSync(join(backup, 'uploads'));
  if (apart && hasMedia && holdsFiles(uploadsDir)) {
    throw new Error(
      `${uploadsDir} (UPLOADS_DIR) already holds files. Move them aside (or choose an empty folder): a restore never mixes two sites' media.`,
    );
  }

  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const linked = new Map<string, string>();
  const copied = copyFiles(backup, dataDir, apart ? new Set([...NOT_COPIED, 'uploads']) : NOT_COPIED, linked);
  if (apart && hasMedia) {
    mkdirSync(uploadsDir, { recursive: true, mode: 0o700 });
    const media = copyFiles(join(backup, 'uploads'), uploadsDir, new Set(), linked);
    copied.files += media.files;
    copied.bytes += media.bytes;
  }
  // The database goes in last, under a temporary name renamed into place: a restore cut short
  // leaves no database that looks complete.
  const partial = join(dataDir, 'site.sqlite.restoring');
  const source = new Database(database, { readonly: true, fileMustExist: true });
  try {
    source.exec(`vacuum into '${partial.replaceAll("'", "''")}'`);
  } finally {
    source.close();
  }
  checkDatabase(partial);
  renameSync(partial, join(dataDir, 'site.sqlite'));
  return {
    from: backup,
    to: dataDir,
    createdAt: manifest.createdAt ?? null,
    tables,
    files: copied.files,
    bytes: copied.bytes,
  };
}
