// The balance of a drone job: the owner invoices it (a VAT invoice from the shop's one sequence, for
// the accepted total less the deposit paid, mailed to the client with a link to pay; a specimen with
// no number on a site that takes only test payments), and the client pays it through the link's
// page by the jobs' one payment flow. When it is paid, once however often the capture is repeated,
// the job's gallery is released (its downloads open and the client is mailed its link), with the
// client's receipt and the owner's notice, all in the transaction that records the payment. A job
// without a gallery yet is released when one is attached.
import { eq } from 'drizzle-orm';
import { takesOnlyTestPayments } from '~/lib/payments/payments-mode.server';
import type { PaypalClient } from '~/lib/payments/paypal-client.server';
import type { Db, Tx } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { irishDay } from '~/lib/platform/shared/irish-dates';
import { type JobPayment, type Quote, quotes } from '~db/schema';
import { queueBalanceInvoiceMail, queueBalancePaidMails } from './balance-mails.server';
import type { BalanceView } from './balance-rules';
import { paidJobPayment } from './deposit-payments.server';
import { fullDay } from './deposit-rules';
import { releaseJobGalleryIn } from './job-gallery.server';
import {
  balanceAmounts,
  balanceInvoiceOf,
  balanceInvoicing,
  issueBalanceInvoice,
  issuePaymentInvoice,
  recordBalanceSpecimen,
} from './job-invoices.server';
import {
  captureJobPayment,
  createJobPaymentOrder,
  type JobPaymentKindRules,
  openQuote,
  type PaymentBackend,
  unknownPayment,
} from './job-payment-flow.server';
import { jobInvoiceAttachmentName, jobSpecimenAttachmentName } from './quote-attachment.server';
import { acceptRefusal } from './quote-client.server';
import { mailableQuoteToken } from './quote-link.server';
import { type QuoteView, quoteView } from './quote-view.server';

export const BALANCE_NOT_ACCEPTED = 'Accept the quote before paying its balance.';
export const NOT_INVOICED =
  'The balance has not been invoiced yet: the photographer sends the invoice when the photos are delivered.';
export const UNKNOWN_BALANCE_PAYMENT = unknownPayment('balance');

const paidOnMessage = (paid: JobPayment) =>
  `The balance was paid on ${paid.paidAt ? fullDay(irishDay(paid.paidAt)) : 'an earlier day'}.`;

function findQuote(db: Db | Tx, id: string): Quote {
  const quote = db.select().from(quotes).where(eq(quotes.id, id)).get();
  if (!quote) throw new HttpError(404, 'There is no such quote.');
  return quote;
}

/** Why the balance of this quote cannot be paid now, or null when it can. */
function balanceRefusal(db: Db | Tx, quote: Quote, now: Date): HttpError | null {
  if (quote.status !== 'accepted') {
    const refusal = acceptRefusal(quote, now);
    return refusal && refusal.status === 410 ? refusal : new HttpError(409, BALANCE_NOT_ACCEPTED);
  }
  const paid = paidJobPayment(db, quote.id, 'balance');
  if (paid) return new HttpError(409, paidOnMessage(paid));
  if (!balanceInvoicing(db, quote)) return new HttpError(409, NOT_INVOICED);
  return null;
}

/** The balance's rules, for both providers' flows. */
export const BALANCE: JobPaymentKindRules = {
  kind: 'balance',
  noun: 'balance',
  refusal: balanceRefusal,
  amounts(db, quote, realMoney) {
    // The amount is the invoice's (or the specimen's): the balance as it was invoiced. A specimen
    // deducted any deposit paid in test mode; paid with real money, the balance is what a VAT
    // invoice asks (that deposit took no money), and that invoice is issued at the payment (onPaid).
    const invoiced = balanceInvoicing(db, quote);
    if (invoiced?.specimen && realMoney) {
      const { amountCents, vatCents } = balanceAmounts(db, quote, { realMoney });
      return { amountCents, vatCents };
    }
    return {
      amountCents: invoiced?.amountCents ?? 0,
      vatCents: invoiced?.vatCents ?? balanceAmounts(db, quote).vatCents,
    };
  },
  itemName: (quote) => `Balance: ${quote.title}`,
  paidRefusal: (paid) => new HttpError(409, paidOnMessage(paid)),
  onPaid(tx, quote, payment, token, now) {
    // A balance invoiced by a specimen (the site took only test payments then) and paid with real
    // money (it takes real ones now) gets its VAT invoice now, for the amount paid, attached to the
    // receipt: every real payment has one.
    const invoice =
      !payment.testMode && !balanceInvoiceOf(tx, quote.id)
        ? issuePaymentInvoice(tx, quote, payment, now)
        : null;
    if (quote.galleryId) releaseJobGalleryIn(tx, quote.galleryId, now);
    queueBalancePaidMails(
      tx,
      quoteView(tx, quote, now),
      token,
      invoice ? jobInvoiceAttachmentName(invoice.id) : null,
    );
  },
};

/**
 * "Invoice the balance" (the owner): issues the balance's VAT invoice and mails it to the client
 * with the job's link to pay it. Refused before acceptance, when nothing remains to pay, and when it
 * was invoiced already. On a site that takes only test payments (`specimen`, decided here unless a
 * test says otherwise) no invoice is issued and no number taken: the quote records that the
 * balance was invoiced, and the mail carries a specimen that says it is one. Should the balance
 * then be paid with real money, its VAT invoice is issued at that payment (BALANCE.onPaid).
 */
export function invoiceBalance(
  db: Db,
  quoteId: string,
  now = new Date(),
  { specimen = takesOnlyTestPayments(db) }: { specimen?: boolean } = {},
): QuoteView {
  return db.transaction((tx) => {
    const quote = findQuote(tx, quoteId);
    if (quote.status !== 'accepted') {
      throw new HttpError(409, 'Only an accepted quote has a balance to invoice.');
    }
    const existing = balanceInvoicing(tx, quote);
    if (existing) {
      throw new HttpError(409, `The balance was invoiced on ${fullDay(irishDay(existing.issuedAt))}.`);
    }
    if (balanceAmounts(tx, quote, { realMoney: !specimen }).amountCents <= 0) {
      throw new HttpError(409, 'Nothing remains to pay: the deposit paid covers the whole total.');
    }
    let attachment: string;
    if (specimen) {
      recordBalanceSpecimen(tx, quote, now);
      attachment = jobSpecimenAttachmentName(quote.id, 'balance');
    } else {
      attachment = jobInvoiceAttachmentName(issueBalanceInvoice(tx, quote, now).id);
    }
    const link = mailableQuoteToken(tx, quote.id);
    const view = quoteView(tx, findQuote(tx, quote.id), now);
    queueBalanceInvoiceMail(tx, view, attachment, link);
    return view;
  });
}

/**
 * POST /api/quotes/{token}/balance: creates the provider's order for the invoiced balance and stores
 * the payment as pending. Answers the provider's order id.
 */
export function createBalanceOrder(
  db: Db,
  backend: PaymentBackend,
  token: string,
  now = new Date(),
): Promise<{ id: string; amountCents: number }> {
  return createJobPaymentOrder(db, backend, BALANCE, token, now);
}

export interface BalanceOutcome {
  balance: BalanceView | null;
  /** True only for the capture that recorded the payment. */
  newlyPaid: boolean;
}

/**
 * POST /api/quotes/{token}/balance/{paypalOrderId}/capture: captures the balance's order and, once
 * paid, releases the job's gallery and queues the receipts, in the same transaction. A balance
 * already paid through this order answers paid again and changes nothing.
 */
export async function captureBalance(
  db: Db,
  client: PaypalClient,
  token: string,
  providerOrderId: string,
  now = new Date(),
): Promise<BalanceOutcome> {
  const { newlyPaid } = await captureJobPayment(db, client, BALANCE, token, providerOrderId, now);
  return { balance: quoteView(db, openQuote(db, token), now).balance, newlyPaid };
}
