// Sends one stored file from the node:http front: ETag and 304, HEAD, and single HTTP byte
// ranges (206 / 416), which phones need to seek in a video. Small files are answered from memory
// while they are unchanged on disk; larger ones are streamed. The caller has already chosen a
// path from validated ids (storage.ts), never from request input.
import type { Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { open, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';

export function plainError(
  res: ServerResponse,
  status: number,
  message: string,
  extra: Record<string, string> = {},
): true {
  // no-store: an AVIF or object that is not ready yet must not stay a cached 404.
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...extra,
  });
  res.end(message);
  return true;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

/** One "bytes=a-b", "bytes=a-" or "bytes=-n" range; null for none or several (then the whole file). */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return null;
  const [, a = '', b = ''] = m;
  if (a === '' && b === '') return null;
  let start: number;
  let end: number;
  if (a === '') {
    const suffix = Number(b);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(a);
    end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/** What a file was when it was read: a kept copy is used only while the file still matches it. */
interface KeptFile {
  body: Buffer;
  ino: number;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
}

const sameFile = (a: Stats | KeptFile, b: Stats | KeptFile) =>
  a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs;

/**
 * Small files (photo derivatives, posters) are kept in memory once read, up to a total size, the
 * least recently sent dropped first. Every request still stats the file, so a file that was
 * removed or replaced is never answered from memory: a kept copy costs one stat instead of an
 * open, a stat, reads and a close. Written by hand: a Map in insertion order is the whole LRU.
 */
class FileMemory {
  private readonly files = new Map<string, KeptFile>();
  private bytes = 0;

  constructor(
    readonly maxFileBytes: number,
    private readonly maxBytes: number,
  ) {}

  get(path: string, stat: Stats): Buffer | undefined {
    const kept = this.files.get(path);
    if (!kept) return undefined;
    this.files.delete(path);
    if (!sameFile(kept, stat)) {
      this.bytes -= kept.body.length;
      return undefined;
    }
    this.files.set(path, kept);
    return kept.body;
  }

  keep(path: string, stat: Stats, body: Buffer): void {
    if (body.length > this.maxFileBytes || body.length !== stat.size) return;
    const old = this.files.get(path);
    if (old) {
      this.files.delete(path);
      this.bytes -= old.body.length;
    }
    for (const [oldest, file] of this.files) {
      if (this.bytes + body.length <= this.maxBytes) break;
      this.files.delete(oldest);
      this.bytes -= file.body.length;
    }
    const { ino, size, mtimeMs, ctimeMs } = stat;
    this.files.set(path, { body, ino, size, mtimeMs, ctimeMs });
    this.bytes += body.length;
  }
}

const memory = new FileMemory(1024 * 1024, 64 * 1024 * 1024);

/** A file's bytes and the facts they belong to, both from one open handle. */
async function readWhole(path: string): Promise<{ stat: Stats; body: Buffer } | null> {
  let file: FileHandle;
  try {
    file = await open(path, 'r');
  } catch {
    return null;
  }
  try {
    const stat = await file.stat();
    if (!stat.isFile()) return null;
    const body = await file.readFile();
    return body.length === stat.size ? { stat, body } : null;
  } finally {
    await file.close().catch(() => {});
  }
}

export async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  contentType: string,
  headers: Record<string, string>,
): Promise<true> {
  // Small files come from memory while they are unchanged on disk; a miss reads them whole.
  const current = await stat(path).catch(() => null);
  if (!current?.isFile()) return plainError(res, 404, 'Not found');
  if (current.size <= memory.maxFileBytes) {
    let body = memory.get(path, current);
    let facts: Stats = current;
    if (!body) {
      const read = await readWhole(path);
      if (!read) return streamFile(req, res, path, contentType, headers);
      memory.keep(path, read.stat, read.body);
      body = read.body;
      facts = read.stat;
    }
    return sendBytes(req, res, body, facts, contentType, headers);
  }
  return streamFile(req, res, path, contentType, headers);
}

const etagOf = (stat: Stats) => `"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}"`;

/**
 * What both ways of sending share: the ETag, a 304 for a matching If-None-Match, and the byte range
 * (416 when it cannot be met). Returns true when it has answered, else the headers and the range.
 */
function answerConditional(
  req: IncomingMessage,
  res: ServerResponse,
  stat: Stats,
  size: number,
  headers: Record<string, string>,
): true | { common: Record<string, string>; range: { start: number; end: number } | null } {
  const etag = etagOf(stat);
  const common = { ...headers, 'X-Content-Type-Options': 'nosniff', 'Accept-Ranges': 'bytes', ETag: etag };
  if (matchesEtag(req.headers['if-none-match'], etag)) {
    res.writeHead(304, common);
    res.end();
    return true;
  }
  const range = parseRange(req.headers.range, size);
  if (range === 'unsatisfiable') {
    return plainError(res, 416, 'Range not satisfiable', { 'Content-Range': `bytes */${size}` });
  }
  return { common, range };
}

/** ETag, 304, HEAD and one byte range, answered from bytes in memory. */
function sendBytes(
  req: IncomingMessage,
  res: ServerResponse,
  body: Buffer,
  stat: Stats,
  contentType: string,
  headers: Record<string, string>,
): true {
  const checked = answerConditional(req, res, stat, body.length, headers);
  if (checked === true) return true;
  const { common, range } = checked;
  const part = range ? body.subarray(range.start, range.end + 1) : body;
  res.writeHead(range ? 206 : 200, {
    ...common,
    'Content-Type': contentType,
    'Content-Length': String(part.length),
    ...(range ? { 'Content-Range': `bytes ${range.start}-${range.end}/${body.length}` } : {}),
  });
  res.end(req.method === 'HEAD' ? undefined : part);
  return true;
}

/** Streams a file from disk: for files too large to keep in memory. */
async function streamFile(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  contentType: string,
  headers: Record<string, string>,
): Promise<true> {
  let file: FileHandle;
  try {
    file = await open(path, 'r');
  } catch {
    return plainError(res, 404, 'Not found');
  }
  let streaming = false;
  try {
    // stat the open handle, not the path: a concurrent atomic rename cannot mix two files' facts.
    const stat = await file.stat();
    if (!stat.isFile()) return plainError(res, 404, 'Not found');
    const checked = answerConditional(req, res, stat, stat.size, headers);
    if (checked === true) return true;
    const { common, range } = checked;
    const start = range?.start ?? 0;
    const end = range?.end ?? stat.size - 1;
    res.writeHead(range ? 206 : 200, {
      ...common,
      'Content-Type': contentType,
      'Content-Length': String(stat.size === 0 ? 0 : end - start + 1),
      ...(range ? { 'Content-Range': `bytes ${start}-${end}/${stat.size}` } : {}),
    });
    if (req.method === 'HEAD' || stat.size === 0) {
      res.end();
      return true;
    }
    streaming = true; // the stream closes the handle when it ends or fails
    await pipeline(file.createReadStream({ start, end, autoClose: true }), res).catch(() => res.destroy());
    return true;
  } finally {
    if (!streaming) await file.close().catch(() => {});
  }
}
