// A gallery link is a password: its token is 256 random bits, sent only in the recipient's link, and
// only its SHA-256 is stored, so a copy of the database opens no gallery. A lookup goes by the hash
// (an index lookup of a digest, which leaks nothing about the token), and the PIN is compared in
// constant time.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { getConfig } from '~/lib/platform/server/config';
import { LINK_TOKEN_BYTES, LINK_TOKEN_PATTERN } from './gallery-rules';

/** The address a recipient opens. */
export const linkUrl = (token: string): string => `${getConfig().siteUrl}/g/${token}`;

/** A new link token (base64url, 43 characters) and the hash to store. */
export function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(LINK_TOKEN_BYTES).toString('base64url');
  return { token, tokenHash: createHash('sha256').update(token).digest('hex') };
}

/** The stored form of a token, or null for text that cannot be a token (checked before any lookup). */
export function hashLinkToken(token: string): string | null {
  if (!LINK_TOKEN_PATTERN.test(token)) return null;
  return createHash('sha256').update(token).digest('hex');
}

/** The stored form of a gallery's 4-digit PIN: keyed with the site's secret, so 10,000 guesses offline need it. */
export function hashPin(pin: string, secret: string = getConfig().authSecret): string {
  return createHmac('sha256', secret).update(`gallery-pin:${pin}`).digest('hex');
}

/** Whether a typed PIN is the gallery's, compared in constant time. */
export function pinMatches(pin: string, pinHash: string, secret?: string): boolean {
  if (!/^\d{4}$/.test(pin)) return false;
  const a = Buffer.from(hashPin(pin, secret), 'hex');
  const b = Buffer.from(pinHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
