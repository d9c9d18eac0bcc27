// Serves photo derivatives for the node:http front, before Astro sees the request.
// The URL only selects among validated parts (id, ladder width, format); the file path itself comes
// from storage.ts, so nothing outside uploads/media/ is reachable, encoded or not.
// A derivative never changes under its URL, hence the year-long immutable cache.
import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { isMediaWidth, isValidMediaId, MEDIA_CONTENT_TYPES, type MediaFormat } from '../shared/media';
import { derivativePath } from './storage';

const PREFIX = '/media/';
const ROUTE = /^\/media\/([A-Za-z0-9_-]+)\/([1-9][0-9]{0,3})\.(avif|webp|jpg)$/;
// Percent-escapes, backslashes, NUL, dot segments and empty segments have no place in a media URL.
const SUSPICIOUS = /[%\\\0]|\.\.|\/\//;

function fail(
  res: ServerResponse,
  status: number,
  message: string,
  extra: Record<string, string> = {},
): true {
  // no-store: an AVIF that is not ready yet must not stay a cached 404.
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

/** Handles GET/HEAD of /media/{mediaId}/{width}.{ext}; returns false for any other path. */
export async function serveMedia(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
): Promise<boolean> {
  if (!pathname.startsWith(PREFIX)) return false;
  if (SUSPICIOUS.test(pathname)) return fail(res, 400, 'Bad request');
  const m = ROUTE.exec(pathname);
  const [, mediaId = '', widthText = '', ext = ''] = m ?? [];
  const width = Number(widthText);
  if (!m || !isValidMediaId(mediaId) || !isMediaWidth(width)) return fail(res, 404, 'Not found');
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return fail(res, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
  }
  const format = ext as MediaFormat;

  let file: FileHandle;
  try {
    file = await open(derivativePath(mediaId, width, format), 'r');
  } catch {
    return fail(res, 404, 'Not found');
  }
  let streaming = false;
  try {
    // stat the open handle, not the path: a concurrent atomic rename cannot mix two files' facts.
    const stat = await file.stat();
    if (!stat.isFile()) return fail(res, 404, 'Not found');
    const etag = `"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}"`;
    const headers = {
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      ETag: etag,
    };
    if (matchesEtag(req.headers['if-none-match'], etag)) {
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    res.writeHead(200, {
      ...headers,
      'Content-Type': MEDIA_CONTENT_TYPES[format],
      'Content-Length': String(stat.size),
    });
    if (req.method === 'HEAD') {
      res.end();
      return true;
    }
    streaming = true; // the stream closes the handle when it ends or fails
    await pipeline(file.createReadStream({ autoClose: true }), res).catch(() => res.destroy());
    return true;
  } finally {
    if (!streaming) await file.close().catch(() => {});
  }
}
