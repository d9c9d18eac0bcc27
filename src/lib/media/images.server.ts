// The one image module: every photo goes through processPhoto once.
// Decode once (oriented, sRGB, 8 bits, at most 2560 wide) into raw pixels, then fan out every
// derivative from those pixels. A 16-bit PNG or TIFF, or one in another colour space (its ICC
// profile is applied), ends as the same 8-bit sRGB. Public files carry no metadata at all: the raw
// intermediate has none to copy, so GPS, XMP, IPTC and ICC never reach a derivative. Originals are
// kept privately, as uploaded. A file on disk (an upload of up to 200 MB) is read by libvips in
// strips as it decodes, never loaded whole into memory.
// Everything is kept in the object store (object-store.ts), by key: derivatives public and cached
// for a year (media/), originals private. A client gallery's photo asks for private derivatives
// (galleries/media/, no cache header, never at a public address): the site reads them itself, after
// its checks, and the AVIF queue finds them where the rest of the ladder is. On the local driver that is the uploads folder itself (a taken
// file is renamed into place, sharp reads the stored original); on S3 the bucket, with the
// original copied into tmp/ for the moment sharp needs it.
import { mkdir, open, rm } from 'node:fs/promises';
import sharp from 'sharp';
import {
  heightAt,
  MEDIA_CONTENT_TYPES,
  MEDIA_WIDTHS,
  type MediaFormat,
  widthsFor,
} from '~/lib/media/media-urls';
import {
  getStorage,
  PUBLIC_CACHE,
  storeFile,
  withLocalCopy,
} from '~/lib/platform/server/storage/object-store';
import {
  derivativeKey,
  isValidMediaId,
  type MediaAccess,
  mediaPrefix,
  newMediaId,
  ORIGINAL_EXTENSIONS,
  type OriginalExt,
  originalKey,
  storagePaths,
} from '~/lib/platform/server/storage/storage';

/** 100 MP: more than any camera the site will see, far less than a decompression bomb needs. */
export const MAX_INPUT_PIXELS = 100_000_000;

// Settings measured on a 2-core box: AVIF effort 3 with 4:2:0 makes
// the whole 24 MP ladder in about 1.7 s; effort 4 takes over 5 s.
const WEBP: sharp.WebpOptions = { quality: 78 };
const JPEG: sharp.JpegOptions = { quality: 80, mozjpeg: true, progressive: true };
const AVIF: sharp.AvifOptions = { quality: 50, effort: 3, chromaSubsampling: '4:2:0' };
const INTERMEDIATE_WIDTH = Math.max(...MEDIA_WIDTHS);

/** A refused upload; status is the HTTP status the route should answer with. */
export class ImageRejected extends Error {
  readonly code = 'IMAGE_REJECTED';
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
    this.name = 'ImageRejected';
  }
}

export function isImageRejected(err: unknown): err is ImageRejected {
  return (err as { code?: unknown } | null)?.code === 'IMAGE_REJECTED';
}

export interface ProcessedPhoto {
  mediaId: string;
  /** Size of the original after EXIF orientation. */
  width: number;
  height: number;
  dominantColor: string;
  /** A blurred ~24 px WebP as a data: URL (a few hundred bytes), for a CSS background while loading. */
  placeholder: string;
  /** Widths made for every format. */
  widths: number[];
  /** True when the AVIF ladder is left for generateAvif (the caller queues it). */
  avifPending: boolean;
}

export interface ProcessOptions {
  /** Reuse an id (e.g. the demo seed); a fresh random id otherwise. */
  mediaId?: string;
  /** 'inline' (default) makes AVIF before returning; 'defer' leaves it to generateAvif. */
  avif?: 'inline' | 'defer';
  /**
   * The input file is the caller's to give (an upload received into tmp/): it becomes the original
   * by a rename, not a copy, sparing a second write of up to 200 MB.
   */
  takeFile?: boolean;
  /** 'private' for a client gallery's photo or poster (see MediaAccess); 'public' when not given. */
  access?: MediaAccess;
}

interface Intermediate {
  data: Buffer;
  raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
  /** The original's size after orientation. */
  width: number;
  height: number;
}

/** Magic bytes first, so SVG, HTML and anything else never reach a libvips loader. */
function sniffFormat(buf: Buffer): OriginalExt | null {
  const ascii = (start: number, end: number) => buf.subarray(start, end).toString('latin1');
  if (buf.length < 12) return null;
  if (buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpg';
  if (buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(0, 4) === 'II*\0' || ascii(0, 4) === 'MM\0*') return 'tif';
  if (ascii(4, 8) === 'ftyp') {
    // ISO-BMFF: the major brand and compatible brands of the ftyp box must name AVIF (not HEIC).
    const boxEnd = Math.min(buf.readUInt32BE(0), buf.length, 64);
    for (let i = 8; i + 4 <= boxEnd; i += 4) {
      if (i === 12) continue; // minor version, not a brand
      const brand = ascii(i, i + 4);
      if (brand === 'avif' || brand === 'avis') return 'avif';
    }
  }
  return null;
}

function formatMatches(ext: OriginalExt, meta: sharp.Metadata): boolean {
  switch (ext) {
    case 'jpg':
      return meta.format === 'jpeg';
    case 'avif':
      return meta.format === 'heif' && meta.compression === 'av1';
    case 'tif':
      return meta.format === 'tiff';
    default:
      return meta.format === ext;
  }
}

/** An image in memory, or the path of a file on disk. */
export type ImageInput = Buffer | string;

/** The first bytes of an input, enough for sniffFormat. */
async function headOf(input: ImageInput): Promise<Buffer> {
  if (typeof input !== 'string') return input.subarray(0, 64);
  const fh = await open(input, 'r');
  try {
    const { buffer, bytesRead } = await fh.read(Buffer.alloc(64), 0, 64, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** Checks type and size from the header only; nothing is decoded or written yet. */
export async function inspect(input: ImageInput): Promise<{ ext: OriginalExt; meta: sharp.Metadata }> {
  const ext = sniffFormat(await headOf(input));
  if (!ext) throw new ImageRejected(415, 'Only JPEG, PNG, WebP, GIF, AVIF or TIFF images can be used.');
  let meta: sharp.Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejected(415, 'This file is not a readable image.');
  }
  if (!formatMatches(ext, meta)) throw new ImageRejected(415, 'This file is not a readable image.');
  if (!meta.width || !meta.height) throw new ImageRejected(400, 'This image has no dimensions.');
  if (meta.width * meta.height > MAX_INPUT_PIXELS) {
    throw new ImageRejected(413, 'This image has too many pixels (the limit is 100 megapixels).');
  }
  return { ext, meta };
}

/**
 * Full-size decodes run one at a time, whatever number of uploads arrive together: a 200 MB TIFF
 * or a 100 MP JPEG holds its decode buffers while it shrinks, and two at once on a small box would
 * double that for no gain in speed (libvips already uses every core for one). The encodes after it
 * work from the small intermediate and are not held back.
 */
let decoding: Promise<unknown> = Promise.resolve();
function oneDecodeAtATime<T>(decode: () => Promise<T>): Promise<T> {
  const turn = decoding.then(decode, decode);
  decoding = turn.catch(() => {});
  return turn;
}

/** The single decode: oriented, sRGB, 8-bit, shrunk to the largest ladder width (JPEG shrink-on-load). */
function decodeIntermediate(input: ImageInput, meta: sharp.Metadata): Promise<Intermediate> {
  return oneDecodeAtATime(() => decodeNow(input, meta));
}

async function decodeNow(input: ImageInput, meta: sharp.Metadata): Promise<Intermediate> {
  const oriented = meta.autoOrient;
  try {
    let pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).autoOrient();
    if (oriented.width > INTERMEDIATE_WIDTH) {
      pipeline = pipeline.resize(INTERMEDIATE_WIDTH, heightAt(oriented, INTERMEDIATE_WIDTH), { fit: 'fill' });
    }
    const { data, info } = await pipeline
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    return {
      data,
      raw: { width: info.width, height: info.height, channels: info.channels },
      width: oriented.width,
      height: oriented.height,
    };
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) {
      throw new ImageRejected(413, 'This image has too many pixels (the limit is 100 megapixels).');
    }
    throw new ImageRejected(400, 'This image is damaged or incomplete and could not be read.');
  }
}

/** The intermediate at a width; the height follows the original's ratio, not the rounded intermediate's. */
function at(inter: Intermediate, width: number): sharp.Sharp {
  const img = sharp(inter.data, { raw: inter.raw });
  const height = heightAt(inter, width);
  return width === inter.raw.width && height === inter.raw.height
    ? img
    : img.resize(width, height, { fit: 'fill' });
}

function encode(inter: Intermediate, width: number, format: MediaFormat): Promise<Buffer> {
  const img = at(inter, width);
  if (format === 'webp') return img.webp(WEBP).toBuffer();
  if (format === 'avif') return img.avif(AVIF).toBuffer();
  // JPEG has no alpha: flatten onto white rather than let transparent areas turn black.
  const opaque = inter.raw.channels % 2 === 0 ? img.flatten({ background: '#ffffff' }) : img;
  return opaque.jpeg(JPEG).toBuffer();
}

/**
 * Encodes a whole ladder at once; waits for every write before failing, so cleanup sees them all.
 * `oneAtATime` is for background work: one encode at a time leaves libuv's threads and a core
 * free for the requests being served meanwhile.
 */
async function writeLadder(
  mediaId: string,
  inter: Intermediate,
  formats: MediaFormat[],
  access: MediaAccess,
  opts: { oneAtATime?: boolean } = {},
): Promise<void> {
  const store = getStorage();
  if (access === 'private') await makePrivateRoot();
  const cache = access === 'public' ? { cacheControl: PUBLIC_CACHE } : {};
  const tasks = widthsFor(inter.width).flatMap((w) =>
    formats.map((f) => async () => {
      const options = { contentType: MEDIA_CONTENT_TYPES[f], ...cache };
      await store.put(derivativeKey(mediaId, w, f, access), await encode(inter, w, f), options);
    }),
  );
  if (opts.oneAtATime) {
    for (const task of tasks) await task();
    return;
  }
  const jobs = tasks.map((task) => task());
  const failed = (await Promise.allSettled(jobs)).find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}

async function placeholderOf(inter: Intermediate): Promise<string> {
  const webp = await at(inter, 24).blur(1).webp({ quality: 40, alphaQuality: 40 }).toBuffer();
  return `data:image/webp;base64,${webp.toString('base64')}`;
}

async function dominantColorOf(inter: Intermediate): Promise<string> {
  const { dominant } = await at(inter, 64).stats();
  return `#${[dominant.r, dominant.g, dominant.b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Validates, stores the original and publishes the WebP and JPEG ladders (and AVIF unless deferred).
 * Throws ImageRejected for input the site must refuse; nothing is left on disk when it fails.
 */
export async function processPhoto(input: ImageInput, opts: ProcessOptions = {}): Promise<ProcessedPhoto> {
  const mediaId = opts.mediaId ?? newMediaId();
  if (!isValidMediaId(mediaId)) throw new RangeError('Invalid media id');
  const { ext, meta } = await inspect(input);
  const inter = await decodeIntermediate(input, meta);
  const deferAvif = opts.avif === 'defer';
  const access = opts.access ?? 'public';
  // Reprocessing an existing id must not delete what is already published if it fails.
  const existed = (await findOriginalKey(mediaId)) !== null || (await hasDerivatives(mediaId, access));
  try {
    const [, , placeholder, dominantColor] = await Promise.all([
      storeOriginal(input, originalKey(mediaId, ext), opts.takeFile ?? false),
      writeLadder(mediaId, inter, deferAvif ? ['webp', 'jpg'] : ['webp', 'jpg', 'avif'], access),
      placeholderOf(inter),
      dominantColorOf(inter),
    ]);
    await removeOtherOriginals(mediaId, ext);
    return {
      mediaId,
      width: inter.width,
      height: inter.height,
      dominantColor,
      placeholder,
      widths: widthsFor(inter.width),
      avifPending: deferAvif,
    };
  } catch (err) {
    if (!existed) await deleteMedia(mediaId);
    throw err;
  }
}

/**
 * Keeps the original as uploaded, private: the bytes written, the file copied, or a taken file
 * moved into place (renamed locally, uploaded then removed on S3).
 */
async function storeOriginal(input: ImageInput, key: string, takeFile: boolean): Promise<void> {
  // On the local driver the uploads folders are made first, so originals/ is private (0700).
  if (getStorage().kind === 'local') storagePaths();
  if (typeof input !== 'string') return getStorage().put(key, input);
  if (!takeFile) return getStorage().put(key, { file: input });
  await storeFile(key, input);
}

/** The key of a photo's stored original, whatever its format, or null. */
export async function findOriginalKey(mediaId: string): Promise<string | null> {
  const store = getStorage();
  const keys = ORIGINAL_EXTENSIONS.map((ext) => originalKey(mediaId, ext));
  if (store.kind === 's3') {
    // One listing instead of a request per format; locally a stat each (a listing would read the folder).
    for await (const object of store.list(`originals/${mediaId}.`)) {
      if (keys.includes(object.key)) return object.key;
    }
    return null;
  }
  const found = await Promise.all(keys.map((key) => store.head(key)));
  return keys[found.findIndex(Boolean)] ?? null;
}

const ACCESSES: readonly MediaAccess[] = ['private', 'public'];

/**
 * On the local driver galleries/ is made private (0700) before a derivative is written under it,
 * as the gallery originals beside them are; S3 has no folders.
 */
export async function makePrivateRoot(): Promise<void> {
  const dir = getStorage().localPath('galleries');
  if (dir) await mkdir(dir, { recursive: true, mode: 0o700 });
}

/** The keys of a photo's stored derivatives, wherever they are (public, private). */
async function derivativeKeys(mediaId: string, accesses = ACCESSES): Promise<string[]> {
  const keys: string[] = [];
  for (const access of accesses) {
    for await (const object of getStorage().list(mediaPrefix(mediaId, access))) keys.push(object.key);
  }
  return keys;
}

async function hasDerivatives(mediaId: string, access: MediaAccess): Promise<boolean> {
  for await (const _ of getStorage().list(mediaPrefix(mediaId, access))) return true;
  return false;
}

/**
 * Where a photo's derivatives are (the AVIF queue carries only a media id), or null when it has
 * none. Private first: while an older site's gallery derivatives are being moved there, a photo
 * with any private derivative is a gallery's.
 */
export async function derivativesAccess(mediaId: string): Promise<MediaAccess | null> {
  for (const access of ACCESSES) if (await hasDerivatives(mediaId, access)) return access;
  return null;
}

/**
 * Makes the AVIF ladder from the stored original (for a deferred processPhoto). Does nothing if
 * the photo was deleted; safe to run again after a restart, since every object is written whole.
 */
export async function generateAvif(mediaId: string): Promise<void> {
  const original = await findOriginalKey(mediaId);
  if (!original) return;
  const access = (await derivativesAccess(mediaId)) ?? 'public';
  const inter = await withLocalCopy(original, async (file) =>
    decodeIntermediate(file, await sharp(file).metadata()),
  );
  await writeLadder(mediaId, inter, ['avif'], access, { oneAtATime: true });
  // Deleted while we were encoding: do not leave orphan AVIFs behind.
  if (!(await findOriginalKey(mediaId))) await deleteDerivatives(mediaId);
}

/**
 * True when every width made for the photo also exists as AVIF in the store. Pages do not ask the
 * store: they ask the media queue's record (lib/media/media-ready.server.ts).
 */
export async function avifReady(mediaId: string): Promise<boolean> {
  const files = new Set((await derivativeKeys(mediaId)).map((key) => key.slice(key.lastIndexOf('/') + 1)));
  const widths = [...files].filter((f) => f.endsWith('.webp')).map((f) => f.slice(0, -'.webp'.length));
  return widths.length > 0 && widths.every((w) => files.has(`${w}.avif`));
}

async function removeOtherOriginals(mediaId: string, keep: OriginalExt): Promise<void> {
  const store = getStorage();
  for (const ext of ORIGINAL_EXTENSIONS) {
    if (ext !== keep) await store.delete(originalKey(mediaId, ext));
  }
}

/** Removes a photo's derivatives, public and private. */
async function deleteDerivatives(mediaId: string): Promise<void> {
  const store = getStorage();
  for (const access of ACCESSES) {
    // Locally the folder goes whole; the AVIF queue may be writing into it at this moment: rm
    // retries on ENOTEMPTY.
    const dir = store.localPath(mediaPrefix(mediaId, access).slice(0, -1));
    if (dir) await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
    else await Promise.all((await derivativeKeys(mediaId, [access])).map((key) => store.delete(key)));
  }
}

/** Removes the original and every derivative of a photo. */
export async function deleteMedia(mediaId: string): Promise<void> {
  if (!isValidMediaId(mediaId)) throw new RangeError('Invalid media id');
  const store = getStorage();
  await Promise.all(ORIGINAL_EXTENSIONS.map((ext) => store.delete(originalKey(mediaId, ext))));
  await deleteDerivatives(mediaId);
}
