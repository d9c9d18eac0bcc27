// Who may see a gallery through a link /g/{token}. The token is looked up by its SHA-256 (a digest
// lookup leaks nothing about the token, so no timing tells a guesser how close they came); a
// revoked or expired link, or an expired gallery, is gone (410) and says nothing about the gallery.
// A gallery with a PIN asks for it once per link: the right PIN sets a cookie signed for that link
// and that PIN (changing the PIN closes every browser's door again). Five wrong tries from one link
// or from one address in a quarter of an hour are refused with 429 and the wait.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { getConfig } from '~/lib/platform/server/config';
import type { Db } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { RateLimiter, waitInWords } from '~/lib/platform/server/http/rate-limit';
import { galleries, galleryLinks } from '~db/schema';
import { PIN_TRIES } from './gallery-rules';
import { hashLinkToken, pinMatches } from './link-token.server';

export type Gallery = typeof galleries.$inferSelect;
export type GalleryLink = typeof galleryLinks.$inferSelect;

export type LinkState =
  | { state: 'unknown' }
  | { state: 'gone' }
  | { state: 'open'; link: GalleryLink; gallery: Gallery };

/** The link a token opens, judged at `now`. */
export function openLink(db: Db, token: string, now = new Date()): LinkState {
  const tokenHash = hashLinkToken(token);
  if (!tokenHash) return { state: 'unknown' };
  const row = db
    .select({ link: galleryLinks, gallery: galleries })
    .from(galleryLinks)
    .innerJoin(galleries, eq(galleries.id, galleryLinks.galleryId))
    .where(eq(galleryLinks.tokenHash, tokenHash))
    .get();
  if (!row) return { state: 'unknown' };
  const { link, gallery } = row;
  const past = (at: Date | null) => at !== null && at.getTime() <= now.getTime();
  if (link.revokedAt || past(link.expiresAt) || past(gallery.expiresAt)) return { state: 'gone' };
  return { state: 'open', link, gallery };
}

// ---------------------------------------------------------------- PIN

const COOKIE = 'gallery_pin';
const COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;
const PIN_WINDOW_MS = 15 * 60_000;
// The fifth wrong try is the one refused with 429: the limiter allows PIN_TRIES - 1 before it.
const pinTries = new RateLimiter(PIN_TRIES - 1, PIN_WINDOW_MS);

function pinProof(link: GalleryLink, pinHash: string, secret: string): string {
  return createHmac('sha256', secret).update(`gallery-pin-ok:${link.id}:${pinHash}`).digest('base64url');
}

/**
 * What a print of a PIN gallery's photo carries in the cart: proof that the PIN was given through
 * this link. The PIN cookie is sent only below /g/{token}, never to the checkout, so the gallery
 * page (rendered only after the PIN) hands this to its print dialog instead. It opens nothing but
 * the ordering of prints; it changes when the PIN does. Null for a gallery with no PIN.
 */
export function printPass(link: GalleryLink, gallery: Gallery): string | null {
  if (!gallery.pinHash) return null;
  return createHmac('sha256', getConfig().authSecret)
    .update(`gallery-print-ok:${link.id}:${gallery.pinHash}`)
    .digest('base64url');
}

/** Whether a cart line's pass is this link's (always true for a gallery with no PIN). */
export function printPassMatches(given: string | undefined, link: GalleryLink, gallery: Gallery): boolean {
  const expected = printPass(link, gallery);
  if (expected === null) return true;
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The cookie that opens this link's PIN door, sent only below the link's own path. */
export function pinCookie(token: string, link: GalleryLink, gallery: Gallery): string {
  const config = getConfig();
  const secure = config.siteUrl.startsWith('https://') ? '; Secure' : '';
  const value = pinProof(link, gallery.pinHash ?? '', config.authSecret);
  return `${COOKIE}=${value}; Path=/g/${token}; Max-Age=${COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure}`;
}

/** Whether the request may see the gallery: it has no PIN, or the request holds this link's cookie. */
export function pinPassed(cookieHeader: string | null, link: GalleryLink, gallery: Gallery): boolean {
  if (!gallery.pinHash) return true;
  const expected = Buffer.from(pinProof(link, gallery.pinHash, getConfig().authSecret));
  return (cookieHeader ?? '').split(';').some((pair) => {
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at).trim() !== COOKIE) return false;
    const given = Buffer.from(pair.slice(at + 1).trim());
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

export type PinOutcome =
  | { ok: true }
  | { ok: false; status: 403 | 429; message: string; retryAfter?: number };

/**
 * Checks a typed PIN. A wrong one counts against the link and the address; the fifth is refused with
 * 429 and the wait, and so is every try after it until the wait is over, even the right PIN (so the
 * limit cannot be probed past). The right one clears the link's count.
 */
export function tryPin(
  link: GalleryLink,
  gallery: Gallery,
  pin: string,
  ip: string,
  now = Date.now(),
): PinOutcome {
  if (!gallery.pinHash) return { ok: true };
  const linkKey = `link:${link.id}`;
  const ipKey = `ip:${ip}`;
  if (pinMatches(pin, gallery.pinHash) && !blocked(linkKey, ipKey, now)) {
    pinTries.reset(linkKey);
    return { ok: true };
  }
  const wait = Math.max(pinTries.hit(linkKey, now), pinTries.hit(ipKey, now));
  if (wait > 0) {
    return {
      ok: false,
      status: 429,
      message: `Too many wrong PINs. Please wait ${waitInWords(wait)} and try again.`,
      retryAfter: wait,
    };
  }
  return { ok: false, status: 403, message: 'That PIN is not right. Please check it and try again.' };
}

/** Over the limit already: a peek that adds no try. */
function blocked(linkKey: string, ipKey: string, now: number): boolean {
  return pinTries.waitFor(linkKey, now) > 0 || pinTries.waitFor(ipKey, now) > 0;
}

// ---------------------------------------------------------------- endpoints

/**
 * For the endpoints below /g/{token}: the open link and its gallery, or the error to answer: 404 for a
 * token no link has, 410 for a link that is gone, 401 while the PIN has not been given.
 */
export function requireLink(
  db: Db,
  token: string,
  request: Request,
): { link: GalleryLink; gallery: Gallery } {
  const found = openLink(db, token);
  if (found.state === 'unknown') throw new HttpError(404, 'This gallery link is not known.');
  if (found.state === 'gone') throw new HttpError(410, 'This gallery link has expired or was revoked.');
  if (!pinPassed(request.headers.get('cookie'), found.link, found.gallery)) {
    throw new HttpError(401, 'Please enter the gallery’s PIN first.');
  }
  return { link: found.link, gallery: found.gallery };
}

/** Counts a visit of the page on the link (the owner sees views and the last visit). */
export function countVisit(db: Db, link: GalleryLink, now = new Date()): void {
  db.update(galleryLinks)
    .set({ views: sql`${galleryLinks.views} + 1`, lastVisitAt: now })
    .where(eq(galleryLinks.id, link.id))
    .run();
}

/** Counts a download on the link. */
export function countDownload(db: Db, link: GalleryLink): void {
  db.update(galleryLinks)
    .set({ downloads: sql`${galleryLinks.downloads} + 1` })
    .where(eq(galleryLinks.id, link.id))
    .run();
}

/**
 * Headers of every answer below /g/: never stored, never indexed, and no Referer carrying the token
 * off the site. `same-origin` rather than `no-referrer`: with no-referrer a browser sends
 * `Origin: null` on the page's own form posts and fetches, which the cross-site check rightly refuses.
 */
export const PRIVATE_HEADERS = {
  'Cache-Control': 'private, no-store',
  'Referrer-Policy': 'same-origin',
  'X-Robots-Tag': 'noindex, nofollow',
} as const;
