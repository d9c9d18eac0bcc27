// The owner's sales report: paid sales per week for the last 12 weeks, the weeks' items, shipping,
// discounts and total, and the photos and print sizes that sold best in those weeks (only the sizes
// with a sale, smallest first). Only paid orders count (payment completed, not a test order),
// each in the week of its payment. Weeks start on Monday at 00:00 UTC (Irish winter time; the summer hour is ignored).
// An item whose print was deleted counts under the photo title and size its stored description
// names ("Lough Tay, small (8x12 inches) matte", "Lough Tay, 16x24 inches canvas":
// checkout/order-line-words.ts); an item whose description does not read so is left out of the best sellers,
// though its order still counts in the weekly sales.
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { type BreakdownRow, summedBreakdown } from '~/lib/checkout/order-breakdown';
import { readOrderLineWords } from '~/lib/checkout/order-line-words';
import { paidOrder } from '~/lib/payments/paid-orders.server';
import type { Db } from '~/lib/platform/server/db';
import { PRINT_SIZE_INCHES, type PrintSize } from '~/lib/site/constants';
import { orderItems, orders, photos, productVariants } from '~db/schema';

export const REPORT_WEEKS = 12;
export const TOP_PHOTOS = 5;
const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

export interface WeekSales {
  /** The Monday that starts the week, YYYY-MM-DD. */
  weekStart: string;
  salesCents: number;
  orders: number;
}
export interface PhotoSales {
  title: string;
  prints: number;
  salesCents: number;
}
export interface SizeSales {
  size: PrintSize;
  prints: number;
  salesCents: number;
}
export interface SalesReport {
  weeks: WeekSales[];
  /** The weeks' orders added up: items, shipping, discounts and total, as each order was priced. */
  totals: BreakdownRow[];
  topPhotos: PhotoSales[];
  /** The sizes sold in those weeks, smallest first. */
  sizes: SizeSales[];
}

/** 00:00 UTC of the Monday of the week that holds `now`. */
export function mondayOf(now: Date): number {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return day - ((now.getUTCDay() + 6) % 7) * DAY_MS;
}

export function getSalesReport(db: Db, now: Date): SalesReport {
  const start = mondayOf(now) - (REPORT_WEEKS - 1) * WEEK_MS;
  const end = mondayOf(now) + WEEK_MS;
  const inReport = and(paidOrder(), gte(orders.paidAt, new Date(start)), lt(orders.paidAt, new Date(end)));

  const week = sql<number>`cast((${orders.paidAt} - ${start}) / ${WEEK_MS} as integer)`;
  const byWeek = db
    .select({
      week,
      sales: sql<number>`sum(${orders.totalAmountCents})`,
      count: sql<number>`count(*)`,
      // An order priced before shipping was charged stored its total only: that total was its items.
      items: sql<number>`sum(coalesce(${orders.itemTotalCents}, ${orders.totalAmountCents}))`,
      shipping: sql<number>`sum(coalesce(${orders.shippingCents}, 0))`,
      discount: sql<number>`sum(coalesce(${orders.discountCents}, 0))`,
    })
    .from(orders)
    .where(inReport)
    .groupBy(week)
    .all();
  const weeks = Array.from({ length: REPORT_WEEKS }, (_, i) => ({
    weekStart: new Date(start + i * WEEK_MS).toISOString().slice(0, 10),
    salesCents: 0,
    orders: 0,
  }));
  for (const row of byWeek) {
    const slot = weeks[row.week];
    if (slot) Object.assign(slot, { salesCents: row.sales, orders: row.count });
  }

  const lines = db
    .select({
      photoId: productVariants.photoId,
      title: photos.title,
      size: productVariants.size,
      description: orderItems.description,
      prints: sql<number>`sum(${orderItems.quantity})`,
      sales: sql<number>`sum(${orderItems.quantity} * ${orderItems.priceCents})`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(productVariants, eq(productVariants.id, orderItems.productVariantId))
    .leftJoin(photos, eq(photos.id, productVariants.photoId))
    .where(inReport)
    .groupBy(orderItems.productVariantId, orderItems.description)
    .all();

  const byPhoto = new Map<string, PhotoSales>();
  const bySize = new Map<PrintSize, SizeSales>();
  for (const line of lines) {
    const live = line.photoId && line.title && line.size ? { title: line.title, size: line.size } : null;
    const sold = live ?? readOrderLineWords(line.description);
    if (!sold) continue;
    // A live photo is one entry however it is renamed; a deleted one is known only by its title.
    const key = live ? `photo:${line.photoId}` : `deleted:${sold.title}`;
    const photo = byPhoto.get(key) ?? { title: sold.title, prints: 0, salesCents: 0 };
    photo.prints += line.prints;
    photo.salesCents += line.sales;
    byPhoto.set(key, photo);
    const size = bySize.get(sold.size) ?? { size: sold.size, prints: 0, salesCents: 0 };
    size.prints += line.prints;
    size.salesCents += line.sales;
    bySize.set(sold.size, size);
  }
  const topPhotos = [...byPhoto.values()]
    .sort((a, b) => b.prints - a.prints || b.salesCents - a.salesCents || a.title.localeCompare(b.title))
    .slice(0, TOP_PHOTOS);

  const add = (pick: (row: (typeof byWeek)[number]) => number) => byWeek.reduce((n, r) => n + pick(r), 0);
  const totals = summedBreakdown({
    itemsCents: add((r) => r.items),
    shippingCents: add((r) => r.shipping),
    discountCents: add((r) => r.discount),
    totalCents: add((r) => r.sales),
  });
  // Smallest first, as every list of sizes: by area, then by the long side.
  const inches = (size: PrintSize) => PRINT_SIZE_INCHES[size];
  const sizes = [...bySize.values()].sort(
    (a, b) =>
      inches(a.size).long * inches(a.size).short - inches(b.size).long * inches(b.size).short ||
      inches(a.size).long - inches(b.size).long,
  );
  return { weeks, totals, topPhotos, sizes };
}
