// Sales over the database: every price change is kept in the history, a sale prices the quote
// (and so the capture) while it runs, a code then works on the sale price, and the owner's bad
// input changes nothing.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { quoteCart } from '~/lib/checkout/quote-cart.server';
import type { Db } from '~/lib/platform/server/db';
import {
  createPriceSale,
  deletePriceSale,
  listPriceSales,
  salePricing,
  shopRowsOnSale,
  updatePriceSale,
  withSalePrices,
} from '~/lib/shop/price-sales.server';
import { updatePrintPrices } from '~/lib/shop/pricing.server';
import { priceSaleSchema } from '~/lib/shop/schemas';
import { decodeShopRow, type ShopRow } from '~/lib/shop/shop-data';
import { priceHistory, priceSales } from '~db/schema';
import { memoryDb } from '~tests/helpers/db';
import { makeDiscountCode, makePhoto, makeVariant } from '~tests/helpers/factories';

let db: Db;
let photoId: string;
let variantId: string;
beforeEach(() => {
  db = memoryDb();
  photoId = makePhoto(db, { title: 'Lough Tay' }).id;
  variantId = makeVariant(db, { photoId, priceCents: 4500 }).id;
});

const DAY = 24 * 60 * 60 * 1000;
const runSale = (percentOff: number, startsAt: Date, endsAt: Date, photoIds = [photoId]) =>
  createPriceSale(db, { name: 'Winter sale', percentOff, allPhotos: false, photoIds, startsAt, endsAt });
const history = () =>
  db
    .select()
    .from(priceHistory)
    .where(eq(priceHistory.variantId, variantId))
    .all()
    .map((h) => h.priceCents);

describe('the price history', () => {
  it('keeps a new print’s price and each change of it, and nothing when the price stays', () => {
    expect(history()).toEqual([4500]);
    updatePrintPrices(db, [{ size: 'small', finish: 'matte', priceCents: 5000 }]);
    updatePrintPrices(db, [{ size: 'small', finish: 'matte', priceCents: 5000 }]);
    updatePrintPrices(db, [{ size: 'small', finish: 'matte', priceCents: 4800 }]);
    expect(history()).toEqual([4500, 5000, 4800]);
  });
});

describe('a running sale', () => {
  const now = new Date();
  const setHistory = (points: [number, number][]) => {
    db.delete(priceHistory).where(eq(priceHistory.variantId, variantId)).run();
    for (const [priceCents, daysAgo] of points) {
      db.insert(priceHistory)
        .values({ variantId, priceCents, fromAt: new Date(now.getTime() - daysAgo * DAY) })
        .run();
    }
  };

  it('prices the quote, and a code works on the sale price', () => {
    runSale(10, new Date(now.getTime() - DAY), new Date(now.getTime() + DAY));
    const code = makeDiscountCode(db, { kind: 'percent', value: 10 }).code;
    const lines = [{ variantId, framing: null, quantity: 2 }];
    const plain = quoteCart(db, { lines, country: 'IE' }, now);
    expect(plain.priced.items[0]?.printCents).toBe(4050);
    expect(plain.quote.itemTotalCents).toBe(8100);
    const withCode = quoteCart(db, { lines, country: 'IE', discountCode: code }, now);
    expect(withCode.quote.discountCents).toBe(810);
    // Before the sale and at its end, the print is at its own price.
    expect(
      quoteCart(db, { lines, country: 'IE' }, new Date(now.getTime() - 2 * DAY)).quote.itemTotalCents,
    ).toBe(9000);
    expect(quoteCart(db, { lines, country: 'IE' }, new Date(now.getTime() + DAY)).quote.itemTotalCents).toBe(
      9000,
    );
  });

  it('does not touch a print of another photo', () => {
    const other = makeVariant(db, { priceCents: 4500 });
    runSale(10, new Date(now.getTime() - DAY), new Date(now.getTime() + DAY));
    expect(salePricing(db, now).priceCents(other)).toBe(4500);
  });

  it('shows the lowest price of the 30 days before it began, only when above the sale price', () => {
    setHistory([
      [5000, 50],
      [4600, 20],
      [4500, 5],
    ]);
    runSale(10, new Date(now.getTime() - DAY), new Date(now.getTime() + DAY));
    const [shown] = withSalePrices(db, [{ id: variantId, photoId, priceCents: 4500 }], now);
    expect(shown).toMatchObject({ priceCents: 4050, wasCents: 4500 });
    // Had it been 4000 within the 30 days, no reduction is announced.
    setHistory([
      [4000, 20],
      [4500, 5],
    ]);
    expect(withSalePrices(db, [{ id: variantId, photoId, priceCents: 4500 }], now)[0]?.wasCents).toBeNull();
  });

  it('gives the shop’s rows their sale price and the "was" price their cards announce', () => {
    setHistory([[4500, 10]]);
    const other = makePhoto(db, { title: 'Bray Head' }).id;
    makeVariant(db, { photoId: other, priceCents: 4500 });
    const row = (id: string): ShopRow => [
      id,
      'x',
      '',
      'mountains',
      0,
      4500,
      4500,
      1,
      null,
      null,
      null,
      '',
      null,
      '',
    ];
    const rows = [row(photoId), row(other)];
    expect(shopRowsOnSale(db, rows, now)).toEqual(rows);
    runSale(10, new Date(now.getTime() - DAY), new Date(now.getTime() + DAY));
    const [onSale, plain] = shopRowsOnSale(db, rows, now);
    expect(decodeShopRow(onSale as ShopRow)).toMatchObject({
      minCents: 4050,
      sale: 'Sale: from €40.50, was €45.00 (lowest price in the 30 days before the sale)',
    });
    expect(plain).toBe(rows[1]);
  });
});

describe('the owner’s sales', () => {
  const input = (patch: object) =>
    priceSaleSchema.parse({
      name: 'Winter sale',
      percentOff: 15,
      photoIds: [photoId],
      startsAt: '2026-12-01T09:00',
      endsAt: '2026-12-08T09:00',
      ...patch,
    });

  it('are listed on the Irish clock', () => {
    createPriceSale(db, input({}));
    expect(listPriceSales(db, new Date('2026-12-02T00:00:00Z'))).toEqual([
      expect.objectContaining({
        percentOff: 15,
        photoIds: [photoId],
        startsAt: '2026-12-01T09:00',
        state: 'running',
      }),
    ]);
  });

  it('refuse an unknown print with a 400 and save nothing', () => {
    expect(() => createPriceSale(db, input({ photoIds: [photoId, 'no-such-photo'] }))).toThrow(
      expect.objectContaining({ status: 400, message: 'There is no print with the id "no-such-photo".' }),
    );
    expect(db.select().from(priceSales).all()).toEqual([]);
  });

  it('change a running sale’s end, refuse its percentage or prints with a 409, and save nothing then', () => {
    const other = makePhoto(db, { title: 'Bray Head' }).id;
    const id = createPriceSale(db, input({}));
    const during = new Date('2026-12-03T12:00:00Z');
    updatePriceSale(db, id, input({ endsAt: '2026-12-10T09:00' }), during);
    expect(listPriceSales(db, during)[0]).toMatchObject({ endsAt: '2026-12-10T09:00', photoIds: [photoId] });
    expect(() => updatePriceSale(db, id, input({ percentOff: 40 }), during)).toThrow(
      expect.objectContaining({ status: 409, extra: { field: 'percentOff' } }),
    );
    expect(() => updatePriceSale(db, id, input({ photoIds: [photoId, other] }), during)).toThrow(
      expect.objectContaining({ status: 409, extra: { field: 'photoIds' } }),
    );
    expect(listPriceSales(db, during)[0]).toMatchObject({ percentOff: 15, photoIds: [photoId] });
    expect(() => updatePriceSale(db, 'no-such-sale', input({}), during)).toThrow(
      expect.objectContaining({ status: 404 }),
    );
  });

  it('delete a planned sale, and refuse to delete one that has begun with a 409, keeping it', () => {
    const planned = createPriceSale(db, input({ startsAt: '2026-12-20T09:00', endsAt: '2026-12-27T09:00' }));
    const begun = createPriceSale(db, input({}));
    const during = new Date('2026-12-03T12:00:00Z');
    expect(() => deletePriceSale(db, begun, during)).toThrow(
      expect.objectContaining({
        status: 409,
        message: expect.stringMatching(/^A sale that has begun cannot be deleted/),
      }),
    );
    expect(() => deletePriceSale(db, begun, new Date('2027-01-05T12:00:00Z'))).toThrow(
      expect.objectContaining({ status: 409 }),
    );
    deletePriceSale(db, planned, during);
    expect(listPriceSales(db, during).map((s) => s.id)).toEqual([begun]);
    expect(() => deletePriceSale(db, planned, during)).toThrow(expect.objectContaining({ status: 404 }));
  });
});
