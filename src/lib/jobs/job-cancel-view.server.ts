// A cancelled job as the owner's tab, the client's page and the mails read it: when and why, what
// was refunded of its payments, and the credit notes issued for it; and what the client paid.
import { and, eq } from 'drizzle-orm';
import { documentNumber } from '~/lib/checkout/invoice-number';
import type { Db, Tx } from '~/lib/platform/server/db';
import { irishDay } from '~/lib/platform/shared/irish-dates';
import { statedVatCents } from '~/lib/selling/vat';
import { type Invoice, invoices, type JobPayment, jobPayments, type Quote } from '~db/schema';
import type { CancellationView } from './job-cancel-rules';

/** The job's paid payments (test ones included). */
export const paidPaymentsOf = (db: Db | Tx, quoteId: string): JobPayment[] =>
  db
    .select()
    .from(jobPayments)
    .where(and(eq(jobPayments.quoteId, quoteId), eq(jobPayments.status, 'paid')))
    .all();

export const paidCentsOf = (db: Db | Tx, quoteId: string): number =>
  paidPaymentsOf(db, quoteId).reduce((sum, p) => sum + p.amountCents, 0);

/** The job's credit notes, the balance's first. */
export function jobCreditNotes(db: Db | Tx, quoteId: string): Invoice[] {
  return db
    .select()
    .from(invoices)
    .where(and(eq(invoices.quoteId, quoteId), eq(invoices.kind, 'credit_note')))
    .all()
    .sort((a, b) => (a.jobPart === b.jobPart ? 0 : a.jobPart === 'balance' ? -1 : 1));
}

export function cancellationView(db: Db | Tx, quote: Quote): CancellationView | null {
  if (quote.status !== 'cancelled' || !quote.cancelledAt) return null;
  const refunded = paidPaymentsOf(db, quote.id).filter((p) => p.refundedCents > 0);
  return {
    cancelledAt: quote.cancelledAt.toISOString(),
    cancelledDay: irishDay(quote.cancelledAt),
    reason: quote.cancelReason ?? '',
    refundedCents: refunded.reduce((sum, p) => sum + p.refundedCents, 0),
    testMode: refunded.some((p) => p.testMode),
    creditNotes: jobCreditNotes(db, quote.id).map((n) => ({
      part: n.jobPart ?? 'deposit',
      number: documentNumber('credit_note', n.number),
      amountCents: n.amountCents,
      vatCents: statedVatCents(n, quote.vatRateBp),
    })),
  };
}
