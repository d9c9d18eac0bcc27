// The refund of one payment of a drone job through the provider that took it: PayPal (a refund of
// part or all of the capture, Payments v2) or Stripe (a refund of the PaymentIntent). A payment made
// in test mode took no money, so its "refund" asks no provider. The request id (PayPal) and the
// idempotency key (Stripe) come from the payment's id and the number of refunds of it refused
// outright before: trying again after a timeout sends the same key, so the provider answers its
// first answer and never refunds twice, while trying again after a refusal (which refunded nothing,
// and which the provider would otherwise answer again) is a new request. A refusal becomes the
// owner's sentence.
import {
  isInvalidCaptureIdError,
  isPaypalApiError,
  type PaypalClient,
} from '~/lib/payments/paypal-client.server';
import { getStripe } from '~/lib/payments/stripe-client.server';
import { cancelCardIntent } from '~/lib/payments/stripe-intent-cancel.server';
import { type CardRefund, refundCardPayment } from '~/lib/payments/stripe-refunds.server';
import { HttpError } from '~/lib/platform/server/http/http';
import { getLog } from '~/lib/platform/server/log';
import type { JobPayment } from '~db/schema';

/** A provider's answer to a refund, in the shape both providers are read in. */
export interface JobRefund {
  id: string;
  status: string;
  amountCents: number;
}

/** Refunds a card payment: Stripe by default, a double in tests. */
export type JobCardRefunder = (payment: {
  jobPaymentId: string;
  attempt: number;
  paymentIntentId: string;
  amountCents: number;
}) => Promise<CardRefund>;

/** Cancels a PaymentIntent the client started and did not finish: Stripe by default, a double in tests. */
export type JobIntentCanceller = (paymentIntentId: string) => Promise<void>;

export interface JobRefunders {
  paypal: PaypalClient;
  card?: JobCardRefunder;
  cancelIntent?: JobIntentCanceller;
}

const refundThroughStripe: JobCardRefunder = (payment) => refundCardPayment(getStripe(), payment);

const cancelThroughStripe: JobIntentCanceller = (paymentIntentId) =>
  cancelCardIntent(getStripe(), paymentIntentId);

/**
 * Cancels at Stripe the card payments of a cancelled job that the client started and did not
 * finish, so that a payment form still open in a browser can no longer take money for it. One
 * Stripe cannot cancel (it succeeded a moment before, or cards were switched off since) is logged;
 * if it did take money, Stripe's event for it is logged by the webhook for a refund by hand, since
 * a cancelled job records no payment.
 */
export async function cancelUnfinishedCardPayments(
  paymentIntentIds: readonly string[],
  refunders: JobRefunders,
): Promise<void> {
  for (const id of paymentIntentIds) {
    try {
      await (refunders.cancelIntent ?? cancelThroughStripe)(id);
    } catch (err) {
      getLog().warn(
        { err },
        `Stripe did not cancel the unfinished card payment ${id} of a cancelled job: if it is paid, refund it by hand.`,
      );
    }
  }
}

/** The PayPal-Request-Id of a job payment's refund: the same until the provider refuses one. */
export const jobRefundRequestId = (payment: Pick<JobPayment, 'id' | 'refundRefusals'>) =>
  `job-refund-${payment.id}${payment.refundRefusals ? `-${payment.refundRefusals}` : ''}`;

/** An answer that says the provider made no refund: a new attempt may use a new key. */
export const isRefusal = (err: unknown) => err instanceof HttpError && err.status === 422;

const UNCHANGED = 'The job was not changed.';
export const PAYPAL_UNREACHABLE =
  'PayPal did not answer, so the refund may not have been made. Please try again: trying again never refunds twice.';

/** PayPal's reasons for refusing a refund, in plain words. */
const REFUSALS: Record<string, string> = {
  CAPTURE_FULLY_REFUNDED: 'PayPal says this payment has already been refunded in full.',
  TRANSACTION_REFUSED: 'PayPal refused the refund.',
  REFUND_NOT_ALLOWED: 'PayPal does not allow a refund of this payment.',
  REFUND_AMOUNT_EXCEEDED: 'PayPal says the refund is more than what remains of this payment.',
  PERMISSION_DENIED: 'PayPal does not allow this account to refund this payment.',
  REFUND_TIME_LIMIT_EXCEEDED: 'The time PayPal allows for refunding this payment has passed.',
  INSUFFICIENT_FUNDS: 'The PayPal account does not hold enough money for this refund.',
  REFUND_FAILED_INSUFFICIENT_FUNDS: 'The PayPal account does not hold enough money for this refund.',
  INVALID_RESOURCE_ID: 'PayPal does not know this payment.',
};

function paypalFailure(err: unknown): HttpError {
  if (isInvalidCaptureIdError(err))
    return new HttpError(409, `The PayPal payment id stored with this payment is not valid. ${UNCHANGED}`);
  if (isPaypalApiError(err) && err.status >= 400 && err.status < 500) {
    const reason = REFUSALS[err.issue ?? ''] ?? `PayPal refused the refund (${err.issue ?? err.name}).`;
    getLog().error({ reason: err.message }, 'PayPal refused a job refund');
    return new HttpError(422, `${reason} ${UNCHANGED}`);
  }
  getLog().error({ err }, 'PayPal job refund failed');
  return new HttpError(502, PAYPAL_UNREACHABLE);
}

/** Refunds `cents` of a paid job payment through its provider (none for a test payment). */
export async function refundJobPayment(
  payment: JobPayment,
  cents: number,
  refunders: JobRefunders,
): Promise<JobRefund> {
  if (payment.testMode) return { id: `test-refund-${payment.id}`, status: 'COMPLETED', amountCents: cents };
  let refund: JobRefund;
  if (payment.provider === 'stripe') {
    // Stripe's errors are already the owner's sentences.
    refund = await (refunders.card ?? refundThroughStripe)({
      jobPaymentId: payment.id,
      attempt: payment.refundRefusals,
      // The PaymentIntent's id is the payment's provider order id (its capture id is the charge's).
      paymentIntentId: payment.providerOrderId,
      amountCents: cents,
    });
  } else {
    try {
      const answer = await refunders.paypal.refundCapture(payment.captureId ?? '', {
        requestId: jobRefundRequestId(payment),
        amountCents: cents,
      });
      refund = { id: answer.id, status: answer.status, amountCents: answer.amountCents ?? cents };
    } catch (err) {
      throw paypalFailure(err);
    }
  }
  if (refund.status !== 'COMPLETED' && refund.status !== 'PENDING') {
    const provider = payment.provider === 'stripe' ? 'Stripe' : 'PayPal';
    throw new HttpError(
      422,
      `${provider} did not make the refund (its status is ${refund.status}). ${UNCHANGED}`,
    );
  }
  return refund;
}
