// The owner's dashboard: only paid orders are sales, and a test order (test mode: no money taken) is
// none. Totals and the average are in integer cents, prints sold count the quantities of paid
// orders, and the recent list shows the newest paid and test orders, each test order marked.
import { beforeEach, describe, expect, it } from 'vitest';
import { getDashboardStats, getWaitingWork, RECENT_SELECTION_DAYS } from '~/lib/admin/dashboard.server';
import type { Db } from '~/lib/platform/server/db';
import { RECENT_ORDERS_LIMIT } from '~/lib/site/constants';
import { memoryDb } from '~tests/helpers/db';
import { makeEnquiry, makeOrder, makeReview, PAYMENT_STATES } from '~tests/helpers/factories';
import { makeGallery, makeGalleryLink } from '~tests/helpers/gallery-factories';

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

  it('count only paid orders, in cents (a test order, paid through the PayPal fake, is not one)', () => {
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
      testMode: false,
      payment: { label: 'Paid', tone: 'paid' },
    });
  });

  it('leave test orders out of Total Sales, Total Orders, Photos Sold and the average', () => {
    makeOrder(db, { payment: 'paid', items: [{ quantity: 2, priceCents: 5000 }] });
    makeOrder(db, { payment: 'test', items: [{ quantity: 7, priceCents: 90000 }] });
    makeOrder(db, { payment: 'test', totalAmountCents: 1 });
    expect(getDashboardStats(db)).toMatchObject({
      totalSalesCents: 10000,
      totalOrders: 1,
      totalPhotosSold: 2,
      averageOrderCents: 10000,
    });
  });

  it('list a test order among the recent orders, marked as one', () => {
    const paid = makeOrder(db, { payment: 'paid' });
    const test = makeOrder(db, { payment: 'test', customerName: 'Tester' });
    expect(getDashboardStats(db).recentOrders).toEqual([
      {
        id: test.id,
        customerName: 'Tester',
        totalAmountCents: 4500,
        status: 'processing',
        testMode: true,
        payment: { label: 'Test order — no payment taken', tone: 'test' },
      },
      expect.objectContaining({ id: paid.id, testMode: false }),
    ]);
  });
});

describe('what waits for the owner', () => {
  const now = new Date('2026-11-20T12:00:00Z');
  const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);

  it('is nothing on an empty site', () => {
    expect(getWaitingWork(db, now)).toEqual({
      enquiries: 0,
      reviews: 0,
      recentSelections: 0,
      ordersToShip: 0,
    });
  });

  it('counts the enquiries not yet handled', () => {
    makeEnquiry(db);
    makeEnquiry(db);
    makeEnquiry(db, { handledAt: daysAgo(1) });
    expect(getWaitingWork(db, now).enquiries).toBe(2);
  });

  it('counts the reviews waiting for approval, not those approved or hidden', () => {
    makeReview(db);
    makeReview(db, { state: 'approved' });
    makeReview(db, { state: 'hidden' });
    expect(getWaitingWork(db, now).reviews).toBe(1);
  });

  it(`counts the selections sent in the last ${RECENT_SELECTION_DAYS} days on links not revoked`, () => {
    const gallery = makeGallery(db);
    makeGalleryLink(db, gallery.id, { selectionSentAt: daysAgo(1) });
    makeGalleryLink(db, gallery.id, { selectionSentAt: daysAgo(RECENT_SELECTION_DAYS - 1) });
    makeGalleryLink(db, gallery.id, { selectionSentAt: daysAgo(RECENT_SELECTION_DAYS + 1) });
    makeGalleryLink(db, gallery.id, { selectionSentAt: daysAgo(2), revokedAt: daysAgo(1) });
    makeGalleryLink(db, gallery.id);
    expect(getWaitingWork(db, now).recentSelections).toBe(2);
  });

  it('counts the real paid orders not yet shipped, delivered or cancelled', () => {
    makeOrder(db, { payment: 'paid', status: 'processing' });
    makeOrder(db, { payment: 'paid', status: 'pending' });
    // A partial refund still goes out in the post.
    makeOrder(db, {
      payment: 'paid',
      refundId: 'RF-PART',
      refundStatus: 'COMPLETED',
      refundedAmountCents: 1000,
      items: [{ priceCents: 4500 }],
    });
    makeOrder(db, { payment: 'paid', status: 'shipped' });
    makeOrder(db, { payment: 'paid', status: 'delivered' });
    makeOrder(db, { payment: 'paid', status: 'cancelled' });
    makeOrder(db, { payment: 'refunded' });
    // A full refund whose order was left processing: nothing to send.
    makeOrder(db, { payment: 'paid', refundId: 'RF-FULL', refundStatus: 'COMPLETED' });
    makeOrder(db, { payment: 'test' });
    for (const payment of ['started', 'held', 'failed', 'cancelled'] as const) makeOrder(db, { payment });
    expect(getWaitingWork(db, now).ordersToShip).toBe(3);
  });
});
