// A quote link is a password: its token is 256 bits that only the site can make, sent only in the
// client's mails, and only its SHA-256 is stored, so a copy of the database accepts no quote. A
// lookup goes by the hash (an index lookup of a digest, which tells nothing about the token); text
// that cannot be a token is refused before any lookup, with the same answer as an unknown one.
//
// The token is an HMAC of the quote's id under a key derived from the site secret, so that every
// mail about one job (the quote, a revision, the balance invoice, reminders, a cancellation) carries
// the same link, and a link the client saved keeps working. Links mailed before tokens were made
// this way were random; `mailableQuoteToken` moves such a quote to its made token the first time a
// mail needs the link, and says so.
import { createHash, createHmac, hkdfSync } from 'node:crypto';
import { getConfig } from '~/lib/platform/server/config';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const INFO = 'wicklow quote links v1';

/** The address the client opens. */
export const quoteUrl = (token: string): string => `${getConfig().siteUrl}/quote/${token}`;
/** The quote as a PDF, at the same secret address. */
export const quotePdfUrl = (token: string): string => `${quoteUrl(token)}/pdf`;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The quote's token (base64url, 43 characters) and the hash to store. */
export function quoteToken(
  quoteId: string,
  siteSecret = getConfig().authSecret,
): { token: string; tokenHash: string } {
  const key = Buffer.from(hkdfSync('sha256', siteSecret, Buffer.alloc(0), INFO, 32));
  const token = createHmac('sha256', key).update(`quote:${quoteId}`).digest('base64url');
  return { token, tokenHash: hashOf(token) };
}

/** The stored form of a token, or null for text that cannot be one. */
export function hashQuoteToken(token: string): string | null {
  if (!TOKEN_PATTERN.test(token)) return null;
  return hashOf(token);
}
