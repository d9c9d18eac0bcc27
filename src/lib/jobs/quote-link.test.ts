// A job's one link: made from the quote's id under the site secret, the same in every mail, and
// moved once, with a sentence saying so, for a quote whose earlier link was made another way.
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { quoteByToken } from '~/lib/jobs/quote-client.server';
import { mailableQuoteToken, REPLACED_LINK } from '~/lib/jobs/quote-link.server';
import { quoteToken } from '~/lib/jobs/quote-token.server';
import type { Db } from '~/lib/platform/server/db';
import { quotes } from '~db/schema';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { makeSentQuote } from '~tests/helpers/quote-factories';

tempDataDir('quote-link');
let db: Db;
beforeEach(() => {
  db = memoryDb();
});

describe('quote links', () => {
  it('are one per quote, and cannot be made without the site secret', () => {
    expect(quoteToken('q1', 'secret-a').token).toBe(quoteToken('q1', 'secret-a').token);
    expect(quoteToken('q1', 'secret-a').token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(quoteToken('q2', 'secret-a').token).not.toBe(quoteToken('q1', 'secret-a').token);
    expect(quoteToken('q1', 'secret-b').token).not.toBe(quoteToken('q1', 'secret-a').token);
  });

  it('gives every later mail the link the quote was sent with, unchanged', () => {
    const { quote, token } = makeSentQuote(db);
    const link = db.transaction((tx) => mailableQuoteToken(tx, quote.id));
    expect(link).toEqual({ token, note: null });
    expect(quoteByToken(db, token)?.id).toBe(quote.id);
  });

  it('moves a quote sent with a random link to its made one once, and says so', () => {
    const { quote } = makeSentQuote(db);
    const old = randomBytes(32).toString('base64url');
    db.update(quotes)
      .set({ tokenHash: createHash('sha256').update(old).digest('hex') })
      .where(eq(quotes.id, quote.id))
      .run();
    const first = db.transaction((tx) => mailableQuoteToken(tx, quote.id));
    expect(first.note).toBe(REPLACED_LINK);
    expect(quoteByToken(db, old)).toBeNull();
    expect(quoteByToken(db, first.token)?.id).toBe(quote.id);
    expect(db.transaction((tx) => mailableQuoteToken(tx, quote.id))).toEqual({
      token: first.token,
      note: null,
    });
  });
});
