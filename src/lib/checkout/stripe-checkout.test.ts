// Paying a print order by card, against the local Stripe double (stripe-double.server.ts) with the
// stripe package pointed at it: the PaymentIntent carries the server's total, never the browser's;
// a signed payment_intent.succeeded pays the order once (a replay or a second event changes nothing);
// a payment for another amount is refused; an event about an unknown payment is ignored; a failed
// attempt keeps the order unpaid with its reason; the return page settles a paid order when no
// webhook came; and the owner's refund goes through Stripe.
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getOrderWithItems } from '~/lib/checkout/order-with-items.server';
import {
  createCardPayment,
  expireLapsedCardPayments,
  handleStripeEvent,
  LAPSED_CARD_REASON,
  settleIntent,
  settleReturningBuyer,
} from '~/lib/checkout/stripe-checkout.server';
import { cardPaymentSchema } from '~/lib/checkout/stripe-schemas';
import { refundOrder } from '~/lib/orders/order-refund.server';
import type { PaypalClient } from '~/lib/payments/paypal-client.server';
import { makeStripe } from '~/lib/payments/stripe-client.server';
import { type DoubleIntent, type StripeDouble, startStripeDouble } from '~/lib/payments/stripe-double.server';
import { refundCardPayment } from '~/lib/payments/stripe-refunds.server';
import type { Db } from '~/lib/platform/server/db';
import {
  assertEditionCopiesLeft,
  editionOf,
  numberedCopiesOf,
  releaseLapsedHolds,
} from '~/lib/shop/editions.server';
import { discountCodes, editionCopies, orders, stripeEvents } from '~db/schema';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { makeDiscountCode, makePhoto, makeVariant } from '~tests/helpers/factories';
import { CUSTOMER } from '~tests/helpers/fixtures';
import { queuedMails } from '~tests/helpers/outbox';

tempDataDir('stripe-checkout');
const SECRET = 'whsec_testsecret0123456789';

let double: StripeDouble;
let stripe: Stripe;
let db: Db;
let variantId: string;
beforeAll(async () => {
  double = await startStripeDouble();
  stripe = makeStripe('sk_test_double0123456789', double.url);
});
afterAll(() => double.close());
beforeEach(() => {
  db = memoryDb();
  variantId = makeVariant(db, { priceCents: 4500 }).id;
});

/** A card order of two prints to Ireland; the body says 1 cent, which the schema drops. */
async function started(discountCode?: string) {
  const input = cardPaymentSchema.parse({
    lines: [{ variantId, framing: null, quantity: 2 }],
    country: 'IE',
    customerData: CUSTOMER,
    amount: 1,
    ...(discountCode ? { discountCode } : {}),
  });
  const created = await createCardPayment(db, stripe, input);
  const order = getOrderWithItems(db, created.orderId);
  const intent = double.intents.get(order?.stripePaymentIntentId ?? '') as DoubleIntent;
  return { ...created, order, intent };
}

/** Stripe's event for the intent as it is now, signed and checked as the webhook route checks it. */
function event(type: string, intent: DoubleIntent, secret = SECRET): Stripe.Event {
  const signed = double.signedEvent(type, intent, SECRET);
  return stripe.webhooks.constructEvent(signed.payload, signed.signature, secret);
}
const stored = (orderId: string) => db.select().from(orders).where(eq(orders.id, orderId)).get();

/** A card payment started for the one copy of a limited edition. */
async function lastCopyPayment() {
  const photo = makePhoto(db, { editionSize: 1 });
  variantId = makeVariant(db, { photoId: photo.id }).id;
  const input = cardPaymentSchema.parse({
    lines: [{ variantId, framing: null, quantity: 1 }],
    country: 'IE',
    customerData: CUSTOMER,
  });
  const { orderId } = await createCardPayment(db, stripe, input);
  return { photo, input, orderId };
}

/** A Stripe client whose cancel cannot reach Stripe. */
function unreachableStripe(): Stripe {
  const unreachable = makeStripe('sk_test_double0123456789', 'http://127.0.0.1:9');
  unreachable.paymentIntents.cancel = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:9'));
  return unreachable;
}

describe('starting a card payment', () => {
  it('makes the PaymentIntent for the server’s total in EUR cents, and stores the order with the buyer', async () => {
    const { orderId, clientSecret, totalCents, order, intent } = await started();
    expect(totalCents).toBeGreaterThan(9000);
    expect(intent).toMatchObject({ amount: totalCents, currency: 'eur', metadata: { orderId } });
    expect(clientSecret).toBe(intent.client_secret);
    expect(order).toMatchObject({
      paymentProvider: 'stripe',
      paymentStatus: 'pending',
      totalAmountCents: totalCents,
      customerEmail: CUSTOMER.email,
      shipCity: CUSTOMER.city,
    });
  });

  it('refuses a buyer whose country is not the one the shipping was priced for, before Stripe is asked', async () => {
    const before = double.intents.size;
    const input = cardPaymentSchema.parse({
      lines: [{ variantId, framing: null, quantity: 1 }],
      country: 'IE',
      customerData: { ...CUSTOMER, country: 'France' },
    });
    await expect(createCardPayment(db, stripe, input)).rejects.toMatchObject({ status: 422 });
    expect(double.intents.size).toBe(before);
  });
});

describe('a discount code with one use left', () => {
  const usesOf = (id: string) => db.select().from(discountCodes).where(eq(discountCodes.id, id)).get()?.uses;

  it('is held by the first card payment: a second buyer is refused before Stripe is asked', async () => {
    const code = makeDiscountCode(db, { code: 'LASTONE', maxUses: 1 });
    const first = await started('LASTONE');
    expect(first.order).toMatchObject({ discountCodeId: code.id, discountUseTaken: true });
    expect(usesOf(code.id)).toBe(1);
    const before = double.intents.size;
    await expect(started('LASTONE')).rejects.toMatchObject({ status: 422 });
    expect(double.intents.size).toBe(before);
    // Paid, it keeps that one use: counted once.
    double.confirm(first.intent.id);
    expect(handleStripeEvent(db, event('payment_intent.succeeded', first.intent))).toBe('handled');
    expect(stored(first.orderId)).toMatchObject({ paymentStatus: 'completed' });
    expect(usesOf(code.id)).toBe(1);
  });

  it('is given back when the payment is not made within 30 minutes, once Stripe has cancelled it', async () => {
    const code = makeDiscountCode(db, { code: 'LASTONE', maxUses: 1 });
    const first = await started('LASTONE');
    expect(await expireLapsedCardPayments(db, stripe, new Date(Date.now() + 29 * 60_000))).toBe(0);
    expect(usesOf(code.id)).toBe(1);
    expect(double.intents.get(first.intent.id)?.status).toBe('requires_payment_method');
    expect(await expireLapsedCardPayments(db, stripe, new Date(Date.now() + 31 * 60_000))).toBe(1);
    expect(usesOf(code.id)).toBe(0);
    expect(stored(first.orderId)).toMatchObject({
      paymentStatus: 'failed',
      paymentFailureReason: LAPSED_CARD_REASON,
      discountUseTaken: false,
    });
    // The first buyer's form can no longer take money: Stripe refuses to confirm a cancelled intent.
    expect(double.intents.get(first.intent.id)).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'abandoned',
    });
    // Another buyer may use the code now, and it is counted once.
    const second = await started('LASTONE');
    expect(usesOf(code.id)).toBe(1);
    double.confirm(second.intent.id);
    handleStripeEvent(db, event('payment_intent.succeeded', second.intent));
    expect(stored(second.orderId)).toMatchObject({ paymentStatus: 'completed', discountUseTaken: true });
    expect(usesOf(code.id)).toBe(1);
    // A second run finds nothing more to end.
    expect(await expireLapsedCardPayments(db, stripe, new Date(Date.now() + 62 * 60_000))).toBe(0);
  });

  it('keeps the use of a payment that Stripe took just before the cancel, and pays its order', async () => {
    const code = makeDiscountCode(db, { code: 'LASTONE', maxUses: 1 });
    const first = await started('LASTONE');
    // Paid at Stripe, its webhook not yet here.
    double.confirm(first.intent.id);
    expect(await expireLapsedCardPayments(db, stripe, new Date(Date.now() + 31 * 60_000))).toBe(0);
    expect(stored(first.orderId)).toMatchObject({ paymentStatus: 'completed', discountUseTaken: true });
    expect(usesOf(code.id)).toBe(1);
  });

  it('keeps the use while Stripe cannot be reached, and ends the payment once it can', async () => {
    const code = makeDiscountCode(db, { code: 'LASTONE', maxUses: 1 });
    const first = await started('LASTONE');
    const unreachable = unreachableStripe();
    const later = new Date(Date.now() + 31 * 60_000);
    expect(await expireLapsedCardPayments(db, unreachable, later)).toBe(0);
    expect(stored(first.orderId)).toMatchObject({ paymentStatus: 'pending', discountUseTaken: true });
    expect(usesOf(code.id)).toBe(1);
    expect(await expireLapsedCardPayments(db, stripe, later)).toBe(1);
    expect(usesOf(code.id)).toBe(0);
  });

  it('ends a lapsed payment for a copy of a limited edition, and frees the copy', async () => {
    const { input, orderId } = await lastCopyPayment();
    const held = () => db.select().from(editionCopies).where(eq(editionCopies.orderId, orderId)).all();
    expect(held()).toHaveLength(1);
    expect(await expireLapsedCardPayments(db, stripe, new Date(Date.now() + 31 * 60_000))).toBe(1);
    expect(held()).toHaveLength(0);
    const intentId = stored(orderId)?.stripePaymentIntentId ?? '';
    expect(double.intents.get(intentId)?.status).toBe('canceled');
    // The one copy can be bought again.
    await expect(createCardPayment(db, stripe, input)).resolves.toMatchObject({
      totalCents: expect.any(Number),
    });
  });

  it('keeps an open card payment’s edition copy held past its 30 minutes until Stripe cancels it', async () => {
    const { photo, orderId } = await lastCopyPayment();
    const later = new Date(Date.now() + 31 * 60_000);
    const lastCopy = () => assertEditionCopiesLeft(db, [{ photoId: photo.id, quantity: 1 }], later);
    // Its form can still pay, so neither the shop nor the every-minute sweep frees the copy.
    expect(lastCopy).toThrow(expect.objectContaining({ status: 409 }));
    expect(releaseLapsedHolds(db, later)).toBe(0);
    expect(editionOf(db, photo.id, later)).toMatchObject({ reserved: 1, left: 0 });
    // Stripe cannot be reached: the payment is not ended, and the copy stays held.
    const unreachable = unreachableStripe();
    expect(await expireLapsedCardPayments(db, unreachable, later)).toBe(0);
    expect(lastCopy).toThrow(expect.objectContaining({ status: 409 }));
    // The buyer pays on the open form meanwhile: the copy is theirs, numbered 1.
    const intent = double.intents.get(stored(orderId)?.stripePaymentIntentId ?? '') as DoubleIntent;
    double.confirm(intent.id);
    expect(handleStripeEvent(db, event('payment_intent.succeeded', intent))).toBe('handled');
    expect(numberedCopiesOf(db, orderId).map((c) => c.number)).toEqual([1]);
    expect(editionOf(db, photo.id, later)).toMatchObject({ sold: 1, reserved: 0, left: 0 });
  });

  it('leaves alone a card payment that holds nothing limited', async () => {
    const { orderId } = await started();
    expect(await expireLapsedCardPayments(db, stripe, new Date(Date.now() + 31 * 60_000))).toBe(0);
    expect(stored(orderId)).toMatchObject({ paymentStatus: 'pending' });
  });
});

describe('the webhook', () => {
  it('pays the order once for a signed payment_intent.succeeded, and a replay changes nothing', async () => {
    const { orderId, intent } = await started();
    double.confirm(intent.id);
    const succeeded = event('payment_intent.succeeded', intent);
    expect(handleStripeEvent(db, succeeded)).toBe('handled');
    expect(stored(orderId)).toMatchObject({ paymentStatus: 'completed', paymentId: intent.id });
    const mails = queuedMails(db).length;
    expect(mails).toBe(2);

    expect(handleStripeEvent(db, succeeded)).toBe('duplicate');
    // Another delivery of the same news under a new event id is applied, and still pays once.
    expect(handleStripeEvent(db, event('payment_intent.succeeded', intent))).toBe('handled');
    expect(queuedMails(db)).toHaveLength(mails);
    expect(db.select().from(stripeEvents).all()).toHaveLength(2);
  });

  it('refuses an event signed with another secret', () => {
    const intent = { id: 'pi_x', amount: 100, currency: 'eur' } as DoubleIntent;
    expect(() => event('payment_intent.succeeded', intent, 'whsec_another0123456789')).toThrow(/signature/i);
  });

  it('ignores an event about a payment this site does not know', async () => {
    const stranger = { ...double.confirm((await started()).intent.id), id: 'pi_unknown' };
    expect(handleStripeEvent(db, event('payment_intent.succeeded', stranger))).toBe('ignored');
    expect(queuedMails(db)).toHaveLength(0);
  });

  it('does not pay an order when the payment is for another amount', async () => {
    const { orderId, intent } = await started();
    double.confirm(intent.id);
    const short = { ...intent, amount: intent.amount - 100, amount_received: intent.amount - 100 };
    expect(settleIntent(db, short)).toMatchObject({ paid: false, status: 'mismatch' });
    expect(stored(orderId)?.paymentStatus).toBe('failed');
    expect(queuedMails(db)).toHaveLength(0);
  });

  it('keeps the order unpaid with Stripe’s reason when a card is declined', async () => {
    const { orderId, intent } = await started();
    double.confirm(intent.id, '4000000000000002');
    expect(handleStripeEvent(db, event('payment_intent.payment_failed', intent))).toBe('handled');
    expect(stored(orderId)).toMatchObject({
      paymentStatus: 'pending',
      paymentFailureReason: 'Your card was declined.',
    });
  });
});

describe('the return page', () => {
  it('asks Stripe and pays the order when no webhook came, once', async () => {
    const { orderId, intent } = await started();
    expect(await settleReturningBuyer(db, stripe, orderId)).toBe(false);
    double.confirm(intent.id);
    expect(await settleReturningBuyer(db, stripe, orderId)).toBe(true);
    expect(handleStripeEvent(db, event('payment_intent.succeeded', intent))).toBe('handled');
    expect(queuedMails(db)).toHaveLength(2);
  });
});

describe('refunding a card order', () => {
  it('refunds the PaymentIntent in full through Stripe and cancels the order', async () => {
    const { orderId, intent, totalCents } = await started();
    double.confirm(intent.id);
    handleStripeEvent(db, event('payment_intent.succeeded', intent));
    const paypal = {} as PaypalClient;
    const refund = (payment: Parameters<typeof refundCardPayment>[1]) => refundCardPayment(stripe, payment);
    await refundOrder(db, paypal, { orderId, changedBy: 'owner@example.com', now: new Date() }, refund);
    const refunds = [...double.refunds.values()];
    expect(refunds).toMatchObject([{ payment_intent: intent.id, amount: totalCents }]);
    expect(stored(orderId)).toMatchObject({
      status: 'cancelled',
      refundId: refunds[0]?.id,
      refundedAmountCents: totalCents,
    });
    // The buyer is told where the money went back: to the card, not through PayPal.
    const mail = queuedMails(db).find((m) => m.subject.endsWith('has been refunded'));
    expect(mail?.text).toContain('refunded to the card you paid with');
    expect(mail?.text).not.toContain('PayPal');
    // The owner's notice of the sale names Stripe's payment, not a PayPal order.
    const notice = queuedMails(db).find((m) => m.to === 'owner@example.com');
    expect(notice?.text).toContain(`Paid by card through Stripe: payment ${intent.id}`);
    await expect(
      refundOrder(db, paypal, { orderId, changedBy: 'owner@example.com', now: new Date() }, refund),
    ).rejects.toMatchObject({ status: 409 });
    expect(double.refunds.size).toBe(1);
  });
});
