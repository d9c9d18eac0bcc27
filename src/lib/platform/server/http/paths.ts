// One way to judge a request's path. The front normalises every path once, before access,
// caching or routing is decided on it, and hands Astro the normalised form; the middleware
// normalises again, so both always judge the same path that the router matches.
//
// Astro's router folds a leading `//` away and decodes percent-escapes, while a naive check
// on the raw path sees `//api/admin` or `/%61pi/admin` as something else: that gap let requests
// past the owner check. Here a path is decoded once, its repeated slashes collapsed, `.` and `..`
// resolved and its trailing slash dropped. What cannot be decoded cleanly is refused.

/** Control characters, whitespace and backslashes never appear in a path of this site. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const FORBIDDEN = /[\s\u0000-\u001f\u007f\\]/;
/** A percent-escape left after one decoding means the path was encoded twice. */
const ESCAPE = /%[0-9a-f]{2}/i;

/**
 * The canonical form of a raw request path (without its query), or null when it cannot be
 * judged safely: it does not start with `/`, it has a bad or double percent-encoding, or it
 * holds control characters, whitespace or a backslash (raw or encoded).
 */
export function normalizePath(raw: string): string | null {
  if (!raw.startsWith('/') || raw.includes('\\')) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (ESCAPE.test(decoded) || FORBIDDEN.test(decoded)) return null;
  const segments: string[] = [];
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

/** The canonical path written back as a URL path: what a URL may not hold as it is is percent-encoded. */
export function encodePath(canonical: string): string {
  return encodeURI(canonical).replace(/[?#]/g, encodeURIComponent);
}

/** Splits a request target (`/path?query`) into its path and its query (without the `?`). */
export function splitTarget(target: string): { path: string; query: string } {
  const q = target.indexOf('?');
  return q === -1 ? { path: target, query: '' } : { path: target.slice(0, q), query: target.slice(q + 1) };
}
