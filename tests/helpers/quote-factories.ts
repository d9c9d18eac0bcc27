// Quotes for tests: a draft with its lines through the owner's own service, sent when asked, and the
// link's token read back from the client's queued mail (the only place the token is written).

import { createQuote, sendQuote } from '~/lib/jobs/quotes.server';
import { type QuoteInput, quoteInputSchema } from '~/lib/jobs/schemas';
import type { Db } from '~/lib/platform/server/db';
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
