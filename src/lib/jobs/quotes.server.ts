// The owner's quotes: write one (from an enquiry or from nothing), edit it, send it, withdraw it,
// and list them. A quote's lines change only while it is a draft: editing a sent quote (or one the
// client asked to change) makes it a draft again, a new version, and its link then says the quote is
// being revised until it is sent again, at the same link. An accepted quote is never changed.
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { formatEuro } from '~/lib/platform/shared/format';
import { irishDay } from '~/lib/platform/shared/irish-dates';
import { contactInquiries, type Quote, quoteLines, quotes } from '~db/schema';
import { paidDeposit } from './deposit-payments.server';
import { ownerDepositWords } from './deposit-rules';
import { type JobFacts, type JobStage, jobStage, owedWords } from './job-stages';
import { queueQuoteSentMail } from './quote-mails.server';
import type { QuoteListItem, QuoteStanding } from './quote-rules';
import { ownerVatRateBp, saveDefaultDepositPercent, saveDefaultQuoteTerms } from './quote-settings.server';
import { quoteToken } from './quote-token.server';
import { type QuoteView, quoteView } from './quote-view.server';
import type { QuoteData } from './schemas';

const notFound = () => new HttpError(404, 'There is no such quote.');

export function findQuote(db: Db | Tx, id: string): Quote {
  const quote = db.select().from(quotes).where(eq(quotes.id, id)).get();
  if (!quote) throw notFound();
  return quote;
}

export function getQuote(db: Db, id: string, now = new Date()): QuoteView {
  return quoteView(db, findQuote(db, id), now);
}

/** Why an accepted quote cannot be changed or withdrawn: the client's deposit, when paid, says so too. */
function acceptedRefusal(tx: Tx, quoteId: string, verb: 'changed' | 'withdrawn'): HttpError {
  const paid = paidDeposit(tx, quoteId);
  if (paid) {
    return new HttpError(
      409,
      `The client paid a deposit of ${formatEuro(paid.amountCents)} on this quote: it can no longer be ${verb}. Refund the deposit first if the job is off.`,
    );
  }
  return verb === 'changed'
    ? new HttpError(409, 'This quote was accepted: it can no longer be changed.')
    : new HttpError(409, 'This quote was accepted: it cannot be withdrawn.');
}

function writeLines(tx: Tx, quoteId: string, lines: QuoteData['lines']): void {
  tx.delete(quoteLines).where(eq(quoteLines.quoteId, quoteId)).run();
  if (!lines.length) return;
  tx.insert(quoteLines)
    .values(lines.map((l, position) => ({ quoteId, position, ...l })))
    .run();
}

function fields(db: Db | Tx, data: QuoteData) {
  if (data.enquiryId) {
    const enquiry = db
      .select({ id: contactInquiries.id })
      .from(contactInquiries)
      .where(eq(contactInquiries.id, data.enquiryId))
      .get();
    if (!enquiry)
      throw new HttpError(400, 'The enquiry this quote was written from no longer exists.', {
        field: 'enquiryId',
      });
  }
  return {
    clientName: data.clientName,
    clientEmail: data.clientEmail,
    title: data.title,
    location: data.location,
    shootDate: data.shootDate || null,
    validUntil: data.validUntil,
    terms: data.terms,
    depositPercent: data.depositPercent,
    vatRateBp: ownerVatRateBp(db),
  };
}

function saveDefaults(tx: Tx, data: QuoteData): void {
  if (data.saveTermsAsDefault) saveDefaultQuoteTerms(tx, data.terms);
  if (data.saveDepositAsDefault) saveDefaultDepositPercent(tx, data.depositPercent);
}

export function createQuote(db: Db, data: QuoteData, now = new Date()): QuoteView {
  return db.transaction((tx) => {
    const row = tx
      .insert(quotes)
      .values({
        ...fields(tx, data),
        enquiryId: data.enquiryId ?? null,
        status: 'draft',
        createdAt: now,
        updatedAt: now,
      })
      .returning()
      .get();
    writeLines(tx, row.id, data.lines);
    saveDefaults(tx, data);
    return quoteView(tx, row, now);
  });
}

export function updateQuote(db: Db, id: string, data: QuoteData, now = new Date()): QuoteView {
  return db.transaction((tx) => {
    const quote = findQuote(tx, id);
    if (quote.status === 'accepted') throw acceptedRefusal(tx, quote.id, 'changed');
    if (quote.status === 'cancelled')
      throw new HttpError(409, 'This job was cancelled: write a new quote instead.');
    if (quote.status === 'withdrawn')
      throw new HttpError(409, 'This quote was withdrawn: write a new one instead.');
    // A version the client has seen becomes a new draft: its link says it is being revised.
    const seen = quote.status === 'sent' || quote.status === 'changes_requested';
    tx.update(quotes)
      .set({
        ...fields(tx, data),
        status: 'draft',
        revision: seen ? quote.revision + 1 : quote.revision,
        updatedAt: now,
      })
      .where(eq(quotes.id, id))
      .run();
    writeLines(tx, id, data.lines);
    saveDefaults(tx, data);
    return quoteView(tx, findQuote(tx, id), now);
  });
}

/**
 * Sends a draft (or a quote the client asked to change) to the client: the quote's link (the same for
 * every version, so a revision is seen at the link mailed before), mailed with a summary and the
 * PDF's address.
 */
export function sendQuote(db: Db, id: string, now = new Date()): QuoteView {
  return db.transaction((tx) => {
    const quote = findQuote(tx, id);
    if (quote.status === 'sent')
      throw new HttpError(409, 'This quote was sent already. Edit it to send a revised version.');
    if (quote.status === 'accepted') throw new HttpError(409, 'This quote was accepted already.');
    if (quote.status === 'cancelled')
      throw new HttpError(409, 'This job was cancelled: write a new quote instead.');
    if (quote.status === 'withdrawn')
      throw new HttpError(409, 'This quote was withdrawn: write a new one instead.');
    const view = quoteView(tx, quote, now);
    if (!view.lines.length) throw new HttpError(400, 'Add at least one line before sending the quote.');
    if (quote.validUntil < irishDay(now)) {
      throw new HttpError(
        400,
        'The quote’s “valid until” day has passed: choose a later day before sending it.',
        {
          field: 'validUntil',
        },
      );
    }
    const { token, tokenHash } = quoteToken(id);
    const moved = tx
      .update(quotes)
      .set({ status: 'sent', tokenHash, sentAt: now, updatedAt: now })
      .where(and(eq(quotes.id, id), inArray(quotes.status, ['draft', 'changes_requested'])))
      .run();
    if (moved.changes !== 1) throw new HttpError(409, 'This quote changed meanwhile. Please reload it.');
    const sent = quoteView(tx, findQuote(tx, id), now);
    queueQuoteSentMail(tx, sent, token, quote.sentAt !== null);
    return sent;
  });
}

export function withdrawQuote(db: Db, id: string, now = new Date()): QuoteView {
  return db.transaction((tx) => {
    const quote = findQuote(tx, id);
    if (quote.status === 'accepted') throw acceptedRefusal(tx, quote.id, 'withdrawn');
    if (quote.status !== 'withdrawn') {
      tx.update(quotes)
        .set({ status: 'withdrawn', withdrawnAt: now, updatedAt: now })
        .where(and(eq(quotes.id, id), inArray(quotes.status, ['draft', 'sent', 'changes_requested'])))
        .run();
    }
    return quoteView(tx, findQuote(tx, id), now);
  });
}

/** Every quote, newest change first, or those standing as `filter` says, or at the job stage `stage`. */
export function listQuotes(
  db: Db,
  filter: QuoteStanding | 'all' = 'all',
  now = new Date(),
  stage: JobStage | 'all' = 'all',
): QuoteListItem[] {
  return db
    .select()
    .from(quotes)
    .orderBy(desc(quotes.updatedAt))
    .all()
    .map((q) => quoteView(db, q, now))
    .filter((v) => filter === 'all' || v.standing === filter)
    .map((v) => ({ v, facts: jobFacts(v) }))
    .filter(({ facts }) => stage === 'all' || jobStage(facts) === stage)
    .map(({ v, facts }) => ({
      id: v.id,
      clientName: v.clientName,
      title: v.title,
      grossCents: v.totals.grossCents,
      standing: v.standing,
      standingWords: v.standingWords,
      depositWords: v.standing === 'accepted' ? ownerDepositWords(v.deposit, balanceInvoiced(v)) : null,
      stage: jobStage(facts),
      owedWords: owedWords(facts),
      cancellation: v.cancellation,
      paidCents: v.paidCents,
      updatedAt: v.updatedAt,
    }));
}

const jobFacts = (v: QuoteView): JobFacts => ({
  standing: v.standing,
  shootDate: v.shootDate,
  acceptedDay: v.acceptedAt ? irishDay(new Date(v.acceptedAt)) : null,
  deposit: v.deposit,
  balance: v.balance,
  gallery: v.gallery,
});

/** Whether the balance of an accepted quote was invoiced (or paid). */
const balanceInvoiced = (v: QuoteView) => v.balance?.state === 'due' || v.balance?.state === 'paid';
