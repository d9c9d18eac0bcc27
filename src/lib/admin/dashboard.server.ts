// The owner's dashboard figures (sales, orders, photos sold, recent orders). Only paid orders
// count as sales: an abandoned checkout leaves a pending order that is not money, and a test order
// (test mode) took none. Recent orders lists paid, refunded and test orders, each saying which it is.
import { desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import { paidOrder } from '~/lib/orders/paid-orders.server';
import { type PaymentState, paymentState } from '~/lib/orders/payment-state';
import type { Db } from '~/lib/platform/server/db';
import { RECENT_ORDERS_LIMIT } from '~/lib/site/constants';
import { orderItems, orders } from '~db/schema';

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
