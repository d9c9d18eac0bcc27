// The owner's dashboard: only paid orders are sales. Totals and the average are in integer cents,
// prints sold count the quantities of paid orders, and the recent list shows the newest paid ones.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '~/lib/server/db';
import { getDashboardStats } from '~/lib/server/services/dashboard';
import { RECENT_ORDERS_LIMIT } from '~/lib/shared/constants';
import { memoryDb } from '../../helpers/db';
import { makeOrder, PAYMENT_STATES } from '../../helpers/factories';

let db: Db;
beforeEach(() => {
  db = memoryDb();
});

describe('dashboard stats', () => {
  it('are all zero on an empty shop', () => {
    expect(getDashboardStats(db)).toEqual({
      totalSalesCents: 0,
      totalOrders: 0,
      totalPhotosSold: 0,
      averageOrderCents: 0,
      recentOrders: [],
    });
  });

  it('count only paid orders, in cents', () => {
    for (const payment of PAYMENT_STATES) {
      makeOrder(db, { payment, items: [{ quantity: 3, priceCents: 4500 }] });
    }
    makeOrder(db, {
      payment: 'paid',
      items: [
        { quantity: 1, priceCents: 11000 },
        { quantity: 2, priceCents: 7501 },
      ],
    });
    const stats = getDashboardStats(db);
    expect(stats.totalOrders).toBe(2);
    expect(stats.totalSalesCents).toBe(3 * 4500 + 11000 + 2 * 7501);
    expect(stats.totalPhotosSold).toBe(6);
    expect(stats.averageOrderCents).toBe(Math.round((13500 + 26002) / 2));
  });

  it('round the average order to whole cents', () => {
    makeOrder(db, { payment: 'paid', totalAmountCents: 1000 });
    makeOrder(db, { payment: 'paid', totalAmountCents: 1001 });
    makeOrder(db, { payment: 'paid', totalAmountCents: 1001 });
    expect(getDashboardStats(db).averageOrderCents).toBe(1001);
  });

  it('list the newest paid orders first, at most five', () => {
    const paid = Array.from({ length: RECENT_ORDERS_LIMIT + 2 }, (_, i) =>
      makeOrder(db, { payment: 'paid', customerName: `Buyer ${i}` }),
    );
    makeOrder(db, { payment: 'held' });
    const recent = getDashboardStats(db).recentOrders;
    expect(recent.map((o) => o.id)).toEqual(
      paid
        .slice(-RECENT_ORDERS_LIMIT)
        .reverse()
        .map((o) => o.id),
    );
    expect(recent[0]).toEqual({
      id: paid.at(-1)?.id,
      customerName: `Buyer ${RECENT_ORDERS_LIMIT + 1}`,
      totalAmountCents: 4500,
      status: 'processing',
    });
  });
});
