// What a client takes away from a gallery, when the owner allows it: one file (the original, or a
// JPEG 2048 px on its long side), or many as a ZIP made while it is sent. Every delivered photo
// loses its GPS and camera serial numbers unless the owner switched that off for the gallery; a
// JPEG keeps its image data byte for byte (only its header is rewritten). Single files and videos
// answer HTTP byte ranges, so a download or a video's seek resumes where it stopped. The ZIP stores
// each entry without recompression, reads one file at a time and writes no temporary file, so its
// memory stays flat whatever the gallery's size; its length is unknown until it ends.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { PassThrough, type Readable } from 'node:stream';
import sharp from 'sharp';
import { ZipFile } from 'yazl';
import { HttpError } from '~/lib/platform/server/http';
import { getLog } from '~/lib/platform/server/log';
import { pacedBody, type WaitForRoom } from '~/lib/platform/server/paced-body';
import { parseRange } from '~/lib/platform/server/send-file';
import type { Gallery } from './gallery-access.server';
import { type GalleryFile, originalFilePath, playableFilePath } from './gallery-file-paths.server';
import { cleanJpegHead, UnreadableJpeg } from './gallery-location.server';
import { WEB_SIZE_PX } from './gallery-rules';
import './zip-crc.server';

/** Read a file in 1 MiB chunks: with node's 64 KiB default a ZIP spent half its time per chunk. */
const CHUNK = 1024 * 1024;

/** Bytes to send: a header held in memory (maybe empty), then a file from an offset to its end. */
export interface Source {
  head: Buffer;
  path: string | null;
  offset: number;
  size: number;
  type: string;
  name: string;
}

export type DownloadSize = 'original' | 'web';

const isJpeg = (file: GalleryFile) => /^image\/(jpeg|jpg|pjpeg)$/i.test(file.contentType);

async function fromDisk(
  path: string,
  head: Buffer,
  offset: number,
  type: string,
  name: string,
): Promise<Source> {
  const { size } = await stat(path);
  return { head, path, offset, size: head.length + size - offset, type, name };
}

function missing(): never {
  throw new HttpError(404, 'This file is not available.');
}

/** A file as the client downloads it, with GPS and serials removed when the gallery says so. */
export async function deliveredFile(
  gallery: Gallery,
  file: GalleryFile,
  size: DownloadSize,
): Promise<Source> {
  const path = originalFilePath(file) ?? missing();
  if (file.kind === 'video') return fromDisk(path, Buffer.alloc(0), 0, file.contentType, file.fileName);
  if (size === 'web') {
    // Made from the original, turned upright, with no metadata at all (sharp keeps none by default).
    const bytes = await sharp(path)
      .rotate()
      .resize(WEB_SIZE_PX, WEB_SIZE_PX, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 88, mozjpeg: true })
      .toBuffer();
    return {
      head: bytes,
      path: null,
      offset: 0,
      size: bytes.length,
      type: 'image/jpeg',
      name: webName(file.fileName),
    };
  }
  if (!gallery.stripLocation) return fromDisk(path, Buffer.alloc(0), 0, file.contentType, file.fileName);
  if (isJpeg(file)) {
    try {
      const { head, restOffset } = await cleanJpegHead(path);
      return fromDisk(path, head, restOffset, file.contentType, file.fileName);
    } catch (err) {
      if (!(err instanceof UnreadableJpeg)) throw err;
      getLog().warn(
        { fileId: file.id, reason: err.message },
        'Gallery JPEG re-encoded to strip its metadata',
      );
    }
  }
  // Other formats (and a JPEG whose header could not be read) are written again without metadata.
  const bytes = await sharp(path).rotate().keepIccProfile().toBuffer();
  return {
    head: bytes,
    path: null,
    offset: 0,
    size: bytes.length,
    type: file.contentType,
    name: file.fileName,
  };
}

/** A video as it plays in the page. */
export async function playableVideo(file: GalleryFile): Promise<Source> {
  const path = playableFilePath(file) ?? missing();
  // The streamable copy is remuxed into the original's own container (a MOV stays a MOV), so
  // it has the original's type.
  return fromDisk(path, Buffer.alloc(0), 0, file.contentType, file.fileName);
}

function webName(name: string): string {
  return `${name.replace(/\.[^.]*$/, '')}-web.jpg`;
}

/** The bytes of a source from start to end (inclusive) as a stream, reading the file lazily. */
function streamOf(src: Source, start = 0, end = src.size - 1): Readable {
  if (src.path && src.head.length === 0)
    return createReadStream(src.path, {
      start: src.offset + start,
      end: src.offset + end,
      highWaterMark: CHUNK,
    });
  const out = new PassThrough({ highWaterMark: CHUNK });
  const headEnd = Math.min(end + 1, src.head.length);
  if (start < headEnd) out.write(src.head.subarray(start, headEnd));
  if (!src.path || end < src.head.length) {
    out.end();
    return out;
  }
  const fileStart = src.offset + Math.max(0, start - src.head.length);
  const fileEnd = src.offset + (end - src.head.length);
  const file = createReadStream(src.path, { start: fileStart, end: fileEnd, highWaterMark: CHUNK });
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
  const body = pacedBody(streamOf(src, start, end), waitForRoom);
  return new Response(body, { status: range ? 206 : 200, headers: common });
}

/** Whether a request starts a download (not a resumed part of one): only those are counted. */
export function startsDownload(request: Request): boolean {
  const range = request.headers.get('range');
  return request.method !== 'HEAD' && (!range || /^bytes=0-/.test(range.trim()));
}

/**
 * A ZIP of files, made while it is read: each entry stored as it is (photos and videos are
 * compressed already), one file open at a time, its bytes passed straight through.
 */
export function zipOf(gallery: Gallery, files: GalleryFile[], size: DownloadSize): Readable {
  const zip = new ZipFile();
  const names = new Set<string>();
  for (const file of files) {
    const name = uniqueName(
      names,
      safeFileName(size === 'web' && file.kind === 'photo' ? webName(file.fileName) : file.fileName),
    );
    zip.addReadStreamLazy(name, { compress: false, mtime: file.createdAt }, (cb) => {
      deliveredFile(gallery, file, size).then(
        (src) => cb(null, streamOf(src)),
        (err) => cb(err, undefined as unknown as Readable),
      );
    });
  }
  zip.end();
  return zip.outputStream as Readable;
}

function uniqueName(taken: Set<string>, name: string): string {
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) {
    candidate = name.replace(/(\.[^.]*)?$/, (ext) => ` (${n})${ext}`);
  }
  taken.add(candidate.toLowerCase());
  return candidate;
}
