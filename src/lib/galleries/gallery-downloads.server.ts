// What a client takes away from a gallery, when the owner allows it: one file (the original, or a
// JPEG 2048 px on its long side), or many as a ZIP made while it is sent. Unless the owner switched
// it off for the gallery, nothing delivered tells where or with which camera it was made:
// - a JPEG keeps its image data byte for byte, its header rewritten without GPS, serial numbers
//   and other metadata, and ends where its main image ends (previews appended after it are left out);
// - a photo in another format is written again without metadata;
// - a video is its copy without metadata (global, stream and chapter metadata and data tracks
//   removed, see process-video.server.ts), made once at processing; the original stays untouched.
// The web-size copy never carries metadata; it is made once per photo and kept (kept-copies.server.ts),
// so a HEAD or a byte range of it never decodes the original. Single files and videos
// answer HTTP byte ranges, so a download or a video's seek resumes where it stopped. The ZIP stores
// each entry without recompression, reads one file at a time and writes no temporary file, so its
// memory stays flat whatever the gallery's size; its length is unknown until it ends.
// On S3 a file delivered as it is stored (a video, an original kept whole) is not sent through the
// site: the endpoint answers a redirect to a presigned URL (presignedDownload); what is rewritten (a
// JPEG's header, a web-size copy) is read from the bucket and sent from here.
import { createReadStream } from 'node:fs';
import { PassThrough, type Readable } from 'node:stream';
import sharp from 'sharp';
import { ZipFile } from 'yazl';
import { HttpError } from '~/lib/platform/server/http/http';
import { pacedBody, type WaitForRoom } from '~/lib/platform/server/http/paced-body';
import { ChunkRecycler, recycledFileStream } from '~/lib/platform/server/http/recycled-chunks';
import { getLog } from '~/lib/platform/server/log';
import { getStorage } from '~/lib/platform/server/storage/object-store';
import { parseRange } from '~/lib/platform/server/storage/send-file';
import { keptCopyKey } from '~/lib/platform/server/storage/storage';
import type { Gallery } from './gallery-access.server';
import {
  type CleanHead,
  cleanHead,
  cleanJpegHead,
  jpegEnd,
  MAX_HEAD_BYTES,
  UnreadableJpeg,
} from './gallery-location.server';
import { WEB_SIZE_PX } from './gallery-rules';
import {
  type GalleryFile,
  readRange,
  type StoredFile,
  storedFile,
  storedOriginal,
  storedPlayable,
} from './gallery-store.server';
import { keptCopy, settingsVersion } from './kept-copies.server';
import './zip-crc.server';

/** Read a file in 1 MiB chunks: with node's 64 KiB default a ZIP spent half its time per chunk. */
const CHUNK = 1024 * 1024;

/** Bytes to send: a header held in memory (maybe empty), then a stored file from an offset to an end. */
export interface Source {
  head: Buffer;
  stored: StoredFile | null;
  offset: number;
  /** Where the stored part ends (exclusive): the file's size, or less when its tail is left out. */
  end: number;
  size: number;
  type: string;
  name: string;
}

export type DownloadSize = 'original' | 'web';

const isJpeg = (file: GalleryFile) => /^image\/(jpeg|jpg|pjpeg)$/i.test(file.contentType);

function fromStore(
  stored: StoredFile,
  head: Buffer,
  offset: number,
  type: string,
  name: string,
  end = stored.size,
): Source {
  return { head, stored, offset, end, size: head.length + end - offset, type, name };
}

const NOTHING = Buffer.alloc(0);

const inMemory = (bytes: Buffer, type: string, name: string): Source => ({
  head: bytes,
  stored: null,
  offset: 0,
  end: 0,
  size: bytes.length,
  type,
  name,
});

function missing(): never {
  throw new HttpError(404, 'This file is not available.');
}

/** sharp reading a stored file: the file itself on this machine, the object streamed from the bucket on S3. */
async function sharpOf(stored: StoredFile): Promise<sharp.Sharp> {
  if (stored.path) return sharp(stored.path);
  const reader = sharp();
  const body = await getStorage().get(stored.key);
  body.on('error', (err) => reader.destroy(err));
  body.pipe(reader);
  return reader;
}

/** The first bytes of a stored file (a JPEG's header segments), at most MAX_HEAD_BYTES. */
async function headBytes(stored: StoredFile): Promise<Buffer> {
  const want = Math.min(stored.size, MAX_HEAD_BYTES);
  if (want === 0) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  for await (const chunk of await readRange(stored, 0, want - 1)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A JPEG as delivered without metadata: its cleaned header, where its image data starts and ends. */
interface JpegLayout extends CleanHead {
  end: number;
}

async function readLayout(stored: StoredFile): Promise<JpegLayout> {
  const { head, restOffset } = stored.path
    ? await cleanJpegHead(stored.path)
    : cleanHead(await headBytes(stored), stored.size);
  const end = await jpegEnd(storedStream(stored, restOffset, stored.size - 1), restOffset, stored.size);
  return { head, restOffset, end };
}

/**
 * Layouts already read, by key and size (a gallery file's key is never reused for other bytes), so
 * a HEAD, a resumed range or a second download does not read the whole file again. Bounded: at
 * most MAX_LAYOUTS, and only headers of a usual size (a few kB of EXIF and colour profile).
 */
const layouts = new Map<string, Promise<JpegLayout>>();
const MAX_LAYOUTS = 128;
const MAX_KEPT_HEAD = 128 * 1024;

function jpegLayout(stored: StoredFile): Promise<JpegLayout> {
  const id = `${stored.key}:${stored.size}`;
  const known = layouts.get(id);
  if (known) return known;
  const layout = readLayout(stored);
  layouts.set(id, layout);
  layout.then(
    (l) => l.head.length > MAX_KEPT_HEAD && layouts.delete(id),
    () => layouts.delete(id),
  );
  for (const old of layouts.keys()) {
    if (layouts.size <= MAX_LAYOUTS) break;
    layouts.delete(old);
  }
  return layout;
}

/** A file as the client downloads it, without GPS, serials or other metadata unless the gallery keeps them. */
export async function deliveredFile(
  gallery: Gallery,
  file: GalleryFile,
  size: DownloadSize,
): Promise<Source> {
  if (file.kind === 'video') return gallery.stripLocation ? cleanVideo(file) : asStored(file);
  if (size === 'web') return webCopy(file);
  if (!gallery.stripLocation) return asStored(file);
  const stored = (await storedOriginal(file)) ?? missing();
  if (isJpeg(file)) {
    try {
      const { head, restOffset, end } = await jpegLayout(stored);
      return fromStore(stored, head, restOffset, file.contentType, file.fileName, end);
    } catch (err) {
      if (!(err instanceof UnreadableJpeg)) throw err;
      getLog().warn(
        { fileId: file.id, reason: err.message },
        'Gallery JPEG re-encoded to strip its metadata',
      );
    }
  }
  // Other formats (and a JPEG whose header could not be read) are written again without metadata.
  const bytes = await (await sharpOf(stored)).rotate().keepIccProfile().toBuffer();
  return inMemory(bytes, file.contentType, file.fileName);
}

/** The original as it was uploaded. */
async function asStored(file: GalleryFile): Promise<Source> {
  const stored = (await storedOriginal(file)) ?? missing();
  return fromStore(stored, NOTHING, 0, file.contentType, file.fileName);
}

/**
 * A video without its metadata: the copy processing made beside the original (remuxed with no
 * global, stream or chapter metadata and no data or subtitle track). Every ready video has one; a
 * video without it is not delivered, rather than delivered with its location.
 */
async function cleanVideo(file: GalleryFile): Promise<Source> {
  const clean = await storedFile(file.streamKey);
  if (!clean) {
    getLog().warn({ fileId: file.id }, 'A gallery video has no copy without metadata; it is not delivered.');
    missing();
  }
  // The copy is remuxed into the original's own container (a MOV stays a MOV), so it has the
  // original's type.
  return fromStore(clean, NOTHING, 0, file.contentType, file.fileName);
}

/** How the web-size copy is made; its kept copy's key carries their version. */
const WEB_COPY = { px: WEB_SIZE_PX, quality: 88, mozjpeg: true } as const;
const WEB_VERSION = settingsVersion(WEB_COPY);

/** Made from the original, turned upright, with no metadata at all (sharp keeps none by default). */
async function encodeWeb(file: GalleryFile): Promise<Buffer> {
  const stored = (await storedOriginal(file)) ?? missing();
  return (await sharpOf(stored))
    .rotate()
    .resize(WEB_COPY.px, WEB_COPY.px, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: WEB_COPY.quality, mozjpeg: WEB_COPY.mozjpeg })
    .toBuffer();
}

/** The web-size copy: made on the first request for it and kept (a photo without media id: made each time). */
async function webCopy(file: GalleryFile): Promise<Source> {
  const name = webName(file.fileName);
  if (!file.mediaId) return inMemory(await encodeWeb(file), 'image/jpeg', name);
  const key = keptCopyKey(file.mediaId, 'web', WEB_COPY.px, WEB_VERSION);
  const copy = (await keptCopy(key, () => encodeWeb(file))) ?? missing();
  return fromStore(copy.stored, NOTHING, 0, 'image/jpeg', name);
}

/** A video as it plays in the page: without metadata unless the gallery keeps it. */
export async function playableVideo(gallery: Gallery, file: GalleryFile): Promise<Source> {
  if (file.kind === 'video' && gallery.stripLocation) return cleanVideo(file);
  const stored = (await storedPlayable(file)) ?? missing();
  return fromStore(stored, NOTHING, 0, file.contentType, file.fileName);
}

/**
 * On S3, for a source that is a stored object sent as it is: a URL on the store that serves it for
 * 15 minutes with this name, so the bytes never pass through the site. Null on the local driver, and
 * for anything rewritten on the way (a header cleaned, a copy made), which the site must send itself.
 * The caller makes it only after every check of the link, the PIN and the download rights.
 */
export async function presignedDownload(src: Source, kind: 'inline' | 'attachment'): Promise<string | null> {
  const { stored } = src;
  if (!stored || stored.path || src.head.length > 0 || src.offset > 0 || src.end < stored.size) return null;
  return getStorage().presignGet(stored.key, { fileName: safeFileName(src.name), disposition: kind });
}

function webName(name: string): string {
  return `${name.replace(/\.[^.]*$/, '')}-web.jpg`;
}

/** A stream that yields what `open` resolves to, or fails with its error. */
function lazy(open: () => Promise<Readable>): Readable {
  const out = new PassThrough({ highWaterMark: CHUNK });
  open().then(
    (source) => {
      if (out.destroyed) return void source.destroy();
      source.on('error', (err) => out.destroy(err));
      out.on('close', () => source.destroy());
      source.pipe(out);
    },
    (err) => out.destroy(err),
  );
  return out;
}

/**
 * A stored file's bytes from start to end: read from disk on this machine (into the recycler's
 * buffers when a download gives one), a ranged GET on S3.
 */
function storedStream(stored: StoredFile, start: number, end: number, recycler?: ChunkRecycler): Readable {
  if (stored.path && recycler) return recycledFileStream(stored.path, start, end, recycler);
  if (stored.path) return createReadStream(stored.path, { start, end, highWaterMark: CHUNK });
  return lazy(() => readRange(stored, start, end));
}

/** The bytes of a source from start to end (inclusive) as a stream, reading the file lazily. */
function streamOf(src: Source, recycler?: ChunkRecycler, start = 0, end = src.size - 1): Readable {
  if (src.stored && src.head.length === 0)
    return storedStream(src.stored, src.offset + start, src.offset + end, recycler);
  const out = new PassThrough({ highWaterMark: CHUNK });
  const headEnd = Math.min(end + 1, src.head.length);
  if (start < headEnd) out.write(src.head.subarray(start, headEnd));
  if (!src.stored || end < src.head.length) {
    out.end();
    return out;
  }
  const fileStart = src.offset + Math.max(0, start - src.head.length);
  const fileEnd = src.offset + (end - src.head.length);
  const file = storedStream(src.stored, fileStart, fileEnd, recycler);
  file.on('error', (err) => out.destroy(err));
  file.pipe(out);
  return out;
}

/** A name safe in a Content-Disposition header and as a ZIP entry: no folder, no control character. */
export function safeFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const clean = base
    .replace(/[\p{Cc}"]/gu, '')
    .trim()
    .replace(/^\.+/, '');
  return clean.slice(0, 200) || 'file';
}

function disposition(kind: 'inline' | 'attachment', name: string): string {
  const safe = safeFileName(name);
  const ascii = safe.replace(/[^\x20-\x7e]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(safe)}`;
}

/** Answers a source with one byte range when asked (206, 416), as an attachment or inline. */
export function sourceResponse(
  request: Request,
  src: Source,
  kind: 'inline' | 'attachment',
  headers: Record<string, string>,
  waitForRoom?: WaitForRoom,
): Response {
  const range = parseRange(request.headers.get('range') ?? undefined, src.size);
  if (range === 'unsatisfiable') {
    return new Response('Range not satisfiable', {
      status: 416,
      headers: { ...headers, 'Content-Range': `bytes */${src.size}` },
    });
  }
  const start = range?.start ?? 0;
  const end = range?.end ?? src.size - 1;
  const common = {
    ...headers,
    'Content-Type': src.type,
    'Content-Disposition': disposition(kind, src.name),
    'Accept-Ranges': 'bytes',
    'Content-Length': String(src.size === 0 ? 0 : end - start + 1),
    ...(range ? { 'Content-Range': `bytes ${start}-${end}/${src.size}` } : {}),
  };
  if (request.method === 'HEAD' || src.size === 0)
    return new Response(null, { status: range ? 206 : 200, headers: common });
  const recycler = new ChunkRecycler(CHUNK);
  const body = pacedBody(streamOf(src, recycler, start, end), waitForRoom, recycler);
  return new Response(body, { status: range ? 206 : 200, headers: common });
}

/** Whether a request starts a download (not a resumed part of one): only those are counted. */
export function startsDownload(request: Request): boolean {
  const range = request.headers.get('range');
  return request.method !== 'HEAD' && (!range || /^bytes=0-/.test(range.trim()));
}

/**
 * A ZIP of files as a response body, made while it is read: each entry stored as it is (photos and
 * videos are compressed already), one file open at a time, its bytes passed straight through and
 * read into the same few buffers from the first file to the last.
 */
export function zipBody(
  gallery: Gallery,
  files: GalleryFile[],
  size: DownloadSize,
  waitForRoom?: WaitForRoom,
): ReadableStream<Uint8Array> {
  const recycler = new ChunkRecycler(CHUNK);
  return pacedBody(zipOf(gallery, files, size, recycler), waitForRoom, recycler);
}

function zipOf(
  gallery: Gallery,
  files: GalleryFile[],
  size: DownloadSize,
  recycler: ChunkRecycler,
): Readable {
  const zip = new ZipFile();
  const out = zip.outputStream as Readable;
  // A file that cannot be delivered (gone from the store, or a video without its copy free of
  // metadata) ends the ZIP with an error, so the client sees a failed download, not a hang.
  zip.on('error', (err: Error) => out.destroy(err));
  const names = new Set<string>();
  for (const file of files) {
    const name = uniqueName(
      names,
      safeFileName(size === 'web' && file.kind === 'photo' ? webName(file.fileName) : file.fileName),
    );
    zip.addReadStreamLazy(name, { compress: false, mtime: file.createdAt }, (cb) => {
      deliveredFile(gallery, file, size).then(
        (src) => cb(null, streamOf(src, recycler)),
        (err) => cb(err, undefined as unknown as Readable),
      );
    });
  }
  zip.end();
  return out;
}

function uniqueName(taken: Set<string>, name: string): string {
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) {
    candidate = name.replace(/(\.[^.]*)?$/, (ext) => ` (${n})${ext}`);
  }
  taken.add(candidate.toLowerCase());
  return candidate;
}
