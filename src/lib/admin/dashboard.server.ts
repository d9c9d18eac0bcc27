// The owner's dashboard figures (sales, orders, photos sold, recent orders). Only paid orders
// count as sales: an abandoned checkout leaves a pending order that is not money, and a test order
// (test mode) took none. Recent orders lists paid, refunded and test orders, each saying which it is.
// Beside the figures, what waits for the owner: enquiries, reviews, clients' selections, parcels.
import { and, count, desc, eq, gte, isNotNull, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import { countUnhandledEnquiries } from '~/lib/enquiries/enquiries.server';
import { type PaymentState, paymentState } from '~/lib/orders/payment-state';
import { paidOrder } from '~/lib/payments/paid-orders.server';
import type { Db } from '~/lib/platform/server/db';
import { countPendingReviews } from '~/lib/reviews/reviews.server';
import { RECENT_ORDERS_LIMIT } from '~/lib/site/constants';
import { galleryLinks, orderItems, orders } from '~db/schema';

export interface DashboardStats {
  totalSalesCents: number;
  totalOrders: number;
  totalPhotosSold: number;
  averageOrderCents: number;
  recentOrders: {
    id: string;
    customerName: string;
    totalAmountCents: number;
    status: string;
    testMode: boolean;
    /** Paid, Refunded, Partly refunded…, beside the fulfilment status. */
    payment: PaymentState;
  }[];
}

export function getDashboardStats(db: Db): DashboardStats {
  const paid = paidOrder();
  const totals = db
    .select({
      sales: sql<number>`coalesce(sum(${orders.totalAmountCents}), 0)`,
      count: sql<number>`count(*)`,
    })
    .from(orders)
    .where(paid)
    .get() ?? { sales: 0, count: 0 };
  const sold = db
    .select({ n: sql<number>`coalesce(sum(${orderItems.quantity}), 0)` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(paid)
    .get();
  const recentOrders = db
    .select({
      id: orders.id,
      customerName: orders.customerName,
      totalAmountCents: orders.totalAmountCents,
      status: orders.status,
      testMode: orders.testMode,
      paymentStatus: orders.paymentStatus,
      refundId: orders.refundId,
      refundStatus: orders.refundStatus,
      refundedAmountCents: orders.refundedAmountCents,
    })
    .from(orders)
    .where(or(eq(orders.paymentStatus, 'completed'), isNotNull(orders.refundId)))
    .orderBy(desc(orders.createdAt))
    .limit(RECENT_ORDERS_LIMIT)
    .all();
  return {
    totalSalesCents: totals.sales,
    totalOrders: totals.count,
    totalPhotosSold: sold?.n ?? 0,
    averageOrderCents: totals.count > 0 ? Math.round(totals.sales / totals.count) : 0,
    recentOrders: recentOrders.map((o) => ({
      id: o.id,
      customerName: o.customerName,
      totalAmountCents: o.totalAmountCents,
      status: o.status,
      testMode: o.testMode,
      payment: paymentState(o),
    })),
  };
}

/** How far back a client's selection counts as new on the dashboard. */
export const RECENT_SELECTION_DAYS = 14;

/** What waits for the owner, each counted; the Dashboard tab links each to its tab. */
export interface WaitingWork {
  /** Enquiries not yet marked handled. */
  enquiries: number;
  /** Reviews waiting for approval. */
  reviews: number;
  /**
   * Client selections sent in the last RECENT_SELECTION_DAYS days, on links not revoked. The site
   * keeps no note of which selections the owner has looked at, so this says what came in lately,
   * not what is still unread.
   */
  recentSelections: number;
  /** Real orders paid and not refunded in full, not yet shipped, delivered or cancelled. */
  ordersToShip: number;
}

export function getWaitingWork(db: Db, now = new Date()): WaitingWork {
  const since = new Date(now.getTime() - RECENT_SELECTION_DAYS * 24 * 60 * 60 * 1000);
  const toShip = db
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        paidOrder(),
        notInArray(orders.status, ['shipped', 'delivered', 'cancelled']),
        // A partial refund still ships; a full one (its amount, or the total when none was kept) does not.
        or(
          isNull(orders.refundId),
          lt(
            sql`coalesce(${orders.refundedAmountCents}, ${orders.totalAmountCents})`,
            orders.totalAmountCents,
          ),
        ),
      ),
    )
    .get();
  const selections = db
    .select({ n: count() })
    .from(galleryLinks)
    .where(and(gte(galleryLinks.selectionSentAt, since), isNull(galleryLinks.revokedAt)))
    .get();
  return {
    enquiries: countUnhandledEnquiries(db),
    reviews: countPendingReviews(db),
    recentSelections: selections?.n ?? 0,
    ordersToShip: toShip?.n ?? 0,
  };
}
