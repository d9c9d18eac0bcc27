// Capturing an order's payment, against the PayPal fake: the order is paid only for a COMPLETED
// capture of exactly its amount in EUR; a PENDING capture keeps it pending with the capture id; a
// declined capture or another amount fails it; and a paid order is never captured or unpaid again.
// The confirmation and the owner's notice are queued with the payment, once, however often it is
// captured or settled.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getOrderWithItems } from '~/lib/checkout/order-with-items.server';
import { capturePaypalOrder, createPaypalOrder, settleCapture } from '~/lib/checkout/place-order.server';
import type { PaypalClient } from '~/lib/payments/paypal-client.server';
import type { CaptureBehaviour, PaypalFake } from '~/lib/payments/paypal-fake.server';
import type { Db } from '~/lib/platform/server/db';
import { getLog } from '~/lib/platform/server/log';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { makeVariant } from '~tests/helpers/factories';
import { CUSTOMER } from '~tests/helpers/fixtures';
import { queuedMails } from '~tests/helpers/outbox';
import { paypalFake } from '~tests/helpers/paypal';

// The owner's address for the mails comes from the configuration of a data directory of its own.
tempDataDir('orders-capture');
const customer = CUSTOMER;

let db: Db;
let fake: PaypalFake;
let client: PaypalClient;
let variantId: string;
beforeEach(() => {
  db = memoryDb();
  ({ fake, client } = paypalFake());
  variantId = makeVariant(db, { priceCents: 4500 }).id;
});

/** A started order of two prints (90.00), and PayPal's id for it. */
async function started() {
  const created = await createPaypalOrder(db, client, {
    lines: [{ variantId, framing: null, quantity: 2 }],
    country: 'IE',
  });
  return { paypalId: created.id, orderId: created.orderId };
}
const stored = (orderId: string) => getOrderWithItems(db, orderId);
const captureCalls = () => fake.calls.filter((c) => c.path.endsWith('/capture')).length;

async function captureWith(behaviour: CaptureBehaviour) {
  const { paypalId, orderId } = await started();
  fake.captureBehaviour = behaviour;
  return { outcome: await capturePaypalOrder(db, client, paypalId, customer), orderId };
}

describe('capturing a payment', () => {
  it('marks the order paid for a COMPLETED capture of its amount, and stores the customer', async () => {
    const { outcome, orderId } = await captureWith('complete');
    expect(outcome).toMatchObject({ paid: true, orderId, newlyPaid: true });
    const captureId = 'captureId' in outcome ? outcome.captureId : undefined;
    expect(captureId).toMatch(/^[A-Z0-9]{17}$/);
    expect(stored(orderId)).toMatchObject({
      paymentStatus: 'completed',
      paymentId: captureId,
      paidAt: expect.any(Date),
      customerName: 'Aoife Byrne',
      customerEmail: 'aoife@example.ie',
      phoneNumber: '+353 1 234 5678',
      customerAddress: '12 Main Street\nA67 X123 Wicklow\nIreland',
      // The address in its parts too, as typed: a postcode with a space is not split wrongly.
      shipStreet: '12 Main Street',
      shipPostalCode: 'A67 X123',
      shipCity: 'Wicklow',
      shipCountry: 'IE',
    });
    expect(queuedMails(db).map((m) => m.to)).toEqual(['owner@example.com', 'aoife@example.ie']);
  });

  it('answers a repeated capture as paid without capturing again', async () => {
    const { paypalId, orderId } = await started();
    await capturePaypalOrder(db, client, paypalId, customer);
    const again = await capturePaypalOrder(db, client, paypalId, customer);
    expect(again).toMatchObject({ paid: true, orderId, newlyPaid: false });
    expect(captureCalls()).toBe(1);
    expect(queuedMails(db)).toHaveLength(2);
  });

  it('pays an order once for many captures at the same time', async () => {
    const { paypalId } = await started();
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () => capturePaypalOrder(db, client, paypalId, customer)),
    );
    expect(outcomes.filter((o) => o.paid && o.newlyPaid)).toHaveLength(1);
    expect(outcomes.every((o) => o.paid)).toBe(true);
    expect(captureCalls()).toBe(1);
    expect(queuedMails(db)).toHaveLength(2);
  });

  it('pays an order PayPal had already captured, by reading the order back', async () => {
    const { paypalId, orderId } = await started();
    await client.captureOrder(paypalId, 'captured-elsewhere');
    const outcome = await capturePaypalOrder(db, client, paypalId, customer);
    expect(outcome).toMatchObject({ paid: true, newlyPaid: true });
    expect(stored(orderId)?.paymentStatus).toBe('completed');
  });

  it('keeps a PENDING capture pending, with the capture id to ask about later', async () => {
    const { outcome, orderId } = await captureWith('pending');
    expect(outcome).toEqual({
      paid: false,
      orderId,
      reason: 'not-completed',
      status: 'PENDING',
      newlyFailed: false,
    });
    expect(queuedMails(db)).toEqual([]);
    expect(stored(orderId)).toMatchObject({ paymentStatus: 'pending', paymentId: expect.any(String) });
  });

  it('fails the order for a DECLINED capture', async () => {
    const { outcome, orderId } = await captureWith('declined');
    expect(outcome).toMatchObject({ paid: false, reason: 'not-completed', status: 'DECLINED' });
    expect(stored(orderId)).toMatchObject({ paymentStatus: 'failed', paidAt: null });
    // The buyer is told at the checkout; no mail is queued for a refusal there.
    expect(queuedMails(db)).toEqual([]);
  });

  it('fails the order when PayPal captured another amount or currency', async () => {
    const log = vi.spyOn(getLog(), 'error').mockImplementation(() => {});
    for (const behaviour of ['wrong-amount', 'wrong-currency'] as const) {
      const { outcome, orderId } = await captureWith(behaviour);
      expect(outcome, behaviour).toMatchObject({ paid: false, reason: 'mismatch', status: 'COMPLETED' });
      expect(stored(orderId)?.paymentStatus, behaviour).toBe('failed');
    }
    expect(log).toHaveBeenCalledTimes(2);
    log.mockRestore();
  });

  it('hands a refused card back as PayPal’s error, leaving the order pending', async () => {
    const { paypalId, orderId } = await started();
    fake.captureBehaviour = 'instrument-declined';
    await expect(capturePaypalOrder(db, client, paypalId, customer)).rejects.toMatchObject({
      status: 422,
      issue: 'INSTRUMENT_DECLINED',
    });
    expect(stored(orderId)?.paymentStatus).toBe('pending');
    // The buyer chooses another card in PayPal's window and the capture is asked again: PayPal
    // answers a request id it has seen with its first answer, so the new attempt needs its own.
    fake.captureBehaviour = 'complete';
    const again = await capturePaypalOrder(db, client, paypalId, customer);
    expect(again).toMatchObject({ paid: true, newlyPaid: true });
    expect(stored(orderId)?.paymentStatus).toBe('completed');
  });

  it('answers 404 for a PayPal order the shop does not know', async () => {
    await expect(capturePaypalOrder(db, client, 'UNKNOWN123', customer)).rejects.toMatchObject({
      status: 404,
    });
    expect(fake.calls.filter((c) => c.path.includes('UNKNOWN123'))).toEqual([]);
  });
});

describe('an order made in test mode', () => {
  it('is stored as a test order, captured by the same rules, and mailed as one', async () => {
    const created = await createPaypalOrder(
      db,
      client,
      { lines: [{ variantId, framing: null, quantity: 2 }], country: 'IE' },
      {
        testMode: true,
      },
    );
    expect(stored(created.orderId)?.testMode).toBe(true);
    const outcome = await capturePaypalOrder(db, client, created.id, customer);
    expect(outcome).toMatchObject({ paid: true, newlyPaid: true });
    expect(stored(created.orderId)).toMatchObject({ testMode: true, paymentStatus: 'completed' });
    expect(queuedMails(db).map((m) => m.subject)).toEqual([
      expect.stringMatching(/^New test order #/),
      expect.stringMatching(/^Your test order #\w+: no payment taken$/),
    ]);
  });

  it('is not a test order otherwise', async () => {
    const { orderId } = await started();
    expect(stored(orderId)?.testMode).toBe(false);
  });
});

describe('a later answer about a paid order', () => {
  it('never unpays it', async () => {
    const { orderId } = await captureWith('complete');
    const paid = stored(orderId)!;
    const outcome = settleCapture(db, paid, {
      id: paid.paypalOrderId ?? '',
      status: 'COMPLETED',
      purchase_units: [{ payments: { captures: [{ id: 'CAPLATER', status: 'DECLINED' }] } }],
    });
    expect(outcome).toMatchObject({ paid: false, status: 'DECLINED', newlyFailed: false });
    expect(stored(orderId)).toEqual(paid);
  });

  it('queues its mails once when the same completed answer is settled twice', async () => {
    const { paypalId, orderId } = await started();
    const answer = await client.captureOrder(paypalId, 'captured-before-a-crash');
    const order = stored(orderId)!;
    expect(settleCapture(db, order, answer)).toMatchObject({ paid: true, newlyPaid: true });
    expect(settleCapture(db, order, answer)).toMatchObject({ paid: true, newlyPaid: false });
    // The buyer's details never reached the site, so only the owner is told.
    expect(queuedMails(db).map((m) => m.to)).toEqual(['owner@example.com']);
  });
});
