// The owner's sales report: 12 weeks from Monday to Sunday (UTC), ending with the current week;
// only paid orders count (a test order made in test mode is not one), each in the week of its
// payment; the best-selling photos by prints sold
// and the print sizes sold (smallest first), from the items of paid orders in those weeks.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { getSalesReport, mondayOf } from '~/lib/admin/sales-report.server';
import type { Db } from '~/lib/platform/server/db';
import { photos } from '~db/schema';
import { memoryDb } from '~tests/helpers/db';
import { makeOrder, makePhoto, makeVariant, PAYMENT_STATES } from '~tests/helpers/factories';

// Wednesday 11 June 2025, noon UTC: its week starts on Monday 9 June.
const NOW = new Date('2025-06-11T12:00:00Z');
const at = (iso: string) => new Date(iso);

let db: Db;
beforeEach(() => {
  db = memoryDb();
});

describe('sales report', () => {
  it('has 12 empty weeks, starting on Mondays and ending with this week, on an empty shop', () => {
    const report = getSalesReport(db, NOW);
    expect(report.weeks).toHaveLength(12);
    expect(report.weeks[0]).toEqual({ weekStart: '2025-03-24', salesCents: 0, orders: 0 });
    expect(report.weeks.at(-1)).toEqual({ weekStart: '2025-06-09', salesCents: 0, orders: 0 });
    for (const w of report.weeks) expect(new Date(`${w.weekStart}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(report.topPhotos).toEqual([]);
    expect(report.sizes).toEqual([]);
  });

  it('finds the Monday of any day, a Monday and a Sunday included', () => {
    expect(new Date(mondayOf(at('2025-06-09T00:00:00Z'))).toISOString()).toBe('2025-06-09T00:00:00.000Z');
    expect(new Date(mondayOf(at('2025-06-15T23:59:59Z'))).toISOString()).toBe('2025-06-09T00:00:00.000Z');
    expect(new Date(mondayOf(at('2025-06-16T00:00:00Z'))).toISOString()).toBe('2025-06-16T00:00:00.000Z');
  });

  it('counts only paid orders: refunded, failed, held, started and test ones do not', () => {
    const variant = makeVariant(db);
    const paidAt = at('2025-06-10T09:00:00Z');
    for (const payment of PAYMENT_STATES) {
      makeOrder(db, {
        payment,
        paidAt: payment === 'started' ? null : paidAt,
        items: [{ productVariantId: variant.id, quantity: 2, priceCents: 4500 }],
      });
    }
    // A refund cancels the payment but keeps the time it was paid.
    makeOrder(db, {
      payment: 'cancelled',
      paidAt,
      refundId: 'REFUND-1',
      items: [{ productVariantId: variant.id, quantity: 5, priceCents: 4500 }],
    });
    const report = getSalesReport(db, NOW);
    expect(report.weeks.at(-1)).toEqual({ weekStart: '2025-06-09', salesCents: 9000, orders: 1 });
    expect(report.weeks.slice(0, -1).every((w) => w.orders === 0)).toBe(true);
    expect(report.topPhotos).toEqual([{ title: `Photo ${variant.photoId}`, prints: 2, salesCents: 9000 }]);
    expect(report.sizes[0]).toEqual({ size: 'small', prints: 2, salesCents: 9000 });
  });

  it("adds up the weeks' items, shipping, discounts and total as each order was priced", () => {
    const variant = makeVariant(db);
    const paidAt = at('2025-06-10T09:00:00Z');
    makeOrder(db, {
      payment: 'paid',
      paidAt,
      totalAmountCents: 4500 + 800 - 450,
      itemTotalCents: 4500,
      shippingCents: 800,
      discountCents: 450,
      discountCode: 'SPRING',
      items: [{ productVariantId: variant.id, quantity: 1, priceCents: 4500, discountCents: 450 }],
    });
    // An order priced before shipping was charged: its total was its items.
    makeOrder(db, {
      payment: 'paid',
      paidAt,
      items: [{ productVariantId: variant.id, quantity: 2, priceCents: 4500 }],
    });
    const { totals } = getSalesReport(db, NOW);
    expect(totals.map((r) => [r.label, r.cents])).toEqual([
      ['Items', 13500],
      ['Shipping', 800],
      ['Discounts', -450],
      ['Total (incl. VAT)', 13850],
    ]);
  });

  it('leaves test orders out of the weeks, the best sellers and the sizes', () => {
    const photo = makePhoto(db, { title: 'Lough Tay' });
    const variant = makeVariant(db, { photoId: photo.id, size: 'large' });
    const paidAt = at('2025-06-10T09:00:00Z');
    makeOrder(db, {
      payment: 'test',
      paidAt,
      items: [{ productVariantId: variant.id, quantity: 9, priceCents: 20_000 }],
    });
    const report = getSalesReport(db, NOW);
    expect(report.weeks.every((w) => w.orders === 0 && w.salesCents === 0)).toBe(true);
    expect(report.topPhotos).toEqual([]);
    expect(report.sizes).toEqual([]);
  });

  it('puts an order in the week of its payment, split at Monday 00:00 UTC', () => {
    makeOrder(db, { payment: 'paid', paidAt: at('2025-06-08T23:59:59.999Z'), totalAmountCents: 1000 });
    makeOrder(db, { payment: 'paid', paidAt: at('2025-06-09T00:00:00.000Z'), totalAmountCents: 2000 });
    makeOrder(db, { payment: 'paid', paidAt: at('2025-06-09T10:00:00.000Z'), totalAmountCents: 3000 });
    // Made long before, paid this week: it counts when it was paid.
    makeOrder(db, {
      payment: 'paid',
      createdAt: at('2025-01-02T10:00:00Z'),
      paidAt: at('2025-06-11T11:00:00Z'),
      totalAmountCents: 400,
    });
    // Before the first of the 12 weeks (Monday 24 March), and after now in a later week.
    makeOrder(db, { payment: 'paid', paidAt: at('2025-03-23T23:59:59Z'), totalAmountCents: 99_900 });
    makeOrder(db, { payment: 'paid', paidAt: at('2025-03-24T00:00:00Z'), totalAmountCents: 500 });
    makeOrder(db, { payment: 'paid', paidAt: at('2025-06-16T00:00:00Z'), totalAmountCents: 88_800 });
    const weeks = getSalesReport(db, NOW).weeks;
    expect(weeks.at(-2)).toEqual({ weekStart: '2025-06-02', salesCents: 1000, orders: 1 });
    expect(weeks.at(-1)).toEqual({ weekStart: '2025-06-09', salesCents: 5400, orders: 3 });
    expect(weeks[0]).toEqual({ weekStart: '2025-03-24', salesCents: 500, orders: 1 });
    expect(weeks.reduce((n, w) => n + w.salesCents, 0)).toBe(6900);
  });

  it('ranks the best-selling photos by prints sold, at most five, then by sales', () => {
    const paidAt = at('2025-06-10T09:00:00Z');
    const sell = (title: string, quantity: number, priceCents = 4500) => {
      const photo = makePhoto(db, { title });
      const variant = makeVariant(db, { photoId: photo.id, size: 'medium' });
      makeOrder(db, {
        payment: 'paid',
        paidAt,
        items: [{ productVariantId: variant.id, quantity, priceCents }],
      });
      return { photo, variant };
    };
    const lake = sell('Lough Tay', 3);
    makeOrder(db, { payment: 'paid', paidAt, items: [{ productVariantId: lake.variant.id, quantity: 2 }] });
    sell('Glendalough', 4, 5000);
    sell('Sugarloaf', 4, 6000);
    sell('Bray Head', 1);
    sell('Powerscourt', 2);
    sell('Wicklow Gap', 1, 1000);
    const { topPhotos } = getSalesReport(db, NOW);
    expect(topPhotos).toEqual([
      { title: 'Lough Tay', prints: 5, salesCents: 5 * 4500 },
      { title: 'Sugarloaf', prints: 4, salesCents: 4 * 6000 },
      { title: 'Glendalough', prints: 4, salesCents: 4 * 5000 },
      { title: 'Powerscourt', prints: 2, salesCents: 2 * 4500 },
      { title: 'Bray Head', prints: 1, salesCents: 4500 },
    ]);
  });

  it('adds up the sizes sold, smallest first, and counts an item of a deleted print under its description', () => {
    const photo = makePhoto(db, { title: 'Lough Tay' });
    const canvas = makeVariant(db, {
      photoId: photo.id,
      size: '20x30',
      finish: 'canvas',
      priceCents: 30_000,
    });
    const small = makeVariant(db, { photoId: photo.id, size: 'small' });
    const large = makeVariant(db, { photoId: photo.id, size: 'large', finish: 'gloss' });
    const gone = makePhoto(db, { title: 'Kippure, at dawn' });
    const goneVariant = makeVariant(db, { photoId: gone.id, size: 'medium' });
    const goneCanvas = makeVariant(db, { photoId: gone.id, size: '16x24', finish: 'canvas' });
    makeOrder(db, {
      payment: 'paid',
      paidAt: at('2025-05-20T09:00:00Z'),
      items: [
        { productVariantId: small.id, quantity: 2, priceCents: 4500 },
        { productVariantId: large.id, quantity: 1, priceCents: 15_000 },
        { productVariantId: canvas.id, quantity: 1, priceCents: 30_000 },
        {
          productVariantId: goneVariant.id,
          quantity: 3,
          priceCents: 9000,
          description: 'Kippure, at dawn, medium (12x18 inches) matte, framed',
        },
        // A deleted print of a size named by its inches alone.
        {
          productVariantId: goneCanvas.id,
          quantity: 1,
          priceCents: 20_000,
          description: 'Kippure, at dawn, 16x24 inches canvas — Standard canvas on quality stretcher bar',
        },
        // A description that names no size: left out of the best sellers.
        { productVariantId: null, quantity: 7, priceCents: 100, description: 'A gift card' },
      ],
    });
    db.delete(photos).where(eq(photos.id, gone.id)).run();
    const report = getSalesReport(db, NOW);
    expect(report.sizes).toEqual([
      { size: 'small', prints: 2, salesCents: 9000 },
      { size: 'medium', prints: 3, salesCents: 27_000 },
      { size: 'large', prints: 1, salesCents: 15_000 },
      { size: '16x24', prints: 1, salesCents: 20_000 },
      { size: '20x30', prints: 1, salesCents: 30_000 },
    ]);
    expect(report.topPhotos).toEqual([
      { title: 'Lough Tay', prints: 4, salesCents: 54_000 },
      { title: 'Kippure, at dawn', prints: 4, salesCents: 47_000 },
    ]);
    // The whole order is a sale of its week, the unreadable item included.
    expect(report.weeks.find((w) => w.weekStart === '2025-05-19')?.salesCents).toBe(
      9000 + 15_000 + 30_000 + 27_000 + 20_000 + 700,
    );
  });
});
