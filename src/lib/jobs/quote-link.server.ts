// A fresh link to an accepted quote, for a mail sent later than the quote (the balance invoice, a
// reminder). Only the token's hash is kept, so the link mailed before cannot be read back: the quote
// gets a new token and the older link stops working, as the mail says.
import { eq } from 'drizzle-orm';
import type { Tx } from '~/lib/platform/server/db';
import { quotes } from '~db/schema';
import { newQuoteToken } from './quote-token.server';

/** Gives the quote a new token, in the caller's transaction; answers the token to mail. */
export function reissueQuoteToken(tx: Tx, quoteId: string): string {
  const { token, tokenHash } = newQuoteToken();
  tx.update(quotes).set({ tokenHash }).where(eq(quotes.id, quoteId)).run();
  return token;
}

/** The sentence under a link that replaced the one mailed before. */
export const REPLACED_LINK = 'This link replaces the one you were sent before, which no longer works.';
