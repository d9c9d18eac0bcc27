// Payments PayPal held for review, asked about again against the PayPal double: a PENDING capture
// that PayPal later completes makes the order paid and sends the confirmation; one PayPal declines
// fails the order and tells both sides; another amount fails it and tells the owner. Only orders with
// a capture on hold from the last 30 days are asked about, and a PayPal error leaves them for later.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '~/lib/server/db';
import type { PaypalClient } from '~/lib/server/payments/paypal-client';
import type { PaypalDouble } from '~/lib/server/payments/paypal-double';
import { capturePaypalOrder, createPaypalOrder, getOrderWithItems } from '~/lib/server/services/orders';
import { reconcilePendingPayments, startPaymentReconciler } from '~/lib/server/services/payment-reconcile';
import { tempDataDir } from '../../helpers/data-dir';
import { memoryDb } from '../../helpers/db';
import { makeOrder, makeVariant } from '../../helpers/factories';
import { CUSTOMER } from '../../helpers/fixtures';
import { readOutbox } from '../../helpers/outbox';
import { paypalDouble } from '../../helpers/paypal';

const data = tempDataDir('reconcile');
const DAY = 24 * 60 * 60 * 1000;
const customer = CUSTOMER;

let db: Db;
let double: PaypalDouble;
let client: PaypalClient;
let variantId: string;
let seen = 0;
beforeEach(() => {
  db = memoryDb();
  ({ double, client } = paypalDouble());
  variantId = makeVariant(db, { priceCents: 4999 }).id;
  seen = readOutbox(data.dir).length;
});
afterEach(() => {
  vi.restoreAllMocks();
});
const newMails = () => readOutbox(data.dir).slice(seen);
const status = (orderId: string) => getOrderWithItems(db, orderId)?.paymentStatus;

/** An order whose capture PayPal answered PENDING, as checkout leaves it. */
async function heldOrder() {
  const created = await createPaypalOrder(db, client, [{ variantId, framing: null, quantity: 2 }]);
  double.captureBehaviour = 'pending';
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
    double.settlePendingCaptures('COMPLETED');
    expect(await reconcilePendingPayments(db, client)).toEqual({ checked: 1, paid: 1, failed: 0 });
    expect(getOrderWithItems(db, orderId)).toMatchObject({
      paymentStatus: 'completed',
      paidAt: expect.any(Date),
    });
    expect(newMails().map((m) => m.subject)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^New order #\w{6}: €99\.98$/),
        expect.stringMatching(/is confirmed$/),
      ]),
    );
    // Paid: not asked about again.
    expect(await reconcilePendingPayments(db, client)).toEqual({ checked: 0, paid: 0, failed: 0 });
  });

  it('marks the order failed and tells the customer and the owner when PayPal declines it', async () => {
    const { orderId } = await heldOrder();
    double.settlePendingCaptures('DECLINED');
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
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { paypalId, orderId } = await heldOrder();
    const capture = double.orders.get(paypalId)?.captures[0];
    if (!capture) throw new Error('the double holds no capture');
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
    const reads = () => double.calls.filter((c) => c.method === 'GET').map((c) => c.path);
    const before = reads().length;
    expect(await reconcilePendingPayments(db, client, now)).toMatchObject({ checked: 1 });
    expect(reads().slice(before)).toEqual([`/v2/checkout/orders/${paypalId}`]);
  });

  it('leaves an order pending for later when PayPal cannot answer about it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const lost = makeOrder(db, { payment: 'held', paypalOrderId: 'NOTATPAYPAL1' });
    expect(await reconcilePendingPayments(db, client)).toEqual({ checked: 0, paid: 0, failed: 0 });
    expect(status(lost.id)).toBe('pending');
    expect(log).toHaveBeenCalledWith(
      `Could not ask PayPal about pending order ${lost.id}; will ask again.`,
      expect.anything(),
    );
  });
});

describe('the recurring check', () => {
  it('asks again on its own until stopped', async () => {
    const { orderId } = await heldOrder();
    double.settlePendingCaptures('COMPLETED');
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const stop = startPaymentReconciler(db, () => client, 20);
    try {
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
