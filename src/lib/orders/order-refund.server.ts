// A full refund of a paid order through PayPal (the capture is refunded, Payments v2), or through
// Stripe for an order paid by card (stripe-refunds.server.ts). Only a paid order (payment completed,
// with its capture or PaymentIntent id) can be refunded, and once.
// The PayPal-Request-Id comes from the order id, so a retry (after a timeout, a double click, two
// tabs) gets PayPal's first answer again and never refunds twice. When PayPal makes the refund,
// the order is marked refunded and cancelled with a history row in one transaction; when PayPal
// refuses, the order stays as it was and the answer says why in plain words.
import { eq } from 'drizzle-orm';
import { documentNumber } from '~/lib/checkout/invoice-number';
import { attachmentName, issueCreditNote } from '~/lib/checkout/invoices.server';
import {
  isInvalidCaptureIdError,
  isPaypalApiError,
  type PaypalClient,
  type PaypalRefund,
} from '~/lib/payments/paypal-client.server';
import { getStripe } from '~/lib/payments/stripe-client.server';
import { type CardRefund, refundCardPayment } from '~/lib/payments/stripe-refunds.server';
import type { Db } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { getLog } from '~/lib/platform/server/log';
import { formatEuro } from '~/lib/platform/shared/format';
import { mailSenderName } from '~/lib/site/business.server';
import { orderItems, orderStatusHistory, orders } from '~db/schema';
import { type AdminOrderDetails, getOrderDetails } from './admin-orders.server';
import { queueCustomerMail, refundMail } from './order-status-mail.server';

export const REFUND_MESSAGES = {
  already: 'This order has already been refunded.',
  notPaid: 'Only a paid order can be refunded: this order has no completed PayPal payment.',
  badCapture: 'The PayPal payment id stored with this order is not valid, so it cannot be refunded here.',
  unreachable:
    'PayPal did not answer, so the refund may not have been made. Please try again: trying again never refunds twice.',
} as const;

/** PayPal's reasons for refusing a refund, in plain words. */
const REFUSALS: Record<string, string> = {
  CAPTURE_FULLY_REFUNDED: 'PayPal says this payment has already been refunded in full.',
  TRANSACTION_REFUSED: 'PayPal refused the refund.',
  REFUND_NOT_ALLOWED: 'PayPal does not allow a refund of this payment.',
  PERMISSION_DENIED: 'PayPal does not allow this account to refund this payment.',
  REFUND_TIME_LIMIT_EXCEEDED: 'The time PayPal allows for refunding this payment has passed.',
  INSUFFICIENT_FUNDS: 'The PayPal account does not hold enough money for this refund.',
  REFUND_FAILED_INSUFFICIENT_FUNDS: 'The PayPal account does not hold enough money for this refund.',
  INVALID_RESOURCE_ID: 'PayPal does not know this payment.',
};
const UNCHANGED = 'The order was not changed.';

export interface RefundInput {
  orderId: string;
  /** The e-mail of the owner making the refund. */
  changedBy: string;
  notifyCustomer?: boolean;
  now: Date;
}

/** The PayPal-Request-Id of an order's refund: the same for every attempt. */
export function refundRequestId(orderId: string): string {
  return `refund-${orderId}`;
}

/** What the owner is told when PayPal could not make the refund. */
function refundFailure(err: unknown): HttpError {
  if (isInvalidCaptureIdError(err)) return new HttpError(409, REFUND_MESSAGES.badCapture);
  if (isPaypalApiError(err) && err.status >= 400 && err.status < 500) {
    const reason = REFUSALS[err.issue ?? ''] ?? `PayPal refused the refund (${err.issue ?? err.name}).`;
    getLog().error({ reason: err.message }, 'PayPal refused a refund');
    return new HttpError(422, `${reason} ${UNCHANGED}`);
  }
  getLog().error({ err }, 'PayPal refund failed');
  return new HttpError(502, REFUND_MESSAGES.unreachable);
}

// Refunds of one order in this process run one after another: the second finds the order refunded
// and is answered 409 without asking PayPal. Across processes the shared PayPal-Request-Id and the
// check inside the transaction below keep it right.
const inFlight = new Map<string, Promise<unknown>>();

/** Refunds a card payment (an order paid through Stripe): stripe-refunds.server.ts by default. */
export type CardRefunder = (payment: {
  orderId: string;
  paymentIntentId: string;
  amountCents: number;
}) => Promise<CardRefund>;

const refundThroughStripe: CardRefunder = (payment) => refundCardPayment(getStripe(), payment);

export async function refundOrder(
  db: Db,
  client: PaypalClient,
  input: RefundInput,
  refundCard: CardRefunder = refundThroughStripe,
): Promise<AdminOrderDetails> {
  const previous = inFlight.get(input.orderId) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(() => refundOnce(db, client, input, refundCard));
  inFlight.set(input.orderId, run);
  try {
    return await run;
  } finally {
    if (inFlight.get(input.orderId) === run) inFlight.delete(input.orderId);
  }
}

async function refundOnce(
  db: Db,
  client: PaypalClient,
  input: RefundInput,
  refundCard: CardRefunder,
): Promise<AdminOrderDetails> {
  const { orderId, changedBy, notifyCustomer = true, now } = input;
  const order = db.select().from(orders).where(eq(orders.id, orderId)).get();
  if (!order) throw new HttpError(404, 'Order not found.');
  if (order.refundId) throw new HttpError(409, REFUND_MESSAGES.already);
  if (order.paymentStatus !== 'completed' || !order.paymentId)
    throw new HttpError(409, REFUND_MESSAGES.notPaid);

  // A card payment is refunded through Stripe (its errors are already the owner's sentences).
  const byCard = order.paymentProvider === 'stripe';
  const provider = byCard ? 'Stripe' : 'PayPal';
  let refund: PaypalRefund;
  if (byCard) {
    refund = await refundCard({
      orderId: order.id,
      paymentIntentId: order.stripePaymentIntentId ?? order.paymentId,
      amountCents: order.totalAmountCents,
    });
  } else {
    try {
      refund = await client.refundCapture(order.paymentId, { requestId: refundRequestId(order.id) });
    } catch (err) {
      throw refundFailure(err);
    }
  }
  if (refund.status !== 'COMPLETED' && refund.status !== 'PENDING') {
    throw new HttpError(
      422,
      `${provider} did not make the refund (its status is ${refund.status}). ${UNCHANGED}`,
    );
  }

  const refundedCents = refund.amountCents ?? order.totalAmountCents;
  const amount = formatEuro(refundedCents);
  const pending = refund.status === 'PENDING' ? `, pending at ${provider}` : '';
  const written = db.transaction((tx) => {
    // Read again inside the transaction: another request may have recorded this refund meanwhile.
    const current = tx.select().from(orders).where(eq(orders.id, orderId)).get();
    if (!current || current.refundId) return false;
    tx.update(orders)
      .set({
        refundId: refund.id,
        refundStatus: refund.status,
        refundedAt: now,
        refundedAmountCents: refundedCents,
        paymentStatus: 'cancelled',
        status: 'cancelled',
        updatedAt: now,
      })
      .where(eq(orders.id, orderId))
      .run();
    // The credit note is numbered with the refund, so a rollback takes its number back.
    const credit = issueCreditNote(tx, orderId, refundedCents, now);
    // The customer's refund mail is queued with the change, the credit note attached; the history
    // row says whether it was sent.
    const items = tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).all();
    const creditNote = credit && {
      number: documentNumber('credit_note', credit.number),
      attachment: attachmentName({ kind: 'invoice', id: credit.id }),
    };
    const mail = refundMail({ ...current, items }, refundedCents, mailSenderName(tx), creditNote);
    const notified = notifyCustomer && queueCustomerMail(tx, current, mail);
    tx.insert(orderStatusHistory)
      .values({
        orderId,
        fromStatus: current.status,
        toStatus: 'cancelled',
        changedBy,
        note: `Refunded ${amount} (${provider} refund ${refund.id}${pending})`,
        customerNotified: notified,
        createdAt: now,
      })
      .run();
    return true;
  });
  if (!written) throw new HttpError(409, REFUND_MESSAGES.already);
  return getOrderDetails(db, orderId);
}
