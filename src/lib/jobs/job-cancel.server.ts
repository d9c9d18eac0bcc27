// The owner cancelling an accepted drone job: what the client paid is refunded up to the amount the
// owner chose (never more than was paid), the most recent payment first (the balance, then the
// deposit), each through the provider that took it; the job becomes cancelled with the reason; a
// credit note from the credit-note sequence is issued for what each invoiced payment gave back; the
// client is mailed; and a card payment the client started and did not finish is cancelled at
// Stripe. Each refund is recorded as soon as the provider makes it, so a cancellation that stops
// half-way (a refusal, a timeout) is finished by trying again, which skips what was refunded
// already and never refunds twice. A refusal changes nothing else and says so.
import { and, eq, sql } from 'drizzle-orm';
import { issueJobDocument, jobDocumentOf } from '~/lib/checkout/invoices.server';
import type { Db, Tx } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { formatEuro } from '~/lib/platform/shared/format';
import { irishDay } from '~/lib/platform/shared/irish-dates';
import { type Invoice, jobPayments, type Quote, quotes } from '~db/schema';
import { fullDay } from './deposit-rules';
import { queueJobCancelledMail } from './job-cancel-mails.server';
import {
  cancelUnfinishedCardPayments,
  isRefusal,
  type JobRefund,
  type JobRefunders,
  refundJobPayment,
} from './job-cancel-refunds.server';
import {
  creditedVatCents,
  type JobCancelInput,
  type RefundablePayment,
  refundableCents,
  shareRefund,
} from './job-cancel-rules';
import { paidPaymentsOf } from './job-cancel-view.server';
import { mailableQuoteToken } from './quote-link.server';
import { type QuoteView, quoteView } from './quote-view.server';

export const NOT_ACCEPTED_TO_CANCEL =
  'Only an accepted job can be cancelled: withdraw a quote that is not accepted yet.';

const cancelledOn = (quote: Quote) =>
  `This job was cancelled on ${quote.cancelledAt ? fullDay(irishDay(quote.cancelledAt)) : 'an earlier day'}.`;

function findQuote(db: Db | Tx, id: string): Quote {
  const quote = db.select().from(quotes).where(eq(quotes.id, id)).get();
  if (!quote) throw new HttpError(404, 'There is no such quote.');
  return quote;
}

const refundable = (db: Db, quoteId: string): RefundablePayment[] =>
  paidPaymentsOf(db, quoteId).map((p) => ({
    id: p.id,
    kind: p.kind,
    amountCents: p.amountCents,
    refundedCents: p.refundedCents,
    refunded: p.refundId !== null,
  }));

// Cancellations of one job in this process run one after another: the second finds the job
// cancelled (or its refunds recorded) before it asks a provider. Across processes the providers'
// idempotency keys and the conditional updates below keep it right.
const inFlight = new Map<string, Promise<unknown>>();

export async function cancelJob(
  db: Db,
  refunders: JobRefunders,
  quoteId: string,
  input: JobCancelInput,
  now = new Date(),
): Promise<QuoteView> {
  const previous = inFlight.get(quoteId) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(() => cancelOnce(db, refunders, quoteId, input, now));
  inFlight.set(quoteId, run);
  try {
    return await run;
  } finally {
    if (inFlight.get(quoteId) === run) inFlight.delete(quoteId);
  }
}

async function cancelOnce(
  db: Db,
  refunders: JobRefunders,
  quoteId: string,
  input: JobCancelInput,
  now: Date,
): Promise<QuoteView> {
  const quote = findQuote(db, quoteId);
  if (quote.status === 'cancelled') throw new HttpError(409, cancelledOn(quote));
  if (quote.status !== 'accepted') throw new HttpError(409, NOT_ACCEPTED_TO_CANCEL);

  const payments = refundable(db, quoteId);
  const paid = refundableCents(payments);
  if (input.refundCents > paid) {
    throw new HttpError(
      422,
      paid === 0
        ? 'The client paid nothing on this job, so there is nothing to refund: cancel it with a refund of €0.00.'
        : `At most ${formatEuro(paid)} can be refunded: that is what the client paid on this job.`,
    );
  }
  const shares = shareRefund(payments, input.refundCents);
  if (!shares) {
    const done = payments.reduce((sum, p) => sum + (p.refunded ? p.refundedCents : 0), 0);
    throw new HttpError(
      422,
      `${formatEuro(done)} of this job was refunded already: the refund cannot be less than that.`,
    );
  }

  for (const share of shares) {
    const payment = paidPaymentsOf(db, quoteId).find((p) => p.id === share.paymentId);
    if (!payment || payment.refundId) continue;
    let refund: JobRefund;
    try {
      refund = await refundJobPayment(payment, share.cents, refunders);
    } catch (err) {
      if (isRefusal(err)) {
        db.update(jobPayments)
          .set({ refundRefusals: sql`${jobPayments.refundRefusals} + 1` })
          .where(eq(jobPayments.id, payment.id))
          .run();
      }
      throw err;
    }
    // Recorded at once, on its own: a later refusal must not lose a refund the provider made.
    db.update(jobPayments)
      .set({ refundedCents: refund.amountCents, refundId: refund.id, refundedAt: now })
      .where(eq(jobPayments.id, payment.id))
      .run();
  }

  const { view, unfinishedCards } = db.transaction((tx) => {
    const moved = tx
      .update(quotes)
      .set({ status: 'cancelled', cancelledAt: now, cancelReason: input.reason, updatedAt: now })
      .where(and(eq(quotes.id, quoteId), eq(quotes.status, 'accepted')))
      .run();
    const current = findQuote(tx, quoteId);
    if (moved.changes !== 1) throw new HttpError(409, cancelledOn(current));
    // A payment the client started and has not finished can no longer be captured: the capture
    // refuses a failed payment before it asks the provider, so no money is taken for a cancelled job.
    const unfinished = tx
      .update(jobPayments)
      .set({ status: 'failed' })
      .where(and(eq(jobPayments.quoteId, quoteId), eq(jobPayments.status, 'pending')))
      .returning({ provider: jobPayments.provider, providerOrderId: jobPayments.providerOrderId })
      .all();
    // A credit note for what each invoiced payment gave back, numbered with the cancellation so a
    // rollback takes its number back. A deposit paid in test mode had no invoice, so it gets none.
    const notes: Invoice[] = [];
    for (const p of paidPaymentsOf(tx, quoteId)) {
      const invoice = jobDocumentOf(tx, quoteId, p.kind, 'invoice');
      if (p.refundedCents <= 0 || !invoice) continue;
      notes.push(
        issueJobDocument(
          tx,
          'credit_note',
          {
            quoteId,
            jobPart: p.kind,
            buyerName: current.acceptedName ?? current.clientName,
            amountCents: p.refundedCents,
            vatCents: creditedVatCents(invoice, p.refundedCents, current.vatRateBp),
          },
          now,
        ),
      );
    }
    const cancelled = quoteView(tx, current, now);
    queueJobCancelledMail(
      tx,
      cancelled,
      mailableQuoteToken(tx, quoteId),
      notes.map((n) => n.id),
    );
    const cards = unfinished.filter((p) => p.provider === 'stripe').map((p) => p.providerOrderId);
    return { view: cancelled, unfinishedCards: cards };
  });
  // Stripe would take the money of a card payment still open in the client's browser without
  // asking this site: it is cancelled there too.
  await cancelUnfinishedCardPayments(unfinishedCards, refunders);
  return view;
}
