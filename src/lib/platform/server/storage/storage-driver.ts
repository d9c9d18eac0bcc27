// One interface for where the site keeps its stored objects (originals, derivatives, videos,
// gallery files): a folder on this machine (storage-local.ts) or an S3-compatible bucket
// (storage-s3.ts). Both drivers call assertKey first, in every method, so a key can never leave
// the root of the store nor mean something else on one driver than on the other.
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';

export interface StoredObject {
  key: string;
  size: number;
  etag: string | null;
}

export interface PutOptions {
  contentType?: string;
  cacheControl?: string;
}

export interface PresignOptions {
  fileName: string;
  disposition: 'inline' | 'attachment';
  /** 900 (15 minutes) when not given. */
  expiresInSeconds?: number;
}

export type PutBody = Buffer | { file: string } | NodeJS.ReadableStream;

export interface ByteRange {
  start: number;
  end: number;
}

export interface StorageDriver {
  readonly kind: 'local' | 's3';
  /** Writes a whole object from a Buffer, a file on disk ({ file: path }) or a stream; readers never see half of it. */
  put(key: string, body: PutBody, options?: PutOptions): Promise<void>;
  /** The bytes, whole or from start to end inclusive; rejects with StorageNotFound when absent. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Size and ETag (S3's, or for local null), or null when absent. */
  head(key: string): Promise<StoredObject | null>;
  /** Removes it; absent is fine. */
  delete(key: string): Promise<void>;
  /**
   * Gives an object another key in the same store, replacing any object there, and removes the old
   * key: a rename on disk, a copy inside the bucket on S3 (no byte passes through this machine).
   * Rejects with StorageNotFound when nothing is stored under `from`.
   */
  move(from: string, to: string, options?: PutOptions): Promise<void>;
  /** Every object under a prefix ('' for all), in key order, paging through as many as there are. */
  list(prefix: string): AsyncIterable<StoredObject>;
  /** A URL a browser may GET for 15 minutes with that Content-Disposition (S3); null for local. */
  presignGet(key: string, options: PresignOptions): Promise<string | null>;
  /** Where the object is on this machine's disk (local), else null: for sharp, ffmpeg and sendFile. */
  localPath(key: string): string | null;
}

export class StorageNotFound extends Error {
  constructor(readonly key: string) {
    super(`Nothing is stored under "${key}".`);
    this.name = 'StorageNotFound';
  }
}

export const MAX_KEY_LENGTH = 512;
/** One segment of a key: letters, digits, `_`, `.` and `-` only, so no `%`, `\`, space or control character. */
const SEGMENT = /^[A-Za-z0-9_.-]+$/;

function badKey(key: string, why: string): RangeError {
  const shown = JSON.stringify(key.length > 80 ? `${key.slice(0, 80)}…` : key);
  return new RangeError(`The storage key ${shown} is refused: ${why}.`);
}

/**
 * Throws a RangeError unless the key is 1 to 512 characters of segments made of [A-Za-z0-9_.-],
 * joined by single `/`, none of them `.` or `..`. With no empty segment there is no leading,
 * trailing or doubled `/`; so the key names one object under the root, the same on disk and in S3.
 */
export function assertKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0) throw badKey(String(key), 'it is empty');
  if (key.length > MAX_KEY_LENGTH) throw badKey(key, `it is longer than ${MAX_KEY_LENGTH} characters`);
  for (const segment of key.split('/')) {
    if (!SEGMENT.test(segment)) {
      throw badKey(key, 'a key is made of letters, digits, "_", "." and "-" between single "/"');
    }
    if (segment === '.' || segment === '..') throw badKey(key, 'a "." or ".." segment names another folder');
  }
}

/** A list prefix is '' (everything), a key, or a key followed by one `/`. */
export function assertPrefix(prefix: string): void {
  if (prefix === '') return;
  assertKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
}

/** A range of whole bytes, start to end inclusive, start first. */
export function assertRange(range: ByteRange | undefined): void {
  if (!range) return;
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw new RangeError(`The byte range ${start}-${end} is refused: it needs whole bytes, start <= end.`);
  }
}

/** The error of a range that starts past the object's last byte. */
export function rangePastEnd(key: string, range: ByteRange): RangeError {
  return new RangeError(`The byte range ${range.start}-${range.end} starts past the end of "${key}".`);
}

/** The sha256 (hex) of a stored object, read as a stream so memory stays flat whatever its size. */
export async function sha256Of(driver: StorageDriver, key: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of await driver.get(key)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** A body given as { file: path }. */
export function isFileBody(body: PutBody): body is { file: string } {
  return !Buffer.isBuffer(body) && typeof (body as { file?: unknown }).file === 'string';
}
