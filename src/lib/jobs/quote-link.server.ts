// The link to put in a mail about a job sent after its quote (the balance invoice, a reminder, a
// cancellation): the quote's one link, the same as in every earlier mail. A quote whose stored link
// is not its made one (mailed before links were made from the quote's id, or under an earlier site
// secret) is moved to it here, in the caller's transaction; only then does the earlier link stop
// working, and the mail says so.
import { eq } from 'drizzle-orm';
import type { Tx } from '~/lib/platform/server/db';
import { type Quote, quotes } from '~db/schema';
import { quoteToken } from './quote-token.server';

export interface MailableLink {
  token: string;
  /** The sentence to put under the link: says the earlier link stopped working, when it did. */
  note: string | null;
}

/** The sentence under a link that replaced the one mailed before. */
export const REPLACED_LINK = 'This link replaces the one you were sent before, which no longer works.';

export function mailableQuoteToken(tx: Tx, quoteId: string): MailableLink {
  const { token, tokenHash } = quoteToken(quoteId);
  const stored = tx.select({ tokenHash: quotes.tokenHash }).from(quotes).where(eq(quotes.id, quoteId)).get();
  if (!stored || stored.tokenHash === tokenHash) return { token, note: null };
  tx.update(quotes).set({ tokenHash }).where(eq(quotes.id, quoteId)).run();
  return { token, note: stored.tokenHash ? REPLACED_LINK : null };
}

/**
 * The token of the link the client holds, when it is the quote's made one; null for a quote still
 * at an earlier link (which cannot be read back) or never sent. Moves nothing.
 */
export function heldQuoteToken(quote: Pick<Quote, 'id' | 'tokenHash'>): string | null {
  const made = quoteToken(quote.id);
  return quote.tokenHash === made.tokenHash ? made.token : null;
}
