// Quotes for tests: a draft with its lines through the owner's own service, sent when asked, and the
// link's token read back from the client's queued mail (the only place the token is written).

import { eq } from 'drizzle-orm';
import { acceptQuote } from '~/lib/jobs/quote-client.server';
import { createQuote, getQuote, sendQuote } from '~/lib/jobs/quotes.server';
import { type QuoteInput, quoteInputSchema } from '~/lib/jobs/schemas';
import type { Db } from '~/lib/platform/server/db';
import { quotes } from '~db/schema';
import { queuedMails } from './outbox';

/** A half-day package, two hours of editing and 30 km of travel: €299 + €120 + €18 = €437 net. */
export const FARM_QUOTE: QuoteInput = {
  clientName: 'Áine Byrne',
  clientEmail: 'aine@example.ie',
  title: 'Aerial photos of a farm near Aughrim',
  location: 'Aughrim, Co. Wicklow',
  shootDate: '',
  validUntil: '2026-12-17',
  terms: 'A deposit of 30% confirms the booking.',
  lines: [
    { kind: 'package', description: 'Aerial photography, half day', quantity: 1, unitPriceCents: 29_900 },
    { kind: 'editing', description: 'Editing', quantity: 2, unitPriceCents: 6_000 },
    { kind: 'travel', description: 'Travel beyond 50 km', quantity: 30, unitPriceCents: 60 },
  ],
};

export function makeQuote(
  db: Db,
  overrides: Partial<QuoteInput> = {},
  now = new Date('2026-12-03T10:00:00Z'),
) {
  return createQuote(db, quoteInputSchema.parse({ ...FARM_QUOTE, ...overrides }), now);
}

/** The token in the last link mailed to `to`. */
export function mailedQuoteToken(db: Db, to = FARM_QUOTE.clientEmail): string {
  const mail = queuedMails(db)
    .filter((m) => m.to === to && /\/quote\//.test(m.text))
    .at(-1);
  const token = mail?.text.match(/\/quote\/([A-Za-z0-9_-]{43})/)?.[1];
  if (!token) throw new Error(`No quote link was mailed to ${to}`);
  return token;
}

/** A quote sent to the client, with the token of its link. */
export function makeSentQuote(
  db: Db,
  overrides: Partial<QuoteInput> = {},
  now = new Date('2026-12-03T10:00:00Z'),
) {
  const draft = makeQuote(db, overrides, now);
  const sent = sendQuote(db, draft.id, now);
  return { quote: sent, token: mailedQuoteToken(db, sent.clientEmail) };
}

/** The days of a job's story in the service tests: sent, accepted, deposit paid, invoiced, paid. */
export const DAY3 = new Date('2026-12-03T10:00:00Z');
export const DAY5 = new Date('2026-12-05T15:30:00Z');
export const DAY6 = new Date('2026-12-06T09:00:00Z');
export const DAY8 = new Date('2026-12-08T09:00:00Z');
export const DAY9 = new Date('2026-12-09T11:00:00Z');
/** The client who accepts, as the request shows them. */
export const CLIENT = { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (iPhone)' };
/** One package of €317.00, no VAT: a deposit of 30% is €95.10, the balance €221.90. */
export const ONE_LINE = {
  lines: [
    {
      kind: 'package' as const,
      description: 'Aerial photography, half day',
      quantity: 1,
      unitPriceCents: 31_700,
    },
  ],
};

/**
 * A quote of ONE_LINE (with `overrides`) sent on DAY3 and accepted by the client on DAY5 for its
 * total, at `vatRateBp` when given; with the token of its link.
 */
export function makeAcceptedQuote(db: Db, overrides: Partial<QuoteInput> = {}, vatRateBp = 0) {
  const { quote, token } = makeSentQuote(db, { ...ONE_LINE, ...overrides }, DAY3);
  if (vatRateBp) db.update(quotes).set({ vatRateBp }).where(eq(quotes.id, quote.id)).run();
  const gross = getQuote(db, quote.id, DAY3).totals.grossCents;
  acceptQuote(
    db,
    token,
    { name: 'Áine Byrne', acceptTerms: true, totalCents: gross },
    { ...CLIENT, now: DAY5 },
  );
  return { id: quote.id, token };
}

/** The status and sentence of the refusal `fn` throws; fails the test when it is not refused. */
export async function refusalOf(fn: () => unknown): Promise<{ status: number; message: string }> {
  try {
    await fn();
  } catch (err) {
    return { status: (err as { status: number }).status, message: (err as Error).message };
  }
  throw new Error('not refused');
}
