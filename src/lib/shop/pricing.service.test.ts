// The owner's price list: prices arrive in euros and are checked entry by entry (0 or more, at most 2
// decimals, a known size and finish), an update is all or nothing, it reaches every variant of that
// size and finish and the variants made later, orders already placed keep their prices, and missing
// variants are generated once.
import { beforeEach, describe, expect, it } from 'vitest';
import { priceOrderLines } from '~/lib/checkout/order-lines.server';
import { getOrderWithItems } from '~/lib/checkout/order-with-items.server';
import { createPendingOrder } from '~/lib/checkout/place-order.server';
import { quoteCart } from '~/lib/checkout/quote-cart.server';
import type { Db } from '~/lib/platform/server/db';
import { eurosToCents } from '~/lib/shop/pricing';
import {
  generateMissingVariants,
  getPriceMatrix,
  listFramingOptions,
  updateFramingPrices,
  updatePrintPrices,
} from '~/lib/shop/pricing.server';
import { createVariantsForPhoto, currentPrices } from '~/lib/shop/products.server';
import { framingPricingSchema, printPricingSchema } from '~/lib/shop/schemas';
import { productVariants } from '~db/schema';
import { memoryDb } from '~tests/helpers/db';
import { makeFraming, makePhoto, makeVariant } from '~tests/helpers/factories';

let db: Db;
beforeEach(() => {
  db = memoryDb();
});

const variantPrices = () =>
  db
    .select()
    .from(productVariants)
    .all()
    .map((v) => `${v.photoId}/${v.size}/${v.finish}/${v.priceCents}`)
    .sort();

/** The message a bad print-price body is refused with. */
function refusal(updates: unknown): string | undefined {
  const parsed = printPricingSchema.safeParse({ updates });
  expect(parsed.success).toBe(false);
  return parsed.error?.issues[0]?.message;
}

describe('a price in euros', () => {
  it('becomes integer cents from a number or a numeric string', () => {
    expect(eurosToCents(49.5)).toBe(4950);
    expect(eurosToCents('49.50')).toBe(4950);
    expect(eurosToCents(' 12 ')).toBe(1200);
    expect(eurosToCents(0)).toBe(0);
    expect(eurosToCents(0.29)).toBe(29);
    expect(eurosToCents(100000)).toBe(10_000_000);
  });

  it('is refused when negative, over 100000, with 3 decimals, not finite or not a number', () => {
    for (const bad of [
      -1,
      '-1',
      12.345,
      '12.345',
      'abc',
      '',
      '1e3',
      Number.NaN,
      Infinity,
      1e9,
      100000.01,
      null,
      true,
      {},
    ]) {
      expect(eurosToCents(bad), String(bad)).toBeNull();
    }
  });
});

describe('the print-price body', () => {
  it('is read into cents per size and finish', () => {
    expect(
      printPricingSchema.parse({
        updates: [
          { size: 'small', finish: 'matte', price: 49 },
          { size: 'large', finish: 'gloss', price: '120.50' },
        ],
      }),
    ).toEqual({
      updates: [
        { size: 'small', finish: 'matte', priceCents: 4900 },
        { size: 'large', finish: 'gloss', priceCents: 12050 },
      ],
    });
  });

  it('names the size and finish of a bad price in a plain message', () => {
    const good = { size: 'small', finish: 'matte', price: 45 };
    expect(refusal([good, { size: 'medium', finish: 'gloss', price: -1 }])).toBe(
      'The price of medium gloss prints must be a number of euros from 0 to 100000 with at most 2 decimals (got -1).',
    );
    expect(refusal([{ size: 'large', finish: 'matte', price: '12.345' }])).toMatch(
      /^The price of large matte prints .*"12.345"/,
    );
    expect(refusal([{ size: 'large', finish: 'matte', price: 'abc' }])).toMatch(/large matte/);
    expect(refusal([{ size: 'large', finish: 'matte', price: 1e9 }])).toMatch(/large matte/);
    expect(refusal([{ size: 'large', finish: 'matte' }])).toMatch(/\(got nothing\)/);
  });

  it('refuses an unknown size or material, an entry given twice, and an empty list', () => {
    expect(refusal([{ size: 'huge', finish: 'matte', price: 1 }])).toMatch(
      /^Unknown print size "huge": use one of the catalogue’s sizes, small, medium, large, 8x8, .* or 20x60\.$/,
    );
    expect(refusal([{ size: 'small', finish: 'satin', price: 1 }])).toBe(
      'Unknown material "satin" for small prints: use matte, gloss, fine-art, lustre, canvas, aluminium or acrylic.',
    );
    expect(refusal([{ size: '16x24', finish: 'canvas', price: 'x' }])).toMatch(
      /^The price of 16x24 canvas prints/,
    );
    const twice = { size: 'small', finish: 'matte', price: 1 };
    expect(refusal([twice, twice])).toBe('The price of small matte prints is given twice.');
    expect(refusal([])).toBe('No prices were given.');
  });

  it('for frames, names the size of a bad price', () => {
    const parsed = framingPricingSchema.safeParse({ updates: [{ size: 'large', price: '-5' }] });
    expect(parsed.error?.issues[0]?.message).toMatch(/^The frame price of large prints must be/);
    const wide = framingPricingSchema.safeParse({ updates: [{ size: '16x24', price: '' }] });
    expect(wide.error?.issues[0]?.message).toMatch(/^The frame price of 16x24 prints must be/);
    expect(framingPricingSchema.parse({ updates: [{ size: 'large', price: '55' }] })).toEqual({
      updates: [{ size: 'large', priceCents: 5500 }],
    });
  });
});

describe('updating print prices', () => {
  it('sets every variant of that size and finish, leaves the others, and answers the new list', () => {
    const a = makePhoto(db);
    const b = makePhoto(db);
    createVariantsForPhoto(db, a.id);
    createVariantsForPhoto(db, b.id);
    const matrix = updatePrintPrices(db, [{ size: 'medium', finish: 'gloss', priceCents: 8900 }]);
    expect(matrix.prints).toContainEqual({ size: 'medium', finish: 'gloss', priceCents: 8900 });
    expect(matrix.prints).toContainEqual({ size: 'medium', finish: 'matte', priceCents: 7500 });
    const rows = db.select().from(productVariants).all();
    expect(rows.filter((v) => v.size === 'medium' && v.finish === 'gloss').map((v) => v.priceCents)).toEqual([
      8900, 8900,
    ]);
    expect(rows.filter((v) => v.size === 'medium' && v.finish === 'matte').map((v) => v.priceCents)).toEqual([
      7500, 7500,
    ]);
  });

  it('is what new variants get, even when no photo had that size yet', () => {
    updatePrintPrices(db, [{ size: 'large', finish: 'matte', priceCents: 13000 }]);
    expect(currentPrices(db).large?.matte).toBe(13000);
    const photo = makePhoto(db);
    createVariantsForPhoto(db, photo.id);
    expect(variantPrices()).toContain(`${photo.id}/large/matte/13000`);
    expect(getPriceMatrix(db).prints).toContainEqual({ size: 'large', finish: 'matte', priceCents: 13000 });
  });

  it('is all or nothing: a bad entry after good ones saves nothing', () => {
    const photo = makePhoto(db);
    createVariantsForPhoto(db, photo.id);
    const before = variantPrices();
    expect(() =>
      updatePrintPrices(db, [
        { size: 'small', finish: 'matte', priceCents: 5000 },
        { size: 'large', finish: 'gloss', priceCents: -100 },
      ]),
    ).toThrow(expect.objectContaining({ status: 400 }));
    expect(variantPrices()).toEqual(before);
    expect(currentPrices(db).small?.matte).toBe(4500);
  });

  it('reaches new orders only: a placed order keeps the prices it was sold at', () => {
    const photo = makePhoto(db);
    const variant = makeVariant(db, { photoId: photo.id, size: 'small', finish: 'matte', priceCents: 4500 });
    makeFraming(db, { size: 'small', priceCents: 2500 });
    const lines = [{ variantId: variant.id, framing: 'small' as const, quantity: 2 }];
    const orderId = createPendingOrder(db, quoteCart(db, { lines, country: 'IE' }, new Date()));

    updatePrintPrices(db, [{ size: 'small', finish: 'matte', priceCents: 6000 }]);
    updateFramingPrices(db, [{ size: 'small', priceCents: 3000 }]);

    const placed = getOrderWithItems(db, orderId);
    expect(placed?.itemTotalCents).toBe(14000);
    expect(placed?.items).toEqual([
      expect.objectContaining({ priceCents: 7000, framingPriceCents: 2500, quantity: 2 }),
    ]);
    expect(priceOrderLines(db, lines).totalCents).toBe(18000);
  });
});

describe('updating frame prices', () => {
  it('sets the frame of a size, makes one for a size without, and is all or nothing', () => {
    makeFraming(db, { size: 'small', priceCents: 2500, isActive: false });
    const matrix = updateFramingPrices(db, [
      { size: 'small', priceCents: 2750 },
      { size: 'large', priceCents: 4500 },
    ]);
    expect(matrix.framing).toEqual([
      { size: 'small', priceCents: 2750, isActive: false },
      { size: 'medium', priceCents: 2500, isActive: false },
      { size: 'large', priceCents: 4500, isActive: true },
    ]);
    expect(() =>
      updateFramingPrices(db, [
        { size: 'medium', priceCents: 3000 },
        { size: 'large', priceCents: 1.5 },
      ]),
    ).toThrow(expect.objectContaining({ status: 400 }));
    expect(listFramingOptions(db).map((f) => [f.size, f.priceCents])).toEqual([
      ['small', 2750],
      ['large', 4500],
    ]);
  });
});

describe('generating variants', () => {
  it('makes each missing variant of every photo at the current prices, and nothing the second time', () => {
    const full = makePhoto(db);
    createVariantsForPhoto(db, full.id);
    const partial = makePhoto(db);
    makeVariant(db, { photoId: partial.id, size: 'small', finish: 'matte', priceCents: 9999 });
    const bare = makePhoto(db, { isActive: false });
    updatePrintPrices(db, [{ size: 'large', finish: 'gloss', priceCents: 12500 }]);

    expect(generateMissingVariants(db)).toBe(11);
    expect(generateMissingVariants(db)).toBe(0);
    const prices = variantPrices();
    expect(prices).toHaveLength(18);
    expect(prices).toContain(`${partial.id}/small/matte/9999`);
    expect(prices).toContain(`${bare.id}/large/gloss/12500`);
    expect(prices).toContain(`${full.id}/large/gloss/12500`);
  });

  it('cannot duplicate a variant: the database holds one per photo, size and finish', () => {
    const photo = makePhoto(db);
    makeVariant(db, { photoId: photo.id, size: 'small', finish: 'matte' });
    expect(() => makeVariant(db, { photoId: photo.id, size: 'small', finish: 'matte' })).toThrow(/UNIQUE/);
  });
});
