// What the client does through the quote's link: open it, accept it (their typed name, the terms
// ticked, and the total they were shown, which must be the server's), or ask for a change. Each
// refusal is a sentence and changes nothing. Two acceptances at the same moment make one: the
// acceptance is a conditional update of a quote still sent, at the version the client read.
import { and, eq, gte } from 'drizzle-orm';
import type { Db, Tx } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { irishDay } from '~/lib/platform/shared/irish-dates';
import { type Quote, quoteMessages, quotes } from '~db/schema';
import { queueChangesMail, queueQuoteAcceptedMails } from './quote-mails.server';
import { longDay, quoteStanding } from './quote-rules';
import { hashQuoteToken } from './quote-token.server';
import { type QuoteView, quoteView } from './quote-view.server';
import type { AcceptQuoteInput } from './schemas';

export const UNKNOWN_LINK = 'This quote link is not valid.';

/** The quote a link opens, or null for any token that opens none (the same for every bad token). */
export function quoteByToken(db: Db | Tx, token: string): Quote | null {
  const hash = hashQuoteToken(token);
  if (!hash) return null;
  return db.select().from(quotes).where(eq(quotes.tokenHash, hash)).get() ?? null;
}

function openByToken(db: Db | Tx, token: string): Quote {
  const quote = quoteByToken(db, token);
  if (!quote) throw new HttpError(404, UNKNOWN_LINK);
  return quote;
}

/** Why a quote cannot be accepted now, as the client reads it, or null when it can. */
export function acceptRefusal(quote: Quote, now: Date): HttpError | null {
  switch (quoteStanding(quote.status, quote.validUntil, irishDay(now))) {
    case 'sent':
      return null;
    case 'accepted':
      return new HttpError(
        409,
        `This quote was already accepted on ${quote.acceptedAt ? longDay(irishDay(quote.acceptedAt)) : 'an earlier day'}.`,
      );
    case 'expired':
      return new HttpError(
        410,
        `This quote expired on ${longDay(quote.validUntil)}; ask the photographer for a new one.`,
      );
    case 'withdrawn':
      return new HttpError(
        410,
        'This quote was withdrawn by the photographer; ask them for a new one if you still need it.',
      );
    case 'cancelled':
      return new HttpError(410, 'This job was cancelled by the photographer.');
    case 'draft':
      return new HttpError(
        409,
        'This quote is being revised: the photographer will send you the new version.',
      );
    case 'changes_requested':
      return new HttpError(
        409,
        'You asked for a change to this quote: the photographer will send you a revised version to accept.',
      );
  }
}

export interface AcceptanceContext {
  ip: string;
  userAgent: string;
  now?: Date;
}

export function acceptQuote(
  db: Db,
  token: string,
  input: AcceptQuoteInput,
  ctx: AcceptanceContext,
): QuoteView {
  const now = ctx.now ?? new Date();
  return db.transaction((tx) => {
    const quote = openByToken(tx, token);
    const refusal = acceptRefusal(quote, now);
    if (refusal) throw refusal;
    const shown = quoteView(tx, quote, now);
    if (input.totalCents !== shown.totals.grossCents) {
      throw new HttpError(
        409,
        'The quote changed since you opened it: reload the page to see the current figures.',
      );
    }
    const done = tx
      .update(quotes)
      .set({
        status: 'accepted',
        acceptedAt: now,
        acceptedName: input.name,
        acceptedIp: ctx.ip,
        acceptedUserAgent: ctx.userAgent.slice(0, 500),
        acceptedTotalCents: shown.totals.grossCents,
        updatedAt: now,
      })
      .where(
        and(
          eq(quotes.id, quote.id),
          eq(quotes.status, 'sent'),
          eq(quotes.revision, quote.revision),
          gte(quotes.validUntil, irishDay(now)),
        ),
      )
      .run();
    if (done.changes !== 1) {
      const again = openByToken(tx, token);
      throw (
        acceptRefusal(again, now) ??
        new HttpError(
          409,
          'The quote changed since you opened it: reload the page to see the current figures.',
        )
      );
    }
    const accepted = quoteView(tx, openByToken(tx, token), now);
    queueQuoteAcceptedMails(tx, accepted, token, ctx.ip, ctx.userAgent);
    return accepted;
  });
}

/** Stores the client's message, marks the quote as changes asked for, and mails the owner. */
export function requestQuoteChanges(db: Db, token: string, message: string, now = new Date()): QuoteView {
  return db.transaction((tx) => {
    const quote = openByToken(tx, token);
    if (quote.status !== 'sent' && quote.status !== 'changes_requested') {
      throw acceptRefusal(quote, now) ?? new HttpError(409, 'This quote cannot be changed now.');
    }
    tx.insert(quoteMessages).values({ quoteId: quote.id, message, createdAt: now }).run();
    tx.update(quotes)
      .set({ status: 'changes_requested', updatedAt: now })
      .where(and(eq(quotes.id, quote.id), eq(quotes.revision, quote.revision)))
      .run();
    const view = quoteView(tx, openByToken(tx, token), now);
    queueChangesMail(tx, view, message);
    return view;
  });
}
