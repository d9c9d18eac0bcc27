// Every filesystem path of stored media is built here, from validated ids only, never from request
// input, so no URL can name a file outside the uploads folder (UPLOADS_DIR, see config.ts):
//
//   originals/{mediaId}.{ext}         private, never served (print-resolution files)
//   media/{mediaId}/{width}.{format}  public derivatives, served by media-serve.ts
//   objects/                          videos and other uploaded objects
//   galleries/, tus/                  client galleries' private files, and their uploads in progress
//   galleries/media/{mediaId}/…       client galleries' derivatives and kept delivery copies: private
//   tmp/                              partial writes, renamed into place when complete
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  isMediaWidth,
  isValidMediaId,
  MEDIA_FORMATS,
  type MediaFormat,
} from '~/lib/platform/shared/media-keys';
import { getConfig } from '../config';

export { isValidMediaId };

export interface StoragePaths {
  uploads: string;
  originals: string;
  media: string;
  objects: string;
  tmp: string;
}

export const ORIGINAL_EXTENSIONS = ['jpg', 'png', 'webp', 'gif', 'avif', 'tif'] as const;
export type OriginalExt = (typeof ORIGINAL_EXTENSIONS)[number];

const created = new Set<string>();

/**
 * The uploads folder of a site: the configured one; or, for a site named only by its data
 * directory (a test's, or a copy being checked), that directory's uploads/.
 */
export function uploadsDirOf(dataDir?: string): string {
  const config = getConfig();
  if (!dataDir || resolve(dataDir) === config.dataDir) return config.uploadsDir;
  return join(dataDir, 'uploads');
}

/** The storage folders of a site (see uploadsDirOf), created on first use. */
export function storagePaths(dataDir?: string): StoragePaths {
  const uploads = uploadsDirOf(dataDir);
  const paths = {
    uploads,
    originals: join(uploads, 'originals'),
    media: join(uploads, 'media'),
    objects: join(uploads, 'objects'),
    tmp: join(uploads, 'tmp'),
  };
  // Re-check existence (cheap) so a test or an operator removing the folder does not break writes.
  if (!created.has(uploads) || !existsSync(paths.tmp)) {
    mkdirSync(paths.originals, { recursive: true, mode: 0o700 });
    mkdirSync(paths.media, { recursive: true });
    mkdirSync(paths.objects, { recursive: true });
    mkdirSync(paths.tmp, { recursive: true, mode: 0o700 });
    created.add(uploads);
  }
  return paths;
}

/** 128 random bits as 22 base64url characters. */
export function newMediaId(): string {
  return randomBytes(16).toString('base64url');
}

function assertMediaId(mediaId: string): void {
  if (!isValidMediaId(mediaId)) throw new RangeError('Invalid media id');
}

export function originalPath(mediaId: string, ext: OriginalExt, dataDir?: string): string {
  assertMediaId(mediaId);
  if (!ORIGINAL_EXTENSIONS.includes(ext)) throw new RangeError('Invalid original extension');
  return join(storagePaths(dataDir).originals, `${mediaId}.${ext}`);
}

/** The stored original of a photo, whatever its format, or null. */
export function findOriginal(mediaId: string, dataDir?: string): string | null {
  for (const ext of ORIGINAL_EXTENSIONS) {
    const file = originalPath(mediaId, ext, dataDir);
    if (existsSync(file)) return file;
  }
  return null;
}

export function mediaDir(mediaId: string, dataDir?: string): string {
  assertMediaId(mediaId);
  return join(storagePaths(dataDir).media, mediaId);
}

export function derivativePath(
  mediaId: string,
  width: number,
  format: MediaFormat,
  dataDir?: string,
): string {
  if (!isMediaWidth(width)) throw new RangeError('Invalid media width');
  if (!MEDIA_FORMATS.includes(format)) throw new RangeError('Invalid media format');
  return join(mediaDir(mediaId, dataDir), `${width}.${format}`);
}

// The keys of stored objects in the store (object-store.ts), built from validated ids only.

/** A photo's private original: originals/{mediaId}.{ext}. */
export function originalKey(mediaId: string, ext: OriginalExt): string {
  assertMediaId(mediaId);
  if (!ORIGINAL_EXTENSIONS.includes(ext)) throw new RangeError('Invalid original extension');
  return `originals/${mediaId}.${ext}`;
}

/**
 * Who may fetch a photo's derivatives. 'public': anyone, under media/ (on S3 at MEDIA_PUBLIC_URL,
 * cached for a year): the portfolio's photos. 'private': only the site, after its own checks, under
 * galleries/media/ (never at a public address): a client gallery's photos and video posters.
 */
export type MediaAccess = 'public' | 'private';

/** Where private derivatives are kept: inside galleries/, the prefix never exposed. */
export const PRIVATE_MEDIA_ROOT = 'galleries/media/';

/** Where the files made for a print lab are kept: private, fetched by the lab at a signed address. */
export const PRINT_FILE_ROOT = 'lab/print-files/';

/** The folder of a photo's derivatives: media/{mediaId}/, or galleries/media/{mediaId}/ when private. */
export function mediaPrefix(mediaId: string, access: MediaAccess = 'public'): string {
  assertMediaId(mediaId);
  return `${access === 'private' ? PRIVATE_MEDIA_ROOT : 'media/'}${mediaId}/`;
}

/** One derivative: media/{mediaId}/{width}.{format}, under galleries/ when private. */
export function derivativeKey(
  mediaId: string,
  width: number,
  format: MediaFormat,
  access: MediaAccess = 'public',
): string {
  if (!isMediaWidth(width)) throw new RangeError('Invalid media width');
  if (!MEDIA_FORMATS.includes(format)) throw new RangeError('Invalid media format');
  return `${mediaPrefix(mediaId, access)}${width}.${format}`;
}

/**
 * A copy a client gallery delivers, made once from a photo and kept beside its private
 * derivatives: galleries/media/{mediaId}/{kind}-{width}-{version}.jpg, where the version names the
 * settings it was made with (a change of them makes a new key, never a stale copy under the old).
 * It goes with the photo's derivatives: deleted with them, counted with them by the storage check.
 */
export function keptCopyKey(mediaId: string, kind: 'web' | 'proof', width: number, version: string): string {
  if (!Number.isInteger(width) || width < 1 || width > 99_999) throw new RangeError('Invalid copy width');
  if (!/^[a-z0-9]{6,16}$/.test(version)) throw new RangeError('Invalid copy version');
  return `${mediaPrefix(mediaId, 'private')}${kind}-${width}-${version}.jpg`;
}

/** An uploaded object (a video): objects/{id}. */
export function objectKey(objectId: string): string {
  assertMediaId(objectId);
  return `objects/${objectId}`;
}

/** A fresh file name in tmp/, on the same filesystem as the final paths so rename() is atomic. */
export function tmpPath(label = 'part', dataDir?: string): string {
  const safe = label.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 80);
  return join(storagePaths(dataDir).tmp, `${randomBytes(9).toString('base64url')}-${safe}`);
}

/** An uploaded object (a video) by its id: uploads/objects/{id}. Ids use the media id alphabet. */
export function objectPath(objectId: string, dataDir?: string): string {
  assertMediaId(objectId);
  return join(storagePaths(dataDir).objects, objectId);
}

// Client galleries. Their originals are private like the photo originals: uploads/galleries/
// (0700), never served as they are. Uploads still arriving over tus are kept in tus/ with their
// progress, so a dropped connection or a restart resumes where it stopped.
const GALLERY_FILE_KEY = /^galleries\/([A-Za-z0-9_-]{8,64})\.([a-z0-9]{2,5})$/;

/** Where gallery uploads in progress (tus) wait: a folder under UPLOADS_DIR, or these keys in the bucket. */
export const TUS_PREFIX = 'tus/';

/** The folder of partial gallery uploads (tus), created on first use. */
export function galleryUploadsDir(dataDir?: string): string {
  const dir = join(storagePaths(dataDir).uploads, 'tus');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

/** The key of a gallery file (an original, or a video's streamable copy): galleries/{name}.{ext}. */
export function galleryFileKey(name: string, ext: string): string {
  const key = `galleries/${name}.${ext}`;
  if (!GALLERY_FILE_KEY.test(key)) throw new RangeError('Invalid gallery file key');
  return key;
}

/** The private file a gallery file key names; a key of any other form is refused. */
export function galleryOriginalPath(key: string, dataDir?: string): string {
  const m = GALLERY_FILE_KEY.exec(key);
  if (!m) throw new RangeError('Invalid gallery file key');
  const dir = join(storagePaths(dataDir).uploads, 'galleries');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return join(dir, `${m[1]}.${m[2]}`);
}
