// Orders started at checkout and never paid are removed after 7 days, with their items. A paid order,
// and an order whose capture PayPal is holding for review (it has a capture id), are never removed.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { removeAbandonedOrders, startAbandonedOrderCleanup } from '~/lib/checkout/abandoned-orders.server';
import type { Db } from '~/lib/platform/server/db';
import { getLog } from '~/lib/platform/server/log';
import { orderItems, orders } from '~db/schema';
import { memoryDb } from '~tests/helpers/db';
import { makeOrder, type PaymentState } from '~tests/helpers/factories';

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2025-06-01T12:00:00Z');

/** An order of two lines started `ageMs` before NOW. */
function addOrder(db: Db, id: string, ageMs: number, payment: PaymentState = 'started', now = NOW): void {
  makeOrder(db, {
    id,
    payment,
    customerName: '',
    createdAt: new Date(now.getTime() - ageMs),
    items: [
      { quantity: 1, priceCents: 4500, description: 'a print' },
      { quantity: 2, priceCents: 7500, description: 'another print' },
    ],
  });
}

const ids = (db: Db) =>
  db
    .select({ id: orders.id })
    .from(orders)
    .all()
    .map((o) => o.id)
    .sort();
const itemsOf = (db: Db, id: string) => db.select().from(orderItems).where(eq(orderItems.orderId, id)).all();

describe('removeAbandonedOrders', () => {
  let db: Db;
  beforeEach(() => {
    db = memoryDb();
  });

  it('removes a pending order older than 7 days together with its items', () => {
    addOrder(db, 'old', 8 * DAY);
    addOrder(db, 'ancient', 400 * DAY);
    expect(removeAbandonedOrders(db, NOW)).toBe(2);
    expect(ids(db)).toEqual([]);
    expect(itemsOf(db, 'old')).toEqual([]);
    expect(itemsOf(db, 'ancient')).toEqual([]);
  });

  it('keeps a recent pending order, a paid one, and one whose capture PayPal is holding', () => {
    addOrder(db, 'recent', 6 * DAY);
    addOrder(db, 'just-under', 7 * DAY - 60_000);
    addOrder(db, 'paid', 30 * DAY, 'paid');
    addOrder(db, 'held', 20 * DAY, 'held');
    addOrder(db, 'held-long', 90 * DAY, 'held');
    addOrder(db, 'old', 8 * DAY);
    expect(removeAbandonedOrders(db, NOW)).toBe(1);
    expect(ids(db)).toEqual(['held', 'held-long', 'just-under', 'paid', 'recent']);
    for (const id of ['recent', 'paid', 'held']) expect(itemsOf(db, id)).toHaveLength(2);
    expect(itemsOf(db, 'old')).toEqual([]);
  });

  it('does nothing on an empty database', () => {
    expect(removeAbandonedOrders(db, NOW)).toBe(0);
  });
});

describe('startAbandonedOrderCleanup', () => {
  it('removes the orders never paid at once, says how many, and stops when asked', () => {
    const db = memoryDb();
    const now = new Date();
    addOrder(db, 'old', 8 * DAY, 'started', now);
    addOrder(db, 'recent', DAY, 'started', now);
    const log = vi.spyOn(getLog(), 'info').mockImplementation(() => {});
    const stop = startAbandonedOrderCleanup(db);
    stop();
    expect(ids(db)).toEqual(['recent']);
    expect(log).toHaveBeenCalledWith('Removed 1 orders never paid (started over 7 days ago).');
    log.mockRestore();
  });
});
