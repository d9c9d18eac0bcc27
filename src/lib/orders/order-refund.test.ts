// Refunding a paid order against the PayPal fake: the order is marked refunded and cancelled with
// a history row and the customer's mail queued in the same transaction; when PayPal refuses, the order is unchanged (422); a second
// attempt is a 409; a retry with the same PayPal-Request-Id never refunds twice; only paid orders
// can be refunded; and the dashboard stops counting the refunded order as a sale.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getDashboardStats } from '~/lib/admin/dashboard.server';
import { getOrderWithItems } from '~/lib/checkout/order-with-items.server';
import { capturePaypalOrder, createPaypalOrder } from '~/lib/checkout/place-order.server';
import { getOrderDetails } from '~/lib/orders/admin-orders.server';
import { REFUND_MESSAGES, refundOrder, refundRequestId } from '~/lib/orders/order-refund.server';
import type { PaypalClient } from '~/lib/payments/paypal-client.server';
import type { PaypalFake } from '~/lib/payments/paypal-fake.server';
import type { Db } from '~/lib/platform/server/db';
import { getLog } from '~/lib/platform/server/log';
import { orders } from '~db/schema';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { makeOrder, makeVariant } from '~tests/helpers/factories';
import { CUSTOMER } from '~tests/helpers/fixtures';
import { queuedMails } from '~tests/helpers/outbox';
import { paypalFake } from '~tests/helpers/paypal';

tempDataDir('order-refund');
const OWNER = 'owner@example.com';
const NOW = new Date('2025-06-01T12:00:00Z');

let db: Db;
let fake: PaypalFake;
let client: PaypalClient;
let seen = 0;
beforeEach(() => {
  db = memoryDb();
  ({ fake, client } = paypalFake());
  seen = 0;
});
/** The mails queued since the last order was paid (its confirmation and the owner's notice excluded). */
const newMails = () => queuedMails(db).slice(seen);
const refundCalls = () => fake.calls.filter((c) => c.path.endsWith('/refund'));

/** An order of two prints to Ireland (90.00, and 10.00 of shipping) paid through the fake, then marked processing. */
async function paidOrder() {
  const variantId = makeVariant(db, { priceCents: 4500 }).id;
  const created = await createPaypalOrder(db, client, {
    lines: [{ variantId, framing: null, quantity: 2 }],
    country: 'IE',
  });
  const outcome = await capturePaypalOrder(db, client, created.id, CUSTOMER);
  if (!outcome.paid) throw new Error('not paid');
  db.update(orders).set({ status: 'processing' }).where(eq(orders.id, created.orderId)).run();
  seen = queuedMails(db).length;
  return { orderId: created.orderId, captureId: outcome.captureId };
}
const refund = (orderId: string, notifyCustomer = true) =>
  refundOrder(db, client, { orderId, changedBy: OWNER, notifyCustomer, now: NOW });

describe('refunding an order', () => {
  it('refunds the capture, cancels the order with a history row, and tells the customer', async () => {
    const { orderId, captureId } = await paidOrder();
    const refunded = await refund(orderId);
    const [call] = refundCalls();
    expect(call).toEqual({
      method: 'POST',
      path: `/v2/payments/captures/${captureId}/refund`,
      requestId: refundRequestId(orderId),
    });
    expect(refunded).toMatchObject({
      refundId: expect.stringMatching(/^[A-Z0-9]{17}$/),
      refundStatus: 'COMPLETED',
      refundedAt: NOW,
      refundedAmountCents: 10000,
      paymentStatus: 'cancelled',
      status: 'cancelled',
    });
    expect(fake.findCapture(captureId)?.status).toBe('REFUNDED');
    expect(refunded.history).toEqual([
      {
        id: expect.any(String),
        fromStatus: 'processing',
        toStatus: 'cancelled',
        changedBy: OWNER,
        note: `Refunded €100.00 (PayPal refund ${refunded.refundId})`,
        customerNotified: true,
        createdAt: NOW,
      },
    ]);
    const mails = newMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe('aoife@example.ie');
    expect(mails[0]?.subject).toMatch(/^Your order #[A-Z0-9-]{6} has been refunded$/);
    expect(mails[0]?.text).toContain('€100.00 has been refunded to you through PayPal');
  });

  it('sends no mail when notifyCustomer is false', async () => {
    const { orderId } = await paidOrder();
    const refunded = await refund(orderId, false);
    expect(refunded.history[0]?.customerNotified).toBe(false);
    expect(newMails()).toEqual([]);
  });

  it('records a PENDING refund as made, with PayPal’s status', async () => {
    const { orderId } = await paidOrder();
    fake.refundBehaviour = 'pending';
    const refunded = await refund(orderId, false);
    expect(refunded).toMatchObject({
      refundStatus: 'PENDING',
      status: 'cancelled',
      paymentStatus: 'cancelled',
    });
    expect(refunded.history[0]?.note).toContain('pending at PayPal');
  });

  it('leaves the order as it was when PayPal refuses, and says why', async () => {
    const log = vi.spyOn(getLog(), 'error').mockImplementation(() => {});
    for (const [behaviour, status, message] of [
      ['refused', 422, 'PayPal refused the refund. The order was not changed.'],
      ['failed', 422, 'PayPal did not make the refund (its status is FAILED). The order was not changed.'],
      ['fail500', 502, REFUND_MESSAGES.unreachable],
    ] as const) {
      const { orderId } = await paidOrder();
      const before = getOrderWithItems(db, orderId);
      fake.refundBehaviour = behaviour;
      await expect(refund(orderId), behaviour).rejects.toMatchObject({ status, message });
      expect(getOrderWithItems(db, orderId), behaviour).toEqual(before);
      expect(getOrderDetails(db, orderId).history, behaviour).toEqual([]);
    }
    expect(newMails()).toEqual([]);
    log.mockRestore();
  });

  it('answers a second attempt with a 409, without asking PayPal again', async () => {
    const { orderId } = await paidOrder();
    await refund(orderId);
    await expect(refund(orderId)).rejects.toMatchObject({ status: 409, message: REFUND_MESSAGES.already });
    expect(refundCalls()).toHaveLength(1);
  });

  it('never refunds twice: concurrent attempts and retries share one PayPal-Request-Id', async () => {
    const { orderId, captureId } = await paidOrder();
    const results = await Promise.allSettled([refund(orderId), refund(orderId), refund(orderId)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ status: 409 });
    expect(refundCalls()).toHaveLength(1);
    expect([...fake.refunds.values()].filter((r) => r.captureId === captureId)).toHaveLength(1);
    // The refund was made but not stored (a crash): the retry is answered with the same refund.
    const stored = getOrderWithItems(db, orderId);
    db.update(orders)
      .set({
        refundId: null,
        refundStatus: null,
        refundedAt: null,
        paymentStatus: 'completed',
        status: 'processing',
      })
      .where(eq(orders.id, orderId))
      .run();
    const retried = await refund(orderId, false);
    expect(retried.refundId).toBe(stored?.refundId);
    expect(fake.refunds.size).toBe(1);
    expect(refundCalls().map((c) => c.requestId)).toEqual([
      refundRequestId(orderId),
      refundRequestId(orderId),
    ]);
  });

  it('refuses orders that are not paid (409) and unknown orders (404)', async () => {
    for (const payment of ['started', 'held', 'failed', 'cancelled'] as const) {
      const order = makeOrder(db, { payment });
      await expect(refund(order.id), payment).rejects.toMatchObject({
        status: 409,
        message: REFUND_MESSAGES.notPaid,
      });
    }
    await expect(refund('no-such-order')).rejects.toMatchObject({ status: 404 });
    expect(refundCalls()).toHaveLength(0);
  });

  it('turns PayPal’s CAPTURE_FULLY_REFUNDED (refunded in PayPal itself) into a plain 422', async () => {
    const log = vi.spyOn(getLog(), 'error').mockImplementation(() => {});
    const { orderId, captureId } = await paidOrder();
    await client.refundCapture(captureId, { requestId: 'refunded-in-paypal' });
    await expect(refund(orderId)).rejects.toMatchObject({
      status: 422,
      message: 'PayPal says this payment has already been refunded in full. The order was not changed.',
    });
    expect(getOrderWithItems(db, orderId)?.paymentStatus).toBe('completed');
    log.mockRestore();
  });

  it('is no longer counted as a sale on the dashboard, and its recent order reads Refunded', async () => {
    const { orderId } = await paidOrder();
    expect(getDashboardStats(db)).toMatchObject({
      totalOrders: 1,
      totalSalesCents: 10000,
      totalPhotosSold: 2,
    });
    await refund(orderId, false);
    expect(getDashboardStats(db)).toMatchObject({
      totalOrders: 0,
      totalSalesCents: 0,
      totalPhotosSold: 0,
      recentOrders: [
        expect.objectContaining({ id: orderId, payment: { label: 'Refunded', tone: 'refunded' } }),
      ],
    });
  });
});
