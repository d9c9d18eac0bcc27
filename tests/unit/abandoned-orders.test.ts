// Orders started at checkout and never paid are removed after 7 days, with their items. A paid order,
// and an order whose capture PayPal is holding for review (it has a capture id), are never removed.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { orderItems, orders } from '../../db/schema';
import type { Db } from '../../src/lib/server/db';
import { removeAbandonedOrders } from '../../src/lib/server/services/abandoned-orders';
import { memoryDb } from '../helpers/db';

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2025-06-01T12:00:00Z');

function addOrder(db: Db, id: string, ageMs: number, patch: Partial<typeof orders.$inferInsert> = {}): void {
  db.insert(orders)
    .values({
      id,
      customerName: '',
      totalAmountCents: 4500,
      paymentProvider: 'paypal',
      paypalOrderId: `PP${id.toUpperCase()}`,
      createdAt: new Date(NOW.getTime() - ageMs),
      ...patch,
    })
    .run();
  db.insert(orderItems)
    .values([
      { orderId: id, quantity: 1, priceCents: 4500, description: 'a print' },
      { orderId: id, quantity: 2, priceCents: 7500, description: 'another print' },
    ])
    .run();
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
    addOrder(db, 'paid', 30 * DAY, { paymentStatus: 'completed', paymentId: 'CAP1', paidAt: NOW });
    addOrder(db, 'held', 20 * DAY, { paymentId: 'CAP-PENDING' });
    addOrder(db, 'held-long', 90 * DAY, { paymentId: 'CAP-PENDING-2' });
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
