// What follows a cancelled lab order, cancelled by the owner or by the lab: the shop's order is
// cancelled too only when every line was the lab's, nothing has left, and the buyer was already
// refunded in full (silently: the refund told them). Otherwise its status and money stay as they
// were, and the dialog's words tell the owner what to do next: refund from the order, or make and
// send the prints.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LabOrder } from '~/lib/lab/lab';
import { actOnLabOrder } from '~/lib/orders/lab-order-admin.server';
import { fullyRefunded } from '~/lib/orders/lab-order-cancelled.server';
import { labCancelledGuidance } from '~/lib/orders/lab-order-schemas';
import { applyLabOrder } from '~/lib/orders/lab-order-status.server';
import type { Db } from '~/lib/platform/server/db';
import { getLog } from '~/lib/platform/server/log';
import { labOrders, orderStatusHistory, orders } from '~db/schema';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { makeOrder, type OrderOverrides } from '~tests/helpers/factories';
import { queuedMails } from '~tests/helpers/outbox';

tempDataDir('lab-order-cancelled');

const NOW = new Date('2026-11-20T12:00:00Z');
const LAB_LINE = { description: 'Lough Tay, large (16x24 inches) matte', labSku: 'GLOBAL-FAP-16X24' };
const OWN_LINE = { description: 'Glendalough, small (8x12 inches) gloss' };

let db: Db;
beforeEach(() => {
  db = memoryDb();
  vi.spyOn(getLog(), 'info').mockImplementation(() => {});
  vi.spyOn(getLog(), 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * An order and its lab order in `state`. Refunded: its money went back in full and, as a refund
 * does, the order was cancelled; `status` then says where the owner has moved it since.
 */
function orderWithLabOrder(
  opts: {
    lines?: { description: string; labSku?: string }[];
    state?: 'held' | 'sent';
    order?: OrderOverrides;
  } = {},
) {
  const order = makeOrder(db, { payment: 'paid', items: opts.lines ?? [LAB_LINE], ...opts.order });
  const labOrderId = `ord_${Math.floor(Math.random() * 1e9)}`;
  const sent = opts.state === 'sent';
  db.insert(labOrders)
    .values({
      orderId: order.id,
      state: opts.state ?? 'held',
      nextAttemptAt: NOW,
      ...(sent ? { labOrderId, labStage: 'InProgress', sentAt: NOW } : {}),
    })
    .run();
  return { orderId: order.id, labOrderId };
}
const refunded = (status: 'processing' | 'shipped' = 'processing'): OrderOverrides => ({
  payment: 'refunded',
  status,
});

const cancelByOwner = (orderId: string) =>
  actOnLabOrder(db, null, { orderId, action: 'cancel', by: 'owner@example.com', now: NOW });
const cancelledByLab = (labOrderId: string): LabOrder => ({
  id: labOrderId,
  merchantReference: null,
  stage: 'Cancelled',
  issues: [],
  shipments: [],
});
const shopOrder = (id: string) => db.select().from(orders).where(eq(orders.id, id)).get();
const history = (id: string) =>
  db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id)).all();

describe('cancelled by the owner', () => {
  it('leaves an order not yet refunded as it was: its status, its payment, no mail', async () => {
    const { orderId } = orderWithLabOrder();
    const order = await cancelByOwner(orderId);
    expect(order.lab?.state).toBe('cancelled');
    expect(order).toMatchObject({ status: 'processing', paymentStatus: 'completed', refundId: null });
    expect(history(orderId)).toEqual([]);
    expect(queuedMails(db)).toEqual([]);
  });

  it('cancels an order wholly the lab’s that was already refunded, without mailing the buyer', async () => {
    const { orderId } = orderWithLabOrder({ order: refunded() });
    const order = await cancelByOwner(orderId);
    expect(order.status).toBe('cancelled');
    expect(history(orderId)).toEqual([
      expect.objectContaining({
        fromStatus: 'processing',
        toStatus: 'cancelled',
        changedBy: 'owner@example.com',
        customerNotified: false,
      }),
    ]);
    expect(queuedMails(db)).toEqual([]);
  });

  it('keeps the status of an order with prints of the owner’s, or one already shipped', async () => {
    const mixed = orderWithLabOrder({ lines: [LAB_LINE, OWN_LINE], order: refunded() });
    expect((await cancelByOwner(mixed.orderId)).status).toBe('processing');
    const shipped = orderWithLabOrder({ order: refunded('shipped') });
    expect((await cancelByOwner(shipped.orderId)).status).toBe('shipped');
  });

  it('keeps the status of an order refunded only in part', async () => {
    const { orderId } = orderWithLabOrder({ order: { ...refunded(), refundedAmountCents: 1000 } });
    expect((await cancelByOwner(orderId)).status).toBe('processing');
  });
});

describe('cancelled by the lab', () => {
  it('cancels an order wholly the lab’s that was already refunded, in the lab’s name', async () => {
    const { orderId, labOrderId } = orderWithLabOrder({ state: 'sent', order: refunded() });
    expect(await applyLabOrder(db, cancelledByLab(labOrderId), { now: NOW })).toBe('updated');
    expect(shopOrder(orderId)?.status).toBe('cancelled');
    expect(history(orderId)).toEqual([
      expect.objectContaining({
        toStatus: 'cancelled',
        changedBy: 'Print lab (Prodigi)',
        customerNotified: false,
      }),
    ]);
    const mails = queuedMails(db);
    expect(mails.map((m) => m.to)).toEqual(['owner@example.com']);
    expect(mails[0]?.text).toMatch(/already refunded from this order, so nothing more is needed/);
    expect(await applyLabOrder(db, cancelledByLab(labOrderId), { now: NOW })).toBe('unchanged');
    expect(history(orderId)).toHaveLength(1);
  });

  it('leaves an order not yet refunded as it was, and tells the owner what to do', async () => {
    const { orderId, labOrderId } = orderWithLabOrder({ state: 'sent' });
    await applyLabOrder(db, cancelledByLab(labOrderId), { now: NOW });
    expect(shopOrder(orderId)).toMatchObject({ status: 'processing', refundId: null });
    expect(history(orderId)).toEqual([]);
    expect(queuedMails(db)[0]?.text).toMatch(/nothing was refunded.*cancel and refund the order/s);
  });
});

describe('what the order dialog says', () => {
  it('tells the owner to refund from the order or make the prints, until the buyer is refunded', () => {
    expect(labCancelledGuidance({ refunded: false, allLinesByLab: true })).toBe(
      'The lab will not make these prints. Cancelling it refunded nothing: refund the buyer from this order (Cancel and refund), or make and send the prints yourself.',
    );
    expect(labCancelledGuidance({ refunded: false, allLinesByLab: false })).toBe(
      'The lab will not make its prints of this order; the others are yours to make as before. Cancelling it refunded nothing: refund the buyer from this order (Cancel and refund), or make and send them yourself.',
    );
    expect(labCancelledGuidance({ refunded: true, allLinesByLab: true })).toBe(
      'The lab will not make these prints. The buyer has been refunded from this order: nothing more is needed.',
    );
  });

  it('counts a refund as full when it gave back the whole total', () => {
    const paid = { refundId: null, refundedAmountCents: null, totalAmountCents: 4500 };
    expect(fullyRefunded(paid)).toBe(false);
    expect(fullyRefunded({ ...paid, refundId: 'RF1' })).toBe(true);
    expect(fullyRefunded({ ...paid, refundId: 'RF1', refundedAmountCents: 4500 })).toBe(true);
    expect(fullyRefunded({ ...paid, refundId: 'RF1', refundedAmountCents: 4499 })).toBe(false);
  });
});
