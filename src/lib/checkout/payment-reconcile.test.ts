// Payments not yet settled, asked about again against the PayPal fake: a PENDING capture that
// PayPal later completes makes the order paid and queues the confirmation; one PayPal declines fails
// the order and tells both sides; another amount fails it and tells the owner. Only orders with a
// capture on hold from the last 30 days are asked about, and a PayPal error leaves them for later.
// At start, every pending order with a PayPal order id is asked about: a capture PayPal completed
// before a crash is settled, with its mails queued once; an order never approved stays pending.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getOrderWithItems } from '~/lib/checkout/order-with-items.server';
import {
  reconcilePendingPayments,
  settleUnsettledPayments,
  startPaymentReconciler,
} from '~/lib/checkout/payment-reconcile.server';
import { capturePaypalOrder, createPaypalOrder } from '~/lib/checkout/place-order.server';
import type { PaypalClient } from '~/lib/payments/paypal-client.server';
import type { PaypalFake } from '~/lib/payments/paypal-fake.server';
import type { Db } from '~/lib/platform/server/db';
import { getLog } from '~/lib/platform/server/log';
import { mailQueue, orders } from '~db/schema';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { makeOrder, makeVariant } from '~tests/helpers/factories';
import { CUSTOMER } from '~tests/helpers/fixtures';
import { queuedMails } from '~tests/helpers/outbox';
import { paypalFake } from '~tests/helpers/paypal';

tempDataDir('reconcile');
const DAY = 24 * 60 * 60 * 1000;
const customer = CUSTOMER;

let db: Db;
let fake: PaypalFake;
let client: PaypalClient;
let variantId: string;
beforeEach(() => {
  db = memoryDb();
  ({ fake, client } = paypalFake());
  variantId = makeVariant(db, { priceCents: 4999 }).id;
});
afterEach(() => {
  vi.restoreAllMocks();
});
/** The mails queued (the checkout's PENDING capture queues none). */
const newMails = () => queuedMails(db);
const status = (orderId: string) => getOrderWithItems(db, orderId)?.paymentStatus;

/** An order whose capture PayPal answered PENDING, as checkout leaves it. */
async function heldOrder() {
  const created = await createPaypalOrder(db, client, {
    lines: [{ variantId, framing: null, quantity: 2 }],
    country: 'IE',
  });
  fake.captureBehaviour = 'pending';
  const outcome = await capturePaypalOrder(db, client, created.id, customer);
  expect(outcome).toMatchObject({ paid: false, status: 'PENDING' });
  return { paypalId: created.id, orderId: created.orderId };
}

describe('asking PayPal again about held payments', () => {
  it('changes nothing while PayPal is still reviewing', async () => {
    const { orderId } = await heldOrder();
    expect(await reconcilePendingPayments(db, client)).toEqual({ checked: 1, paid: 0, failed: 0 });
    expect(status(orderId)).toBe('pending');
    expect(newMails()).toEqual([]);
  });

  it('marks the order paid and sends the confirmation once PayPal completes it', async () => {
    const { orderId } = await heldOrder();
    fake.settlePendingCaptures('COMPLETED');
    expect(await reconcilePendingPayments(db, client)).toEqual({ checked: 1, paid: 1, failed: 0 });
    expect(getOrderWithItems(db, orderId)).toMatchObject({
      paymentStatus: 'completed',
      paidAt: expect.any(Date),
    });
    expect(newMails().map((m) => m.subject)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^New order #\w{6}: €109\.98$/),
        expect.stringMatching(/is confirmed$/),
      ]),
    );
    // Paid: not asked about again.
    expect(await reconcilePendingPayments(db, client)).toEqual({ checked: 0, paid: 0, failed: 0 });
  });

  it('marks the order failed and tells the customer and the owner when PayPal declines it', async () => {
    const { orderId } = await heldOrder();
    fake.settlePendingCaptures('DECLINED');
    expect(await reconcilePendingPayments(db, client)).toEqual({ checked: 1, paid: 0, failed: 1 });
    expect(status(orderId)).toBe('failed');
    expect(
      newMails()
        .map((m) => m.to)
        .sort(),
    ).toEqual(['aoife@example.ie', 'owner@example.com']);
    expect(newMails().find((m) => m.to === 'aoife@example.ie')?.text).toContain('You are not charged for it');
  });

  it('fails the order and tells only the owner when PayPal completes it for another amount', async () => {
    vi.spyOn(getLog(), 'error').mockImplementation(() => {});
    const { paypalId, orderId } = await heldOrder();
    const capture = fake.orders.get(paypalId)?.captures[0];
    if (!capture) throw new Error('the fake holds no capture');
    Object.assign(capture, { status: 'COMPLETED', amount: { currency_code: 'EUR', value: '1.00' } });
    expect(await reconcilePendingPayments(db, client)).toEqual({ checked: 1, paid: 0, failed: 1 });
    expect(status(orderId)).toBe('failed');
    expect(newMails().map((m) => m.to)).toEqual(['owner@example.com']);
    expect(newMails()[0]?.text).toContain('Check it in PayPal and refund it.');
  });

  it('asks only about captures on hold from the last 30 days', async () => {
    const now = new Date();
    const { paypalId } = await heldOrder();
    makeOrder(db, {
      payment: 'held',
      paypalOrderId: 'OLDHOLD1',
      createdAt: new Date(now.getTime() - 31 * DAY),
    });
    for (const payment of ['started', 'paid', 'failed', 'cancelled'] as const) makeOrder(db, { payment });
    const reads = () => fake.calls.filter((c) => c.method === 'GET').map((c) => c.path);
    const before = reads().length;
    expect(await reconcilePendingPayments(db, client, now)).toMatchObject({ checked: 1 });
    expect(reads().slice(before)).toEqual([`/v2/checkout/orders/${paypalId}`]);
  });

  it('leaves an order pending for later when PayPal cannot answer about it', async () => {
    const log = vi.spyOn(getLog(), 'error').mockImplementation(() => {});
    const lost = makeOrder(db, { payment: 'held', paypalOrderId: 'NOTATPAYPAL1' });
    expect(await reconcilePendingPayments(db, client)).toEqual({ checked: 0, paid: 0, failed: 0 });
    expect(status(lost.id)).toBe('pending');
    expect(log).toHaveBeenCalledWith(
      expect.anything(),
      `Could not ask PayPal about pending order ${lost.id}; will ask again.`,
    );
  });
});

describe('the recurring check', () => {
  it('settles at start, then asks again on its own until stopped', async () => {
    const { orderId } = await heldOrder();
    const log = vi.spyOn(getLog(), 'info').mockImplementation(() => {});
    const stop = startPaymentReconciler(db, () => client, 20);
    try {
      await vi.waitFor(() => expect(fake.calls.filter((c) => c.method === 'GET').length).toBeGreaterThan(1), {
        timeout: 5000,
      });
      fake.settlePendingCaptures('COMPLETED');
      await vi.waitFor(
        () => expect(log).toHaveBeenCalledWith('Pending payments: 1 completed, 0 not completed.'),
        { timeout: 5000 },
      );
      expect(status(orderId)).toBe('completed');
      expect(newMails()).toHaveLength(2);
    } finally {
      stop();
    }
  });
});

describe('settling at start', () => {
  /** An order whose capture PayPal completed, while the site (stopped by a crash) never recorded it. */
  async function capturedBeforeACrash() {
    const created = await createPaypalOrder(db, client, {
      lines: [{ variantId, framing: null, quantity: 2 }],
      country: 'IE',
    });
    // The checkout stored the buyer, asked PayPal to capture, and the process died before the answer.
    await capturePaypalOrder(db, client, created.id, customer).catch(() => undefined);
    db.update(orders)
      .set({ paymentStatus: 'pending', paymentId: null, paidAt: null })
      .where(eq(orders.id, created.orderId))
      .run();
    db.delete(mailQueue).run();
    return { paypalId: created.id, orderId: created.orderId };
  }

  it('marks paid an order whose capture PayPal completed before a crash, queuing its mails once', async () => {
    const { paypalId, orderId } = await capturedBeforeACrash();
    expect(getOrderWithItems(db, orderId)?.paymentStatus).toBe('pending');
    const captures = () => fake.calls.filter((c) => c.path.endsWith('/capture')).length;
    const before = captures();
    expect(await settleUnsettledPayments(db, client)).toEqual({ checked: 1, paid: 1, failed: 0 });
    expect(getOrderWithItems(db, orderId)).toMatchObject({
      paymentStatus: 'completed',
      paymentId: fake.orders.get(paypalId)?.captures[0]?.id,
      paidAt: expect.any(Date),
    });
    // Settled twice (a second start, or the start and a capture retried by the buyer): mailed once.
    await settleUnsettledPayments(db, client);
    expect(await capturePaypalOrder(db, client, paypalId, customer)).toMatchObject({ newlyPaid: false });
    expect(
      newMails()
        .map((m) => m.to)
        .sort(),
    ).toEqual(['aoife@example.ie', 'owner@example.com']);
    expect(captures()).toBe(before);
  });

  it('leaves pending, without capturing, an order whose buyer never approved or never came back', async () => {
    const created = await createPaypalOrder(db, client, {
      lines: [{ variantId, framing: null, quantity: 1 }],
      country: 'IE',
    });
    const approved = await createPaypalOrder(db, client, {
      lines: [{ variantId, framing: null, quantity: 1 }],
      country: 'IE',
    });
    const paypalOrder = fake.orders.get(approved.id);
    if (!paypalOrder) throw new Error('the fake holds no order');
    paypalOrder.status = 'APPROVED';
    expect(await settleUnsettledPayments(db, client)).toEqual({ checked: 2, paid: 0, failed: 0 });
    for (const id of [created.orderId, approved.orderId]) expect(status(id)).toBe('pending');
    expect(fake.calls.filter((c) => c.path.endsWith('/capture'))).toEqual([]);
    expect(newMails()).toEqual([]);
    // The recurring check leaves them alone: it asks only about captures on hold.
    expect(await reconcilePendingPayments(db, client)).toEqual({ checked: 0, paid: 0, failed: 0 });
  });

  it('asks only about pending orders with a PayPal order id from the last 30 days', async () => {
    const now = new Date();
    const { paypalId } = await capturedBeforeACrash();
    makeOrder(db, {
      payment: 'started',
      paypalOrderId: 'OLDSTART1',
      createdAt: new Date(now.getTime() - 31 * DAY),
    });
    for (const payment of ['paid', 'failed', 'cancelled'] as const) makeOrder(db, { payment });
    const reads = () => fake.calls.filter((c) => c.method === 'GET').map((c) => c.path);
    const before = reads().length;
    expect(await settleUnsettledPayments(db, client, now)).toMatchObject({ checked: 1, paid: 1 });
    expect(reads().slice(before)).toEqual([`/v2/checkout/orders/${paypalId}`]);
  });
});
