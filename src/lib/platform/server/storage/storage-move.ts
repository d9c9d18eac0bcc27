// `npm run storage:move -- --to s3|local`: copies every stored object from one store to the other
// (this machine's UPLOADS_DIR and an S3 bucket), so a site can change STORAGE without losing a file.
// Each copy is read back and checked (size and sha256) before it counts. It never deletes or
// changes the source, and it resumes: an object already at the target with the same size and
// sha256 is skipped, so a move stopped halfway (Ctrl-C, a lost connection, kill -9) is run again
// and copies only what is left. A write to either store is whole or absent (a rename into place on
// disk, a completed upload on S3), so a stopped move never leaves half an object that looks whole.
// Partial writes (tmp/) and gallery uploads still arriving (tus/) belong to this machine and stay.
import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import { eq } from 'drizzle-orm';
import { MEDIA_CONTENT_TYPES, type MediaFormat } from '~/lib/platform/shared/media-keys';
import { uploadedObjects } from '~db/schema';
import type { Db } from '../db';
import { PUBLIC_CACHE } from './object-store';
import { type PutOptions, type StorageDriver, type StoredObject, sha256Of } from './storage-driver';

/** Keys that are not stored objects: this machine's partial writes and gallery uploads in progress. */
const NOT_MOVED = ['tmp/', 'tus/'];
/** Objects copied at once: enough to hide a bucket's latency, few enough for a small machine. */
const WORKERS = 4;

export interface MoveEvent {
  key: string;
  outcome: 'copied' | 'skipped' | 'failed';
  bytes: number;
  /** Why a copy failed, in words. */
  reason?: string;
}

export interface MoveReport {
  copied: number;
  skipped: number;
  failed: { key: string; reason: string }[];
  /** Bytes copied (skipped objects not counted). */
  bytes: number;
  seconds: number;
  /** True when it was asked to stop before every object was seen. */
  stopped: boolean;
}

export interface MoveOptions {
  /** What the target is told of an object (an S3 bucket keeps it; the disk does not). */
  putOptionsOf?: (key: string) => PutOptions | undefined;
  /** Called after each object. */
  onObject?: (event: MoveEvent) => void;
  /** Once aborted, no new object is started; those under way finish. */
  signal?: AbortSignal;
}

/** The bytes of a stream, passed on unchanged, hashed and counted on the way. */
function hashing(): Transform & { digest: () => { sha256: string; bytes: number } } {
  const hash = createHash('sha256');
  let bytes = 0;
  const through = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return Object.assign(through, { digest: () => ({ sha256: hash.digest('hex'), bytes }) });
}

/** True when the target already holds this object byte for byte (same size, same sha256). */
async function alreadyThere(from: StorageDriver, to: StorageDriver, object: StoredObject): Promise<boolean> {
  const there = await to.head(object.key);
  if (!there || there.size !== object.size) return false;
  const [a, b] = await Promise.all([sha256Of(from, object.key), sha256Of(to, object.key)]);
  return a === b;
}

/** Copies one object and checks the copy read back from the target; answers the bytes copied. */
async function copyOne(
  from: StorageDriver,
  to: StorageDriver,
  object: StoredObject,
  options: PutOptions | undefined,
): Promise<number> {
  const through = hashing();
  const source = await from.get(object.key);
  source.on('error', (err) => through.destroy(err));
  try {
    await to.put(object.key, source.pipe(through), options);
  } finally {
    source.destroy();
  }
  const sent = through.digest();
  if (sent.bytes !== object.size) {
    throw new Error(
      `it was ${object.size} bytes when listed and ${sent.bytes} when read: it changed meanwhile`,
    );
  }
  const there = await to.head(object.key);
  if (!there || there.size !== sent.bytes) {
    throw new Error(`the copy holds ${there?.size ?? 'no'} bytes where the source holds ${sent.bytes}`);
  }
  if ((await sha256Of(to, object.key)) !== sent.sha256) {
    throw new Error('the copy read back does not have the sha256 of the source');
  }
  return sent.bytes;
}

/** Copies every stored object of `from` into `to` (see the top of this file). */
export async function moveObjects(
  from: StorageDriver,
  to: StorageDriver,
  options: MoveOptions = {},
): Promise<MoveReport> {
  const started = performance.now();
  const report: MoveReport = { copied: 0, skipped: 0, failed: [], bytes: 0, seconds: 0, stopped: false };
  const listing = from.list('')[Symbol.asyncIterator]();
  // One worker reads the listing at a time (an iterator must not be asked twice at once).
  let reading: Promise<unknown> = Promise.resolve();
  const next = async (): Promise<StoredObject | null> => {
    const turn = reading.then(() => listing.next());
    reading = turn.catch(() => undefined);
    const item = await turn;
    return item.done ? null : item.value;
  };
  const worker = async () => {
    for (;;) {
      if (options.signal?.aborted) {
        report.stopped = true;
        return;
      }
      const object = await next();
      if (!object) return;
      if (NOT_MOVED.some((prefix) => object.key.startsWith(prefix))) continue;
      let event: MoveEvent;
      try {
        if (await alreadyThere(from, to, object)) event = { key: object.key, outcome: 'skipped', bytes: 0 };
        else {
          const bytes = await copyOne(from, to, object, options.putOptionsOf?.(object.key));
          event = { key: object.key, outcome: 'copied', bytes };
        }
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        event = { key: object.key, outcome: 'failed', bytes: 0, reason };
      }
      if (event.outcome === 'copied') {
        report.copied++;
        report.bytes += event.bytes;
      } else if (event.outcome === 'skipped') report.skipped++;
      else report.failed.push({ key: event.key, reason: event.reason as string });
      options.onObject?.(event);
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, worker));
  report.seconds = (performance.now() - started) / 1000;
  return report;
}

const TYPES_BY_EXTENSION: Record<string, string> = {
  ...Object.fromEntries(Object.entries(MEDIA_CONTENT_TYPES)),
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  avi: 'video/x-msvideo',
  m4v: 'video/mp4',
};

/**
 * What an object is stored with in a bucket: public derivatives (media/) and public videos
 * (objects/) their content type and a year's cache, as the site writes them; private originals and
 * gallery files their content type only. An object (objects/{id}) has no extension: its upload
 * record says its type.
 */
export function putOptionsFrom(db: Db): (key: string) => PutOptions | undefined {
  const objectTypes = new Map<string, string | null>();
  return (key) => {
    const [folder, ...rest] = key.split('/');
    if (folder === 'objects') {
      const id = rest.join('/');
      if (!objectTypes.has(id)) {
        const row = db
          .select({ contentType: uploadedObjects.contentType })
          .from(uploadedObjects)
          .where(eq(uploadedObjects.id, id))
          .get();
        objectTypes.set(id, row?.contentType ?? null);
      }
      return { contentType: objectTypes.get(id) ?? 'application/octet-stream', cacheControl: PUBLIC_CACHE };
    }
    const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
    const contentType = TYPES_BY_EXTENSION[ext as MediaFormat | string];
    if (folder === 'media') return { contentType, cacheControl: PUBLIC_CACHE };
    return contentType ? { contentType } : undefined;
  };
}
