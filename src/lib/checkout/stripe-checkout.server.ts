// Paying a print order by card through Stripe, beside PayPal, in the same flow: the server quotes the
// cart from the database (quote-cart.server.ts), asks Stripe for a PaymentIntent of exactly that
// total in EUR cents (the order's id in its metadata, an idempotency key made from the order's id),
// and stores the pending order with the intent's id, its figures and the buyer, in one commit. The
// browser confirms the payment with Stripe.js; the order is marked paid only when Stripe says the
// intent succeeded for the stored amount in EUR: by a signed webhook event, or by the server asking
// Stripe itself when the buyer comes back (so a webhook that never arrives leaves no paid buyer
// without a receipt). Both go through markOrderPaid, the one path PayPal's capture uses too, which
// marks an order paid once however often it is asked.
// Orders made with Stripe's test keys are test orders: Stripe takes no money for them. The same
// webhook carries the intents of drone jobs' card payments (their deposits and balances): an intent
// no print order has is handed to `settleOther` (the webhook route passes the jobs' card flow).
import { and, eq, lte, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { cancelCardIntent } from '~/lib/payments/stripe-intent-cancel.server';
import type { Db } from '~/lib/platform/server/db';
import { commitGrouped } from '~/lib/platform/server/grouped-commits';
import { HttpError } from '~/lib/platform/server/http/http';
import { getLog } from '~/lib/platform/server/log';
import { repeatEvery } from '~/lib/platform/server/repeat';
import { newRowId } from '~/lib/platform/server/row-id';
import { RESERVATION_MS } from '~/lib/shop/editions';
import { assertEditionCopiesLeft } from '~/lib/shop/editions.server';
import { CURRENCY } from '~/lib/site/constants';
import { orders, stripeEvents } from '~db/schema';
import { DISCOUNT_MESSAGES } from '../selling/discount';
import {
  captureProblem,
  codeGoneMessage,
  createPendingOrder,
  markOrderPaid,
  releaseCaptureHolds,
  setOrderCustomer,
  takeCodeUse,
} from './place-order.server';
import { quoteCartWithLab } from './quote-cart.server';
import type { CardPaymentInput } from './stripe-schemas';

export const CARD_MESSAGES = {
  provider: 'The card payment could not be started. Please try again in a moment, or pay with PayPal.',
  free: 'With this code the order comes to €0.00, which cannot be paid by card. Please contact us to place it.',
  tooSmall: 'Card payments start at €0.50. Please pay this order with PayPal.',
  mismatch: 'The amount Stripe reports does not match this order, so it was not marked paid.',
} as const;

/** Stripe's smallest charge in euro, in cents. */
const STRIPE_MINIMUM_CENTS = 50;

/** The idempotency key of an order's PaymentIntent: a retry of the same call makes no second intent. */
export const intentIdempotencyKey = (orderId: string) => `payment-intent-${orderId}`;

/**
 * POST /api/stripe/payment-intent: quotes the cart at `now`, asks Stripe for a PaymentIntent of that
 * total, and stores the pending order (provider stripe, the intent's id, the buyer) once Stripe has
 * answered; when Stripe cannot make the intent, a failed order is stored and the answer is a 502.
 * `testMode` (test keys) stores it as a test order.
 */
export async function createCardPayment(
  db: Db,
  stripe: Stripe,
  input: CardPaymentInput,
  {
    testMode = false,
    now = new Date(),
    clientIp,
  }: { testMode?: boolean; now?: Date; clientIp?: string } = {},
): Promise<{ orderId: string; clientSecret: string; totalCents: number }> {
  const priced = await quoteCartWithLab(db, input, now);
  const totalCents = priced.quote.totalCents;
  if (totalCents <= 0) throw new HttpError(422, CARD_MESSAGES.free);
  if (totalCents < STRIPE_MINIMUM_CENTS) throw new HttpError(422, CARD_MESSAGES.tooSmall);
  // The buyer's country must be the one the shipping was priced for (the code was checked by the quote).
  const problem = captureProblem(
    db,
    {
      shipCountry: priced.country,
      discountCodeId: null,
      itemTotalCents: priced.quote.itemTotalCents,
      totalAmountCents: totalCents,
    },
    input.customerData,
    now,
  );
  if (problem) throw new HttpError(422, problem);
  assertEditionCopiesLeft(db, priced.priced.items, now);

  const orderId = newRowId();
  // The order is stored before Stripe is asked, with the buyer (Stripe may take the money as soon as
  // the browser confirms), holding a use of its discount code taken by the statement that checks the
  // code's limit: of many buyers paying by card at once, only as many as the code has uses left get
  // a payment form. The use is given back when Stripe cannot make the payment, and when it is not
  // made within RESERVATION_MS (expireLapsedCardPayments, which cancels it at Stripe first).
  await commitGrouped(db, () =>
    db.transaction(() => {
      createPendingOrder(db, priced, { id: orderId, paymentProvider: 'stripe', testMode, clientIp });
      setOrderCustomer(db, orderId, input.customerData);
      const held = db
        .select({
          id: orders.id,
          discountCodeId: orders.discountCodeId,
          testMode: orders.testMode,
          discountUseTaken: orders.discountUseTaken,
        })
        .from(orders)
        .where(eq(orders.id, orderId))
        .get();
      if (held && !takeCodeUse(db, held)) throw new HttpError(422, codeGoneMessage(DISCOUNT_MESSAGES.usedUp));
    }),
  );
  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe.paymentIntents.create(
      {
        amount: totalCents,
        currency: CURRENCY.toLowerCase(),
        // Cards, and the wallets that pay with one (Apple Pay, Google Pay): settled in seconds,
        // never days later as bank debits can be.
        allowed_payment_method_types: ['card'],
        metadata: { orderId },
        description: `Print order ${orderId}`,
      },
      { idempotencyKey: intentIdempotencyKey(orderId) },
    );
    if (!intent.client_secret) throw new Error('Stripe gave no client secret');
  } catch (err) {
    getLog().error({ err }, 'Stripe payment intent creation failed');
    await commitGrouped(
      db,
      () =>
        db.transaction(() => {
          releaseCaptureHolds(db, orderId);
          db.update(orders)
            .set({ paymentStatus: 'failed', updatedAt: new Date() })
            .where(eq(orders.id, orderId))
            .run();
        }),
      { beforeSync: true },
    );
    throw new HttpError(502, CARD_MESSAGES.provider);
  }
  await commitGrouped(db, () =>
    db.update(orders).set({ stripePaymentIntentId: intent.id }).where(eq(orders.id, orderId)).run(),
  );
  return { orderId, clientSecret: intent.client_secret ?? '', totalCents };
}

/** The parts of a PaymentIntent that settle an order. */
export type IntentFacts = Pick<
  Stripe.PaymentIntent,
  'id' | 'status' | 'amount' | 'amount_received' | 'currency' | 'last_payment_error'
>;

export interface CardOutcome {
  orderId: string;
  paid: boolean;
  /** True only for the call that marked the order paid. */
  newlyPaid: boolean;
  /** Stripe's status of the intent, or `mismatch` when it succeeded for another amount or currency. */
  status: string;
}

/**
 * Applies what Stripe says about a PaymentIntent to its order: paid (through markOrderPaid, once)
 * only when the intent succeeded with exactly the stored total in EUR; another amount or currency
 * fails the order and is logged for the owner; a failed attempt keeps the order unpaid with
 * Stripe's reason, and the buyer may try another card. Null when no order has this intent.
 */
export function settleIntent(db: Db, intent: IntentFacts): CardOutcome | null {
  const order = db
    .select({
      id: orders.id,
      totalAmountCents: orders.totalAmountCents,
      currency: orders.currency,
      paymentStatus: orders.paymentStatus,
    })
    .from(orders)
    .where(eq(orders.stripePaymentIntentId, intent.id))
    .get();
  if (!order) return null;
  const outcome = { orderId: order.id, paid: order.paymentStatus === 'completed', newlyPaid: false };
  if (intent.status === 'succeeded') {
    const received = intent.amount_received || intent.amount;
    if (received !== order.totalAmountCents || intent.currency.toUpperCase() !== order.currency) {
      getLog().error(
        `Stripe payment ${intent.id} (${received} ${intent.currency}) does not match order ${order.id} (${order.totalAmountCents} cents ${order.currency}): left unpaid for the owner to check.`,
      );
      db.update(orders)
        .set({ paymentStatus: 'failed', paymentFailureReason: CARD_MESSAGES.mismatch, updatedAt: new Date() })
        .where(sql`${orders.id} = ${order.id} and ${orders.paymentStatus} = 'pending'`)
        .run();
      return { ...outcome, status: 'mismatch' };
    }
    const newlyPaid = markOrderPaid(db, order.id, intent.id);
    if (newlyPaid) {
      db.update(orders).set({ paymentFailureReason: null }).where(eq(orders.id, order.id)).run();
    }
    return { orderId: order.id, paid: true, newlyPaid, status: intent.status };
  }
  const reason = intent.last_payment_error?.message;
  if (reason) {
    db.update(orders)
      .set({ paymentFailureReason: reason.slice(0, 500), updatedAt: new Date() })
      .where(sql`${orders.id} = ${order.id} and ${orders.paymentStatus} = 'pending'`)
      .run();
  }
  return { ...outcome, status: intent.status };
}

export type EventResult = 'handled' | 'duplicate' | 'ignored';

/** Settles an intent that is no print order's (a drone job's payment); null when it is not its own either. */
export type OtherIntentSettler = (db: Db, intent: Stripe.PaymentIntent) => object | null;

/**
 * A webhook event whose signature was checked. Its id is recorded in the same transaction as what
 * it changes: an event seen before changes nothing ('duplicate'), and an event that fails to apply
 * leaves no record, so Stripe's next delivery tries again. Events about payments this site does not
 * know (another site on the same Stripe account, an order deleted since) are logged and ignored.
 */
export function handleStripeEvent(
  db: Db,
  event: Stripe.Event,
  settleOther: OtherIntentSettler = () => null,
): EventResult {
  const intent =
    event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed'
      ? (event.data.object as Stripe.PaymentIntent)
      : null;
  return db.transaction(() => {
    const first = db
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, paymentIntentId: intent?.id ?? null })
      .onConflictDoNothing()
      .run().changes;
    if (first === 0) return 'duplicate';
    if (!intent) return 'ignored';
    const outcome = settleIntent(db, intent) ?? settleOther(db, intent);
    if (!outcome) {
      getLog().warn(
        `Stripe event ${event.id} (${event.type}) is about an unknown payment ${intent.id}: ignored.`,
      );
      return 'ignored';
    }
    return 'handled';
  });
}

/**
 * When the buyer comes back from paying (the return page): asks Stripe about the order's intent and
 * settles the order by its answer, so a buyer whose webhook is late or lost still gets the receipt.
 * Stripe is not asked about an order that is paid already, not paid by card, or unknown; when it
 * cannot be reached, the order is judged as stored (the webhook settles it when it comes). True when
 * the order is paid.
 */
export async function settleReturningBuyer(db: Db, stripe: Stripe, orderId: string): Promise<boolean> {
  const order = db
    .select({ intentId: orders.stripePaymentIntentId, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.id, orderId))
    .get();
  if (!order) return false;
  if (!order.intentId || order.paymentStatus !== 'pending') return order.paymentStatus === 'completed';
  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe.paymentIntents.retrieve(order.intentId);
  } catch (err) {
    getLog().error({ err }, 'Stripe could not be asked about a returning buyer’s payment');
    return false;
  }
  const outcome = await commitGrouped(db, () => settleIntent(db, intent));
  return outcome?.paid ?? false;
}

/** Why a card payment left unmade for RESERVATION_MS was ended: the owner reads it on the order. */
export const LAPSED_CARD_REASON =
  'The card payment was not made within 30 minutes of starting it, so it was cancelled: nothing was charged.';

/**
 * Card payments started more than RESERVATION_MS before `now` and not paid that hold something
 * limited: a use of a discount code, or a copy of a limited edition (held from the start, like a
 * PayPal order's).
 */
function lapsedHoldingCardPayments(db: Db, now: Date) {
  return db
    .select({ id: orders.id, intentId: orders.stripePaymentIntentId })
    .from(orders)
    .where(
      and(
        eq(orders.paymentProvider, 'stripe'),
        eq(orders.paymentStatus, 'pending'),
        lte(orders.createdAt, new Date(now.getTime() - RESERVATION_MS)),
        sql`(${orders.discountUseTaken} = 1 or exists (select 1 from order_items i
          where i.order_id = ${orders.id} and i.edition_size is not null))`,
      ),
    )
    .all();
}

/**
 * Cancels a lapsed payment's intent at Stripe; true once Stripe will take no money for it. An intent
 * Stripe cannot cancel because it succeeded meanwhile settles its order by Stripe's answer (paid,
 * keeping what it holds); one still processing, or a Stripe that cannot be reached, waits for the
 * next run.
 */
async function cancelledAtStripe(db: Db, stripe: Stripe, intentId: string): Promise<boolean> {
  try {
    await cancelCardIntent(stripe, intentId);
    return true;
  } catch (err) {
    if ((err as { code?: string }).code !== 'payment_intent_unexpected_state') {
      getLog().warn(
        { err },
        `Stripe could not cancel the lapsed card payment ${intentId}: tried again later.`,
      );
      return false;
    }
  }
  const intent = await stripe.paymentIntents.retrieve(intentId);
  if (intent.status === 'canceled') return true;
  if (intent.status === 'succeeded') await commitGrouped(db, () => settleIntent(db, intent));
  return false;
}

/**
 * Ends the card payments left unmade for RESERVATION_MS that hold a discount code's use or an edition
 * copy, so that a payment form left open does not keep them from other buyers. Each is cancelled at
 * Stripe first, so its form can no longer take money; only then is the order marked not completed
 * (LAPSED_CARD_REASON) and what it held given back. Without a Stripe client (cards switched off
 * since), nothing can be cancelled and the holds are given back all the same. Answers how many
 * payments were ended.
 */
export async function expireLapsedCardPayments(
  db: Db,
  stripe: Stripe | null,
  now = new Date(),
): Promise<number> {
  let ended = 0;
  for (const order of lapsedHoldingCardPayments(db, now)) {
    if (stripe && order.intentId && !(await cancelledAtStripe(db, stripe, order.intentId))) continue;
    const changed = await commitGrouped(db, () =>
      db.transaction(() => {
        const failed = db
          .update(orders)
          .set({ paymentStatus: 'failed', paymentFailureReason: LAPSED_CARD_REASON, updatedAt: now })
          .where(and(eq(orders.id, order.id), eq(orders.paymentStatus, 'pending')))
          .run().changes;
        if (failed === 1) releaseCaptureHolds(db, order.id);
        return failed;
      }),
    );
    ended += changed;
  }
  return ended;
}

/**
 * Ends lapsed card payments every minute (expireLapsedCardPayments), with the Stripe client of the
 * keys in force; never keeps the process alive.
 */
export const startCardPaymentLapse = (db: Db, stripe: () => Stripe | null, everyMs = 60_000): (() => void) =>
  repeatEvery(everyMs, 'Ending lapsed card payments failed.', () => expireLapsedCardPayments(db, stripe()));
