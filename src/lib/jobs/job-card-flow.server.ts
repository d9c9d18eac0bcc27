// A drone job's payment (its deposit, its balance) by card through Stripe: the provider's part of
// the jobs' one payment flow (job-payment-flow.server.ts), whose kind rules (refusals, amount, what
// follows when paid) are the same as for PayPal. The server asks Stripe for a PaymentIntent of its
// own amount in EUR cents (the quote's and the payment's ids and the kind in its metadata, an
// idempotency key per payment attempt) and stores the pending payment with the intent's id; the
// browser confirms it with Stripe.js. The payment is recorded as paid only when Stripe says the
// intent succeeded for exactly the stored amount in euro, through the flow's once-only step: by a
// signed webhook event, or by the server asking Stripe itself when the client comes back to the
// quote's page. Stripe's test keys make test payments: no money is taken, and the deposit gets a
// specimen of its invoice, never a number of the invoice sequence.
import { and, desc, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '~/lib/platform/server/db';
import { HttpError, isHttpError } from '~/lib/platform/server/http/http';
import { getLog } from '~/lib/platform/server/log';
import { CURRENCY } from '~/lib/site/constants';
import { type JobPayment, jobPayments } from '~db/schema';
import { paidJobPayment } from './deposit-payments.server';
import {
  type JobPaymentKind,
  type JobPaymentKindRules,
  markFailed,
  openQuote,
  recordJobPaymentPaid,
  startJobPayment,
  storePendingJobPayment,
} from './job-payment-flow.server';

/** Stripe's smallest charge in euro, in cents. */
const STRIPE_MINIMUM_CENTS = 50;

export const JOB_CARD_MESSAGES = {
  provider: 'The card payment could not be started. Please try again in a moment, or pay with PayPal.',
  tooSmall: 'Card payments start at €0.50. Please pay with PayPal.',
} as const;

/** The idempotency key of a job payment's PaymentIntent: a retry of the call makes no second intent. */
export const jobIntentIdempotencyKey = (kind: JobPaymentKind, paymentId: string) =>
  `job-${kind}-intent-${paymentId}`;

/**
 * Asks Stripe for a PaymentIntent of the server's amount of this kind of payment and stores the
 * payment as pending (provider stripe, the intent's id). Answers the intent's client secret for
 * Stripe.js. The kind's refusals (not accepted, paid already…) come first and ask Stripe nothing.
 */
export async function createJobCardIntent(
  db: Db,
  stripe: Stripe,
  rules: JobPaymentKindRules,
  token: string,
  { testMode = false, now = new Date() }: { testMode?: boolean; now?: Date } = {},
): Promise<{ clientSecret: string; intentId: string; amountCents: number }> {
  const start = startJobPayment(db, rules, token, now, testMode);
  if (start.amountCents < STRIPE_MINIMUM_CENTS) throw new HttpError(422, JOB_CARD_MESSAGES.tooSmall);
  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe.paymentIntents.create(
      {
        amount: start.amountCents,
        currency: CURRENCY.toLowerCase(),
        // Cards, and the wallets that pay with one: settled in seconds, never days later.
        allowed_payment_method_types: ['card'],
        metadata: { quoteId: start.quote.id, jobPaymentId: start.paymentId, kind: rules.kind },
        description: rules.itemName(start.quote).slice(0, 500),
      },
      { idempotencyKey: jobIntentIdempotencyKey(rules.kind, start.paymentId) },
    );
  } catch (err) {
    getLog().error({ err, kind: rules.kind }, 'Stripe payment intent for a job payment failed');
    throw new HttpError(502, JOB_CARD_MESSAGES.provider);
  }
  if (!intent.client_secret) throw new HttpError(502, JOB_CARD_MESSAGES.provider);
  storePendingJobPayment(db, start, rules.kind, 'stripe', intent.id, testMode, now);
  return { clientSecret: intent.client_secret, intentId: intent.id, amountCents: start.amountCents };
}

/** The parts of a PaymentIntent that settle a payment. */
export type JobIntentFacts = Pick<
  Stripe.PaymentIntent,
  'id' | 'status' | 'amount' | 'amount_received' | 'currency' | 'latest_charge'
>;

export interface JobCardOutcome {
  paymentId: string;
  kind: JobPaymentKind;
  paid: boolean;
  /** True only for the call that recorded the payment. */
  newlyPaid: boolean;
  /** Stripe's status of the intent; `mismatch` for another amount or currency, `duplicate` for a second payment of the kind. */
  status: string;
}

/** The stored card payment of an intent, or undefined. */
const paymentOfIntent = (db: Db, intentId: string): JobPayment | undefined =>
  db
    .select()
    .from(jobPayments)
    .where(and(eq(jobPayments.provider, 'stripe'), eq(jobPayments.providerOrderId, intentId)))
    .get();

/**
 * Applies what Stripe says about a PaymentIntent to its job payment: paid once (the flow's
 * once-only step, with the kind's `onPaid`) only when the intent succeeded with exactly the stored
 * amount in euro; another amount or currency is refused, logged for the owner, and the payment
 * fails; an intent that has not succeeded (a declined card) leaves the payment unpaid, and the
 * client may try again. A second payment of a kind already paid is logged for a refund by hand.
 * `token` is the quote link's when the client came back with it (for the receipt's link). Null
 * when no job payment has this intent.
 */
export function settleJobIntent(
  db: Db,
  rulesOf: (kind: JobPaymentKind) => JobPaymentKindRules,
  intent: JobIntentFacts,
  { token = null, now = new Date() }: { token?: string | null; now?: Date } = {},
): JobCardOutcome | null {
  const payment = paymentOfIntent(db, intent.id);
  if (!payment) return null;
  const outcome = {
    paymentId: payment.id,
    kind: payment.kind,
    paid: payment.status === 'paid',
    newlyPaid: false,
    status: intent.status,
  };
  if (intent.status === 'succeeded' && payment.status === 'failed') {
    // The job was cancelled (or the amount did not match) while the client was paying: the money
    // was taken but the payment is closed, so it is not recorded, and the owner must refund it.
    getLog().error(
      { paymentId: payment.id, intentId: intent.id, kind: payment.kind },
      'A card payment of a job succeeded after the payment was closed: not recorded, refund it',
    );
    return { ...outcome, status: 'closed' };
  }
  if (intent.status !== 'succeeded' || payment.status !== 'pending') return outcome;
  const received = intent.amount_received || intent.amount;
  if (received !== payment.amountCents || intent.currency.toUpperCase() !== CURRENCY) {
    getLog().error(
      { paymentId: payment.id, intentId: intent.id, received, currency: intent.currency, kind: payment.kind },
      'A card payment of a job does not match the stored amount: not recorded, for the owner to check',
    );
    markFailed(db, payment.id);
    return { ...outcome, status: 'mismatch' };
  }
  const rules = rulesOf(payment.kind);
  const other = paidJobPayment(db, payment.quoteId, payment.kind);
  if (other) {
    getLog().error(
      { paymentId: payment.id, intentId: intent.id, paidBy: other.id, kind: payment.kind },
      'A second job payment was taken by card for a quote already paid: refund it',
    );
    return { ...outcome, status: 'duplicate' };
  }
  const charge = typeof intent.latest_charge === 'string' ? intent.latest_charge : intent.latest_charge?.id;
  try {
    const newlyPaid = recordJobPaymentPaid(db, rules, payment, charge ?? intent.id, token, now);
    return { ...outcome, paid: true, newlyPaid };
  } catch (err) {
    // Recorded paid by another payment of the kind meanwhile: logged by the flow for a refund.
    if (isHttpError(err)) return { ...outcome, status: 'duplicate' };
    throw err;
  }
}

/**
 * When the client comes back to the quote's page after paying by card: asks Stripe about the
 * quote's card payments of this kind still pending (the last few) and settles each by its answer,
 * so a late or lost webhook never leaves a paid client reading "to pay". Stripe unreachable: the
 * payments stay as stored, for the webhook to settle. True when the kind is paid.
 */
export async function settleReturningClient(
  db: Db,
  stripe: Stripe,
  rulesOf: (kind: JobPaymentKind) => JobPaymentKindRules,
  token: string,
  kind: JobPaymentKind,
  now = new Date(),
): Promise<boolean> {
  const quote = openQuote(db, token);
  if (paidJobPayment(db, quote.id, kind)) return true;
  const pending = db
    .select({ intentId: jobPayments.providerOrderId })
    .from(jobPayments)
    .where(
      and(
        eq(jobPayments.quoteId, quote.id),
        eq(jobPayments.kind, kind),
        eq(jobPayments.provider, 'stripe'),
        eq(jobPayments.status, 'pending'),
      ),
    )
    .orderBy(desc(jobPayments.createdAt))
    .limit(3)
    .all();
  for (const { intentId } of pending) {
    let intent: Stripe.PaymentIntent;
    try {
      intent = await stripe.paymentIntents.retrieve(intentId);
    } catch (err) {
      getLog().error({ err }, 'Stripe could not be asked about a returning client’s card payment');
      return false;
    }
    if (settleJobIntent(db, rulesOf, intent, { token, now })?.paid) return true;
  }
  return false;
}
