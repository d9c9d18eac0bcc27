// A quote link is a password: its token is 256 random bits, sent only in the client's mail, and
// only its SHA-256 is stored, so a copy of the database accepts no quote. A lookup goes by the hash
// (an index lookup of a digest, which tells nothing about the token); text that cannot be a token is
// refused before any lookup, with the same answer as an unknown one.
import { createHash, randomBytes } from 'node:crypto';
import { getConfig } from '~/lib/platform/server/config';

const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The address the client opens. */
export const quoteUrl = (token: string): string => `${getConfig().siteUrl}/quote/${token}`;
/** The quote as a PDF, at the same secret address. */
export const quotePdfUrl = (token: string): string => `${quoteUrl(token)}/pdf`;

/** A new token (base64url, 43 characters) and the hash to store. */
export function newQuoteToken(): { token: string; tokenHash: string } {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, tokenHash: createHash('sha256').update(token).digest('hex') };
}

/** The stored form of a token, or null for text that cannot be one. */
export function hashQuoteToken(token: string): string | null {
  if (!TOKEN_PATTERN.test(token)) return null;
  return createHash('sha256').update(token).digest('hex');
}
