// The client pays the deposit of an accepted quote through the link's page. The amount is the
// server's alone (depositAmounts of the accepted total at the quote's percentage); the payment is
// taken by the jobs' one payment flow (job-payment-flow.server.ts), and once paid the client's
// receipt, the owner's notice and the deposit's VAT invoice (a payment on account: VAT is due on
// it when received) are made in the transaction that records it. A test payment takes no number of
// the invoice sequence: its receipt carries a specimen of the invoice instead.
import type { PaypalClient } from '~/lib/payments/paypal-client.server';
import type { Db, Tx } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { irishDay } from '~/lib/platform/shared/irish-dates';
import type { JobPayment, Quote } from '~db/schema';
import { queueDepositPaidMails } from './deposit-mails.server';
import { paidDeposit } from './deposit-payments.server';
import { type DepositView, fullDay } from './deposit-rules';
import { balanceInvoicing, issuePaymentInvoice } from './job-invoices.server';
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
import { depositAmounts } from './quote-totals';
import { quoteView } from './quote-view.server';

export type { PaymentBackend };

export const NOT_ACCEPTED = 'Accept the quote before paying its deposit.';
export const NO_DEPOSIT = 'This quote asks for no deposit: there is nothing to pay now.';
export const UNKNOWN_PAYMENT = unknownPayment('deposit');
export const BALANCE_INVOICED =
  'The photographer has invoiced the whole amount: please pay the balance instead of the deposit.';

const paidOnMessage = (paid: JobPayment) =>
  `The deposit was paid on ${paid.paidAt ? fullDay(irishDay(paid.paidAt)) : 'an earlier day'}.`;

/** Why the deposit of this quote cannot be paid now, or null when it can. */
function depositRefusal(db: Db | Tx, quote: Quote, now: Date): HttpError | null {
  if (quote.status !== 'accepted') {
    const refusal = acceptRefusal(quote, now);
    // Withdrawn or expired: the quote's own sentence (410). Otherwise it waits for an acceptance.
    return refusal && refusal.status === 410 ? refusal : new HttpError(409, NOT_ACCEPTED);
  }
  if (quote.depositPercent <= 0 || quote.acceptedTotalCents === null) return new HttpError(409, NO_DEPOSIT);
  const paid = paidDeposit(db, quote.id);
  if (paid) return new HttpError(409, paidOnMessage(paid));
  if (balanceInvoicing(db, quote)) return new HttpError(409, BALANCE_INVOICED);
  return null;
}

/** The deposit's rules, for both providers' flows. */
export const DEPOSIT: JobPaymentKindRules = {
  kind: 'deposit',
  noun: 'deposit',
  refusal: depositRefusal,
  amounts: (_db, quote) =>
    depositAmounts(quote.acceptedTotalCents ?? 0, quote.depositPercent, quote.vatRateBp),
  itemName: (quote) => `Deposit (${quote.depositPercent}%): ${quote.title}`,
  paidRefusal: (paid) => new HttpError(409, paidOnMessage(paid)),
  onPaid(tx, quote, payment, token, now) {
    const attachment = payment.testMode
      ? jobSpecimenAttachmentName(quote.id, 'deposit')
      : jobInvoiceAttachmentName(issuePaymentInvoice(tx, quote, payment, now).id);
    queueDepositPaidMails(tx, quoteView(tx, quote, now), token, attachment);
  },
};

/**
 * POST /api/quotes/{token}/deposit: creates the provider's order for the server's deposit of the
 * accepted quote and stores the payment as pending. Answers the provider's order id.
 */
export function createDepositOrder(
  db: Db,
  backend: PaymentBackend,
  token: string,
  now = new Date(),
): Promise<{ id: string; amountCents: number }> {
  return createJobPaymentOrder(db, backend, DEPOSIT, token, now);
}

export interface DepositOutcome {
  deposit: DepositView;
  /** True only for the capture that recorded the payment. */
  newlyPaid: boolean;
}

/**
 * POST /api/quotes/{token}/deposit/{paypalOrderId}/capture: captures the deposit's order and records
 * it as paid when PayPal's capture is COMPLETED for the stored amount in euro, with the client's
 * receipt, the owner's notice and the deposit's invoice in the same transaction. A deposit already
 * paid through this order answers paid again and changes nothing.
 */
export async function captureDeposit(
  db: Db,
  client: PaypalClient,
  token: string,
  providerOrderId: string,
  now = new Date(),
): Promise<DepositOutcome> {
  const { newlyPaid } = await captureJobPayment(db, client, DEPOSIT, token, providerOrderId, now);
  return { deposit: quoteView(db, openQuote(db, token), now).deposit, newlyPaid };
}
