// Serves photo derivatives for the node:http front, before Astro sees the request.
// The URL only selects among validated parts (id, ladder width, format); the key itself comes
// from storage.ts, so nothing outside media/ is reachable, encoded or not.
// A derivative never changes under its URL, hence the year-long immutable cache. Media that are
// private (a client gallery's) answer 404 like a media id that does not exist.
// On the local driver the file is sent from disk; on S3 the answer is a redirect to the
// derivative's public address (MEDIA_PUBLIC_URL), which the browser keeps for a day (REDIRECT_CACHE
// says why not longer): the bytes never pass through this process, and no request is made to the
// bucket to answer.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isMediaWidth, isValidMediaId, MEDIA_CONTENT_TYPES, type MediaFormat } from '~/lib/media/media-urls';
import {
  getStorage,
  PUBLIC_CACHE,
  publicUrlOf,
  REDIRECT_CACHE,
} from '~/lib/platform/server/storage/object-store';
import { plainError as fail, sendFile } from '~/lib/platform/server/storage/send-file';
import { derivativeKey } from '~/lib/platform/server/storage/storage';

const PREFIX = '/media/';
const ROUTE = /^\/media\/([A-Za-z0-9_-]+)\/([1-9][0-9]{0,3})\.(avif|webp|jpg)$/;
// Percent-escapes, backslashes, NUL, dot segments and empty segments have no place in a media URL.
const SUSPICIOUS = /[%\\\0]|\.\.|\/\//;

/** Handles GET/HEAD of /media/{mediaId}/{width}.{ext}; returns false for any other path. */
export async function serveMedia(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  isPrivate: (mediaId: string) => boolean = () => false,
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
  if (isPrivate(mediaId)) return fail(res, 404, 'Not found');
  const format = ext as MediaFormat;
  return sendStored(req, res, derivativeKey(mediaId, width, format), MEDIA_CONTENT_TYPES[format], {
    'Cache-Control': PUBLIC_CACHE,
  });
}

/**
 * Answers with a public stored object: the file itself on the local driver (ETag, Range), a 302
 * to its public address on S3, kept by the browser for a day: the object never changes, but the
 * address it lives at may, when the site moves to another store.
 */
export function sendStored(
  req: IncomingMessage,
  res: ServerResponse,
  key: string,
  contentType: string,
  headers: Record<string, string>,
): Promise<boolean> | true {
  const path = getStorage().localPath(key);
  if (path) return sendFile(req, res, path, contentType, headers);
  res.writeHead(302, { Location: publicUrlOf(key) ?? '/', 'Cache-Control': REDIRECT_CACHE });
  res.end();
  return true;
}
