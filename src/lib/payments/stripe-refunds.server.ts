// A refund of a card payment through Stripe (POST /v1/refunds with the PaymentIntent and the amount
// in cents), answered in the shape the owner's refund uses for PayPal's: its id, a status
// (COMPLETED, PENDING or FAILED) and the amount. The idempotency key comes from what is refunded (an
// order, or one payment of a drone job), so a retry (a timeout, a double click, two tabs) gets
// Stripe's first answer again and never refunds twice.
import Stripe from 'stripe';
import { HttpError } from '~/lib/platform/server/http/http';
import { getLog } from '~/lib/platform/server/log';

export interface CardRefund {
  id: string;
  status: 'COMPLETED' | 'PENDING' | 'FAILED';
  amountCents: number;
}

/**
 * What a card refund is for: an order, or one payment of a drone job (its `job_payments` id, and
 * how many refunds of it were refused before: a new attempt after a refusal is a new request).
 */
export type CardRefundFor = { orderId: string } | { jobPaymentId: string; attempt?: number };

const unchanged = (of: CardRefundFor) =>
  'orderId' in of ? 'The order was not changed.' : 'The job was not changed.';

/** Stripe's reasons for refusing a refund, in plain words. */
const REFUSALS: Record<string, string> = {
  charge_already_refunded: 'Stripe says this payment has already been refunded in full.',
  charge_disputed: 'The buyer has disputed this payment with their bank, so Stripe does not allow a refund.',
  charge_not_refundable: 'Stripe does not allow a refund of this payment.',
  resource_missing: 'Stripe does not know this payment.',
  balance_insufficient: 'The Stripe account does not hold enough money for this refund.',
};

export const CARD_REFUND_UNREACHABLE =
  'Stripe did not answer, so the refund may not have been made. Please try again: trying again never refunds twice.';

/** Stripe's refund statuses as the owner's order reads them. */
function statusOf(status: string | null): CardRefund['status'] {
  if (status === 'succeeded') return 'COMPLETED';
  if (status === 'pending' || status === 'requires_action') return 'PENDING';
  return 'FAILED';
}

/** The idempotency key of a refund: the same for every attempt at refunding the same thing. */
export const cardRefundKey = (of: CardRefundFor): string =>
  'orderId' in of
    ? `refund-${of.orderId}`
    : `refund-job-payment-${of.jobPaymentId}${of.attempt ? `-${of.attempt}` : ''}`;

export async function refundCardPayment(
  stripe: Stripe,
  payment: CardRefundFor & { paymentIntentId: string; amountCents: number },
): Promise<CardRefund> {
  const { paymentIntentId, amountCents } = payment;
  const of: CardRefundFor =
    'orderId' in payment
      ? { orderId: payment.orderId }
      : { jobPaymentId: payment.jobPaymentId, attempt: payment.attempt ?? 0 };
  const UNCHANGED = unchanged(of);
  try {
    const refund = await stripe.refunds.create(
      {
        payment_intent: paymentIntentId,
        amount: amountCents,
        metadata: 'orderId' in of ? { orderId: of.orderId } : { jobPaymentId: of.jobPaymentId },
      },
      { idempotencyKey: cardRefundKey(of) },
    );
    return { id: refund.id, status: statusOf(refund.status), amountCents: refund.amount };
  } catch (err) {
    if (
      err instanceof Stripe.errors.StripeInvalidRequestError ||
      err instanceof Stripe.errors.StripeCardError
    ) {
      const reason = REFUSALS[err.code ?? ''] ?? `Stripe refused the refund (${err.message}).`;
      getLog().error({ reason: err.message }, 'Stripe refused a refund');
      throw new HttpError(422, `${reason} ${UNCHANGED}`);
    }
    getLog().error({ err }, 'Stripe refund failed');
    throw new HttpError(502, CARD_REFUND_UNREACHABLE);
  }
}
