// The VAT report over a period: the sales paid in it (real orders only: a test order took no money)
// and the refunds made in it, each in the period of its own date, per VAT rate. A sale counts when
// its payment was taken (paid_at), whatever happened to it later; its refund, full or partial, is
// taken off in the period the refund was made (refunded_at), so a closed quarter never changes. A
// drone job's invoices and credit notes count in the period they were issued.
import { and, eq, gte, inArray, isNotNull, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '~/lib/platform/server/db';
import { nextDay, startOfIrishDay } from '~/lib/platform/shared/irish-dates';
import { orderVatByRate, type RateTotal, type StoredVatLine, sumByRate } from '~/lib/selling/order-vat';
import { invoices, orderItems, orders, quotes } from '~db/schema';
import { statedVatCents } from './vat';
import {
  type CountryRateRow,
  type CountryVatReport,
  refundByRate,
  sortCountryRows,
  type VatPeriod,
  type VatReport,
} from './vat-report';

type StoredOrder = Pick<
  typeof orders.$inferSelect,
  | 'id'
  | 'shipCountry'
  | 'totalAmountCents'
  | 'shippingCents'
  | 'shippingVatRateBp'
  | 'shippingVatCents'
  | 'shippingVatParts'
  | 'refundedAmountCents'
>;

const orderColumns = {
  id: orders.id,
  shipCountry: orders.shipCountry,
  totalAmountCents: orders.totalAmountCents,
  shippingCents: orders.shippingCents,
  shippingVatRateBp: orders.shippingVatRateBp,
  shippingVatCents: orders.shippingVatCents,
  shippingVatParts: orders.shippingVatParts,
  refundedAmountCents: orders.refundedAmountCents,
};

/** What a line's VAT is worked out from (StoredVatLine), as columns of order_items. */
export const storedVatLineColumns = {
  quantity: orderItems.quantity,
  priceCents: orderItems.priceCents,
  framingPriceCents: orderItems.framingPriceCents,
  discountCents: orderItems.discountCents,
  vatRateBp: orderItems.vatRateBp,
  vatCents: orderItems.vatCents,
  framingVatRateBp: orderItems.framingVatRateBp,
  framingVatCents: orderItems.framingVatCents,
  framingDiscountCents: orderItems.framingDiscountCents,
};

/**
 * The sales of a period: real orders (a test order took no money) whose payment was taken in it,
 * whatever happened to them since (a refund leaves the payment cancelled).
 */
export function paidInPeriod(period: VatPeriod) {
  return and(
    eq(orders.testMode, false),
    gte(orders.paidAt, startOfIrishDay(period.from)),
    lt(orders.paidAt, startOfIrishDay(nextDay(period.to))),
    or(eq(orders.paymentStatus, 'completed'), isNotNull(orders.refundId)),
  );
}

/** The lines of these orders, by order id, with what their VAT is worked out from. */
function linesOf(db: Db, ids: string[]): Map<string, StoredVatLine[]> {
  const byOrder = new Map<string, StoredVatLine[]>(ids.map((id) => [id, []]));
  // In slices: SQLite takes a bounded number of parameters per statement.
  for (let i = 0; i < ids.length; i += 500) {
    const rows = db
      .select({ orderId: orderItems.orderId, ...storedVatLineColumns })
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

/**
 * What one order adds to the period: its sale (paid in the period) or its refund (made in the
 * period, negative), per rate; `rates` is null for an order made before VAT was recorded, whose
 * gross alone is known.
 */
interface PeriodPart {
  country: string | null;
  sale: boolean;
  rates: RateTotal[] | null;
  grossCents: number;
}

/** The period's sales and refunds; `only` narrows them to some orders (the One-Stop-Shop's). */
function periodParts(db: Db, period: VatPeriod, only?: SQL): PeriodPart[] {
  const start = startOfIrishDay(period.from);
  const end = startOfIrishDay(nextDay(period.to));
  const sales = db
    .select(orderColumns)
    .from(orders)
    .where(and(paidInPeriod(period), only))
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
        only,
      ),
    )
    .all();
  const lines = linesOf(db, [...new Set([...sales, ...refunds].map((o) => o.id))]);

  const parts: PeriodPart[] = sales.map((order) => ({
    country: order.shipCountry,
    sale: true,
    rates: ratesOf(order, lines),
    grossCents: order.totalAmountCents,
  }));
  for (const order of refunds) {
    const refunded = order.refundedAmountCents ?? order.totalAmountCents;
    const rates = ratesOf(order, lines);
    parts.push({
      country: order.shipCountry,
      sale: false,
      rates: rates && refundByRate(rates, order.totalAmountCents, refunded).map(negated),
      grossCents: -refunded,
    });
  }
  // The drone jobs' documents are sales made in Ireland: not the One-Stop-Shop's.
  if (!only) parts.push(...jobParts(db, start, end));
  return parts;
}

/**
 * A drone job's invoices (its deposit's, its balance's) and credit notes issued in the period, at
 * the quote's rate: an invoice is a sale when issued (VAT on a payment on account is due when it is
 * received, and the deposit's invoice is issued then), a credit note takes its amount off when
 * issued. Test-mode deposits have no invoice, so they are not here.
 */
function jobParts(db: Db, start: Date, end: Date): PeriodPart[] {
  return db
    .select({
      kind: invoices.kind,
      amountCents: invoices.amountCents,
      vatCents: invoices.vatCents,
      rateBp: quotes.vatRateBp,
    })
    .from(invoices)
    .innerJoin(quotes, eq(invoices.quoteId, quotes.id))
    .where(and(gte(invoices.issuedAt, start), lt(invoices.issuedAt, end)))
    .all()
    .map((doc) => {
      const sign = doc.kind === 'credit_note' ? -1 : 1;
      const grossCents = sign * doc.amountCents;
      // The VAT the document states: a balance invoice's is the quote's VAT less the deposit's.
      const vatCents = sign * statedVatCents(doc, doc.rateBp);
      return {
        country: 'IE',
        sale: doc.kind === 'invoice',
        rates: [{ rateBp: doc.rateBp, grossCents, vatCents }],
        grossCents,
      };
    });
}

export function vatReport(db: Db, period: VatPeriod): VatReport {
  const rates: RateTotal[] = [];
  let unrecordedGrossCents = 0;
  for (const part of periodParts(db, period)) {
    if (part.rates) rates.push(...part.rates);
    else unrecordedGrossCents += part.grossCents;
  }
  return { ...period, rates: sumByRate(rates), unrecordedGrossCents };
}

/**
 * The same figures per country the orders were sent to and per rate, countries by name; each row
 * counts the orders paid in the period with a sale at that rate (a refund of an order paid before
 * the period takes its money off, and counts no order).
 */
export function vatReportByCountry(db: Db, period: VatPeriod, only?: SQL): CountryVatReport {
  const rows = new Map<string, CountryRateRow>();
  for (const part of periodParts(db, period, only)) {
    const country = part.country ?? '';
    const rates = part.rates ?? [{ rateBp: null, grossCents: part.grossCents, vatCents: 0 }];
    for (const r of rates) {
      const key = `${country} ${r.rateBp}`;
      const row = rows.get(key) ?? { country, rateBp: r.rateBp, grossCents: 0, vatCents: 0, orders: 0 };
      row.grossCents += r.grossCents;
      row.vatCents += r.vatCents;
      if (part.sale) row.orders += 1;
      rows.set(key, row);
    }
  }
  return { ...period, rows: sortCountryRows([...rows.values()]) };
}

/**
 * The One-Stop-Shop's figures of a period: the same rows, of the orders that carried another EU
 * country's VAT (or Northern Ireland's) under the registration, by the country they were sent to.
 * Refunds are taken off in the period they were made, as in the VAT report.
 */
export function ossReport(db: Db, period: VatPeriod): CountryVatReport {
  return vatReportByCountry(db, period, isNotNull(orders.ossCountry));
}
