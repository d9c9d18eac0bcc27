// Sends one stored file from the node:http front: ETag and 304, HEAD, and single HTTP byte
// ranges (206 / 416), which phones need to seek in a video. The caller has already chosen a
// path from validated ids (storage.ts), never from request input.
import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';
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

export async function sendFile(
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
    const etag = `"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}"`;
    const common = { ...headers, 'X-Content-Type-Options': 'nosniff', 'Accept-Ranges': 'bytes', ETag: etag };
    if (matchesEtag(req.headers['if-none-match'], etag)) {
      res.writeHead(304, common);
      res.end();
      return true;
    }
    const range = parseRange(req.headers.range, stat.size);
    if (range === 'unsatisfiable') {
      return plainError(res, 416, 'Range not satisfiable', { 'Content-Range': `bytes */${stat.size}` });
    }
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
