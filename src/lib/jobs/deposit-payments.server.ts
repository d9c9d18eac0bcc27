// The stored payments of a job, read: the paid one of a kind if any, and the deposit as every
// reader shows it (what is asked of the accepted total, whether it is paid, what remains).
import { and, eq } from 'drizzle-orm';
import { takesOnlyTestPayments } from '~/lib/payments/payments-mode.server';
import type { Db, Tx } from '~/lib/platform/server/db';
import { irishDay } from '~/lib/platform/shared/irish-dates';
import { type JobPayment, jobPayments, type Quote } from '~db/schema';
import type { DepositView } from './deposit-rules';
import { depositAmounts } from './quote-totals';

/** The quote's paid payment of a kind (its deposit, its balance), or null. */
export function paidJobPayment(db: Db | Tx, quoteId: string, kind: JobPayment['kind']): JobPayment | null {
  return (
    db
      .select()
      .from(jobPayments)
      .where(
        and(eq(jobPayments.quoteId, quoteId), eq(jobPayments.kind, kind), eq(jobPayments.status, 'paid')),
      )
      .get() ?? null
  );
}

/** The quote's paid deposit, or null. */
export const paidDeposit = (db: Db | Tx, quoteId: string): JobPayment | null =>
  paidJobPayment(db, quoteId, 'deposit');

/**
 * The deposit of a quote: a share of the accepted total once accepted (of the current total before,
 * for the owner's form), and, once paid, the amount that was paid, which stays as it was. What
 * remains after it is the total less the deposit, except for a deposit paid in test mode on a site
 * that now takes real payments: it took no money, and the whole total remains.
 */
export function depositView(db: Db | Tx, quote: Quote, grossCents: number): DepositView {
  const total = quote.acceptedTotalCents ?? grossCents;
  const paid = paidDeposit(db, quote.id);
  if (paid) {
    return {
      percent: quote.depositPercent,
      amountCents: paid.amountCents,
      vatCents: paid.vatCents,
      balanceCents: paid.testMode && !takesOnlyTestPayments(db) ? total : total - paid.amountCents,
      state: 'paid',
      paidAt: paid.paidAt?.toISOString() ?? null,
      paidDay: paid.paidAt ? irishDay(paid.paidAt) : null,
      testMode: paid.testMode,
    };
  }
  const amounts = depositAmounts(total, quote.depositPercent, quote.vatRateBp);
  return {
    ...amounts,
    state: amounts.amountCents > 0 ? 'due' : 'none',
    paidAt: null,
    paidDay: null,
    testMode: false,
  };
}
