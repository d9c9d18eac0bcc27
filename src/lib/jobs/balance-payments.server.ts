// The balance of an accepted quote and its gallery, read: how the balance was invoiced (a VAT
// invoice or a specimen), the paid balance if any, and the gallery the job is delivered in.
import { eq } from 'drizzle-orm';
import { takesOnlyTestPayments } from '~/lib/payments/payments-mode.server';
import type { Db, Tx } from '~/lib/platform/server/db';
import { irishDay } from '~/lib/platform/shared/irish-dates';
import { galleries, type Quote } from '~db/schema';
import type { BalanceView, JobGalleryView } from './balance-rules';
import { paidJobPayment } from './deposit-payments.server';
import { balanceAmounts, balanceInvoicing } from './job-invoices.server';

/**
 * The balance of an accepted quote; null before acceptance. A deposit paid in test mode is deducted
 * only while the site takes only test payments: once it takes real ones, that deposit took no money,
 * and the balance shown (a specimen's too) is what the client will be asked, the whole total.
 */
export function balanceView(db: Db | Tx, quote: Quote): BalanceView | null {
  if (quote.status !== 'accepted') return null;
  const paid = paidJobPayment(db, quote.id, 'balance');
  const invoice = balanceInvoicing(db, quote);
  const realMoney = !takesOnlyTestPayments(db);
  const amounts = balanceAmounts(db, quote, { realMoney });
  const invoiced = {
    invoiceNumber: invoice?.number ?? null,
    invoicedDay: invoice ? irishDay(invoice.issuedAt) : null,
    invoiceSpecimen: invoice?.specimen ?? false,
  };
  if (paid) {
    return {
      state: 'paid',
      amountCents: paid.amountCents,
      vatCents: paid.vatCents,
      ...invoiced,
      paidDay: paid.paidAt ? irishDay(paid.paidAt) : null,
      testMode: paid.testMode,
    };
  }
  // Asked as invoiced, except a specimen's balance paid with real money (BALANCE.amounts).
  const asInvoiced = invoice && !(invoice.specimen && realMoney) ? invoice : null;
  const amountCents = asInvoiced ? asInvoiced.amountCents : amounts.amountCents;
  return {
    state: invoice ? 'due' : amountCents > 0 ? 'open' : 'none',
    amountCents,
    vatCents: asInvoiced?.vatCents ?? amounts.vatCents,
    ...invoiced,
    paidDay: null,
    testMode: false,
  };
}

/** The gallery the job is delivered in, or null. */
export function jobGalleryView(db: Db | Tx, quote: Quote): JobGalleryView | null {
  if (!quote.galleryId) return null;
  const g = db
    .select({ id: galleries.id, title: galleries.title, releasedAt: galleries.releasedAt })
    .from(galleries)
    .where(eq(galleries.id, quote.galleryId))
    .get();
  if (!g) return null;
  return { id: g.id, title: g.title, releasedDay: g.releasedAt ? irishDay(g.releasedAt) : null };
}
