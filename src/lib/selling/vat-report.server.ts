// The VAT report over a period: the sales paid in it (real orders only: a test order took no money)
// and the refunds made in it, each in the period of its own date, per VAT rate. A sale counts when
// its payment was taken (paid_at), whatever happened to it later; its refund, full or partial, is
// taken off in the period the refund was made (refunded_at), so a closed quarter never changes.
import { and, eq, gte, inArray, isNotNull, lt, or } from 'drizzle-orm';
import type { Db } from '~/lib/platform/server/db';
import { nextDay, startOfIrishDay } from '~/lib/platform/shared/irish-dates';
import { orderVatByRate, type RateTotal, type StoredVatLine, sumByRate } from '~/lib/selling/order-vat';
import { orderItems, orders } from '~db/schema';
import { refundByRate, type VatPeriod, type VatReport } from './vat-report';

type StoredOrder = Pick<
  typeof orders.$inferSelect,
  | 'id'
  | 'totalAmountCents'
  | 'shippingCents'
  | 'shippingVatRateBp'
  | 'shippingVatCents'
  | 'refundedAmountCents'
>;

const orderColumns = {
  id: orders.id,
  totalAmountCents: orders.totalAmountCents,
  shippingCents: orders.shippingCents,
  shippingVatRateBp: orders.shippingVatRateBp,
  shippingVatCents: orders.shippingVatCents,
  refundedAmountCents: orders.refundedAmountCents,
};

/** The lines of these orders, by order id, with what their VAT is worked out from. */
function linesOf(db: Db, ids: string[]): Map<string, StoredVatLine[]> {
  const byOrder = new Map<string, StoredVatLine[]>(ids.map((id) => [id, []]));
  // In slices: SQLite takes a bounded number of parameters per statement.
  for (let i = 0; i < ids.length; i += 500) {
    const rows = db
      .select({
        orderId: orderItems.orderId,
        quantity: orderItems.quantity,
        priceCents: orderItems.priceCents,
        framingPriceCents: orderItems.framingPriceCents,
        discountCents: orderItems.discountCents,
        vatRateBp: orderItems.vatRateBp,
        vatCents: orderItems.vatCents,
        framingVatRateBp: orderItems.framingVatRateBp,
        framingVatCents: orderItems.framingVatCents,
        framingDiscountCents: orderItems.framingDiscountCents,
      })
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids.slice(i, i + 500)))
      .all();
    for (const { orderId, ...line } of rows) byOrder.get(orderId)?.push(line);
  }
  return byOrder;
}

/** The order's money per rate, or null when it was made before VAT was recorded. */
function ratesOf(order: StoredOrder, lines: Map<string, StoredVatLine[]>): RateTotal[] | null {
  return orderVatByRate({ ...order, items: lines.get(order.id) ?? [] });
}

const negated = (r: RateTotal): RateTotal => ({ ...r, grossCents: -r.grossCents, vatCents: -r.vatCents });

export function vatReport(db: Db, period: VatPeriod): VatReport {
  const start = startOfIrishDay(period.from);
  const end = startOfIrishDay(nextDay(period.to));
  const sales = db
    .select(orderColumns)
    .from(orders)
    .where(
      and(
        eq(orders.testMode, false),
        gte(orders.paidAt, start),
        lt(orders.paidAt, end),
        // Paid, or paid and refunded since (a refund leaves the payment cancelled).
        or(eq(orders.paymentStatus, 'completed'), isNotNull(orders.refundId)),
      ),
    )
    .all();
  const refunds = db
    .select(orderColumns)
    .from(orders)
    .where(
      and(
        eq(orders.testMode, false),
        isNotNull(orders.refundId),
        isNotNull(orders.paidAt),
        gte(orders.refundedAt, start),
        lt(orders.refundedAt, end),
      ),
    )
    .all();
  const lines = linesOf(db, [...new Set([...sales, ...refunds].map((o) => o.id))]);

  const parts: RateTotal[] = [];
  let unrecordedGrossCents = 0;
  for (const order of sales) {
    const rates = ratesOf(order, lines);
    if (rates) parts.push(...rates);
    else unrecordedGrossCents += order.totalAmountCents;
  }
  for (const order of refunds) {
    const refunded = order.refundedAmountCents ?? order.totalAmountCents;
    const rates = ratesOf(order, lines);
    if (rates) parts.push(...refundByRate(rates, order.totalAmountCents, refunded).map(negated));
    else unrecordedGrossCents -= refunded;
  }
  return { ...period, rates: sumByRate(parts), unrecordedGrossCents };
}
