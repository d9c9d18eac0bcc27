// The VAT invoices of a drone job, numbered in the shop's one invoice sequence: the deposit's, issued
// when it is paid (a payment on account, on which VAT is due when it is received), and the
// balance's, issued when the owner invoices it: the accepted total less the deposit paid, with the
// VAT inside it being the quote's VAT less the deposit's, so that the two invoices add up to the
// quote exactly. On a site that takes only test payments the balance is invoiced as a specimen:
// recorded on the quote (its day and amount), with no number of the sequence.

import { and, eq, isNull } from 'drizzle-orm';
import { documentNumber } from '~/lib/checkout/invoice-number';
import { issueJobDocument, jobDocumentOf } from '~/lib/checkout/invoices.server';
import type { Db, Tx } from '~/lib/platform/server/db';
import { type Invoice, type JobPayment, type Quote, quoteLines, quotes } from '~db/schema';
import { paidDeposit } from './deposit-payments.server';
import { quoteTotals } from './quote-totals';

const buyerOf = (quote: Quote) => quote.acceptedName ?? quote.clientName;

/** Issues the invoice of a paid job payment (its amount, VAT inside), in the caller's transaction. */
export function issuePaymentInvoice(tx: Tx, quote: Quote, payment: JobPayment, now: Date): Invoice {
  return issueJobDocument(
    tx,
    'invoice',
    {
      quoteId: quote.id,
      jobPart: payment.kind,
      buyerName: buyerOf(quote),
      amountCents: payment.amountCents,
      vatCents: payment.vatCents,
    },
    now,
  );
}

export interface BalanceAmounts {
  /** The accepted total, VAT included. */
  totalCents: number;
  /** The deposit paid and deducted (0 when none was, or it is left out), and the VAT inside it. */
  depositCents: number;
  depositVatCents: number;
  /** What remains: the total less the deposit paid, and the VAT inside it. */
  amountCents: number;
  vatCents: number;
}

/**
 * The balance of an accepted quote: what remains after the deposit paid. A deposit paid in test mode
 * took no money, so it is deducted only from a balance that takes none either (a specimen, a test
 * payment); for a VAT invoice (`realMoney`) the whole total remains.
 */
export function balanceAmounts(db: Db | Tx, quote: Quote, { realMoney = false } = {}): BalanceAmounts {
  const lines = db.select().from(quoteLines).where(eq(quoteLines.quoteId, quote.id)).all();
  const totals = quoteTotals(lines, quote.vatRateBp);
  const totalCents = quote.acceptedTotalCents ?? totals.grossCents;
  // The lines of an accepted quote never change, so their VAT is the accepted total's.
  const totalVat = totalCents === totals.grossCents ? totals.vatCents : 0;
  const paid = paidDeposit(db, quote.id);
  const deposit = realMoney && paid?.testMode ? null : paid;
  const depositCents = deposit?.amountCents ?? 0;
  const depositVatCents = deposit?.vatCents ?? 0;
  return {
    totalCents,
    depositCents,
    depositVatCents,
    amountCents: totalCents - depositCents,
    vatCents: Math.max(0, totalVat - depositVatCents),
  };
}

/** The job's balance invoice, if the owner issued it. */
export const balanceInvoiceOf = (db: Db | Tx, quoteId: string): Invoice | undefined =>
  jobDocumentOf(db, quoteId, 'balance', 'invoice');

/** The job's deposit invoice, if one was issued (a deposit paid in test mode has none). */
export const depositInvoiceOf = (db: Db | Tx, quoteId: string): Invoice | undefined =>
  jobDocumentOf(db, quoteId, 'deposit', 'invoice');

/** Issues the balance invoice of the quote, for the balance as it stands now. */
export function issueBalanceInvoice(tx: Tx, quote: Quote, now: Date): Invoice {
  const amounts = balanceAmounts(tx, quote, { realMoney: true });
  return issueJobDocument(
    tx,
    'invoice',
    {
      quoteId: quote.id,
      jobPart: 'balance',
      buyerName: buyerOf(quote),
      amountCents: amounts.amountCents,
      vatCents: amounts.vatCents,
    },
    now,
  );
}

/** How the balance of a job was invoiced: by a VAT invoice, or by a specimen (no number). */
export interface BalanceInvoicing {
  /** The invoice's number ("INV-000042"); null for a specimen. */
  number: string | null;
  issuedAt: Date;
  /**
   * The balance as it was invoiced, VAT included, and the VAT the invoice states (null for a
   * specimen, and for an invoice issued before invoices kept it: the balance's VAT as it stands).
   */
  amountCents: number;
  vatCents: number | null;
  specimen: boolean;
}

type SpecimenFacts = Pick<Quote, 'id' | 'balanceSpecimenAt' | 'balanceSpecimenCents'>;

/** How the balance of the quote was invoiced, or null while it is not. */
export function balanceInvoicing(db: Db | Tx, quote: SpecimenFacts): BalanceInvoicing | null {
  const invoice = balanceInvoiceOf(db, quote.id);
  if (invoice) {
    return {
      number: documentNumber('invoice', invoice.number),
      issuedAt: invoice.issuedAt,
      amountCents: invoice.amountCents,
      vatCents: invoice.vatCents,
      specimen: false,
    };
  }
  if (!quote.balanceSpecimenAt) return null;
  return {
    number: null,
    issuedAt: quote.balanceSpecimenAt,
    amountCents: quote.balanceSpecimenCents ?? 0,
    vatCents: null,
    specimen: true,
  };
}

/**
 * Records the balance of the quote as invoiced by a specimen, for the balance as it stands now;
 * answers whether this call did (a quote already so invoiced is left as it was).
 */
export function recordBalanceSpecimen(tx: Tx, quote: Quote, now: Date): boolean {
  const amounts = balanceAmounts(tx, quote);
  return (
    tx
      .update(quotes)
      .set({ balanceSpecimenAt: now, balanceSpecimenCents: amounts.amountCents, updatedAt: now })
      .where(and(eq(quotes.id, quote.id), isNull(quotes.balanceSpecimenAt)))
      .run().changes === 1
  );
}
