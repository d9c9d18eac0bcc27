// This calendar year's distance sales to other EU countries, for the One-Stop-Shop threshold
// (oss-threshold.ts): paid orders (not test orders; a refunded one for what was kept of it) paid since 1 January,
// Irish time, and sent to an EU country other than Ireland or to Northern Ireland (XI), each counted
// net of the VAT recorded with it (items, frames and shipping), less the share of any part refund.
// Every buyer of the shop is a consumer (it asks for no business VAT number), so every such sale counts.
import { and, eq, gte, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { paidOrder } from '~/lib/payments/paid-orders.server';
import type { Db } from '~/lib/platform/server/db';
import { irishDay, startOfIrishDay } from '~/lib/platform/shared/irish-dates';
import { orderItems, orders } from '~db/schema';
import { EU_COUNTRIES } from './countries';
import { type OssStanding, ossStanding } from './oss-threshold';

/** The countries whose sales count: the other member states (the list holds all but Ireland), and Northern Ireland for goods. */
const CROSS_BORDER = [...EU_COUNTRIES, 'XI'];

export function crossBorderStanding(db: Db, now: Date): OssStanding & { year: number } {
  const year = Number(irishDay(now).slice(0, 4));
  const vatOfItems = sql<number>`coalesce((select sum(coalesce(${orderItems.vatCents}, 0) + coalesce(${orderItems.framingVatCents}, 0)) from ${orderItems} where ${orderItems.orderId} = ${orders.id}), 0)`;
  const rows = db
    .select({
      total: orders.totalAmountCents,
      vat: sql<number>`${vatOfItems} + coalesce(${orders.shippingVatCents}, 0)`,
      refundId: orders.refundId,
      refunded: orders.refundedAmountCents,
    })
    .from(orders)
    .where(
      and(
        // A refunded order stays a sale for what was kept of it (a part refund).
        or(paidOrder(), and(isNotNull(orders.refundId), eq(orders.testMode, false))),
        isNotNull(orders.paidAt),
        gte(orders.paidAt, startOfIrishDay(`${year}-01-01`)),
        inArray(orders.shipCountry, CROSS_BORDER),
      ),
    )
    .all();
  let net = 0;
  for (const r of rows) {
    // A refund recorded without its amount was of the whole order.
    const refunded = r.refundId ? (r.refunded ?? r.total) : 0;
    const kept = r.total > 0 ? Math.max(0, r.total - refunded) / r.total : 0;
    net += Math.round((r.total - r.vat) * kept);
  }
  return { ...ossStanding(net), year };
}
