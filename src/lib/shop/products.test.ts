// Prints and frames in the shop, in integer cents: only photos still on show are sold, a new photo's
// variants start at the price most photos have, and frames that are switched off are not offered.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '~/lib/platform/server/db';
import { DEFAULT_PRINT_PRICES_CENTS } from '~/lib/shop/pricing-defaults';
import {
  createVariantsForPhoto,
  currentPrices,
  getFromPrice,
  listActiveFramingOptions,
  listActiveVariants,
  listProducts,
  listVariantsForPhoto,
} from '~/lib/shop/products.server';
import { memoryDb } from '~tests/helpers/db';
import { makeFraming, makePhoto, makeVariant } from '~tests/helpers/factories';

let db: Db;
beforeEach(() => {
  db = memoryDb();
});

/** An active and a hidden photo, each with a small and a large print. */
function shop() {
  const active = makePhoto(db);
  const hidden = makePhoto(db, { isActive: false });
  const variants = {
    activeLarge: makeVariant(db, { photoId: active.id, size: 'large', priceCents: 12000 }),
    activeSmall: makeVariant(db, { photoId: active.id, size: 'small', priceCents: 5000 }),
    hiddenSmall: makeVariant(db, { photoId: hidden.id, size: 'small', priceCents: 900 }),
    hiddenLarge: makeVariant(db, { photoId: hidden.id, size: 'large', priceCents: 99000 }),
  };
  return { active, hidden, variants };
}

describe('price ranges and variants', () => {
  it('lists the variants of active photos, cheapest first', () => {
    const { variants } = shop();
    expect(listActiveVariants(db).map((v) => v.id)).toEqual([
      variants.activeSmall.id,
      variants.activeLarge.id,
    ]);
  });

  it('lists the variants of one photo, and none for a hidden or unknown photo', () => {
    const { active, hidden } = shop();
    expect(
      listVariantsForPhoto(db, active.id)
        .map((v) => v.priceCents)
        .sort((a, b) => a - b),
    ).toEqual([5000, 12000]);
    expect(listVariantsForPhoto(db, hidden.id)).toEqual([]);
    expect(listVariantsForPhoto(db, 'no-such-photo')).toEqual([]);
  });

  it('lists each variant of an active photo with its photo', () => {
    const { active } = shop();
    const products = listProducts(db);
    expect(products.map((p) => [p.photo.id, p.variant.priceCents])).toEqual([
      [active.id, 5000],
      [active.id, 12000],
    ]);
    expect(products[0]?.variant).toMatchObject({ size: 'small', finish: 'matte', dimensions: '8x12 inches' });
  });

  it('gives the lowest price of a size and finish across photos, or null when none is sold', () => {
    makeVariant(db, { size: 'medium', finish: 'gloss', priceCents: 8000 });
    makeVariant(db, { size: 'medium', finish: 'gloss', priceCents: 7000 });
    makeVariant(db, { size: 'medium', finish: 'matte', priceCents: 6000 });
    expect(getFromPrice(db, 'medium', 'gloss')).toBe(7000);
    expect(getFromPrice(db, 'large', 'gloss')).toBeNull();
  });
});

describe('framing', () => {
  it('offers only the frames that are switched on', () => {
    const small = makeFraming(db, { size: 'small', priceCents: 2500 });
    makeFraming(db, { size: 'medium', isActive: false });
    const large = makeFraming(db, { size: 'large', priceCents: 4000 });
    expect(
      listActiveFramingOptions(db)
        .map((f) => f.id)
        .sort(),
    ).toEqual([small.id, large.id].sort());
  });
});

describe('prices of a new photo', () => {
  it('are the defaults on an empty shop', () => {
    expect(currentPrices(db)).toEqual(DEFAULT_PRINT_PRICES_CENTS);
  });

  it('follow the price most photos have for each size and finish', () => {
    for (const priceCents of [5200, 5200, 4800]) makeVariant(db, { size: 'small', priceCents });
    expect(currentPrices(db).small).toEqual({ matte: 5200, gloss: 4500 });
  });

  it('are given as six variants, once, however often it is asked', () => {
    const photo = makePhoto(db);
    createVariantsForPhoto(db, photo.id);
    createVariantsForPhoto(db, photo.id);
    const variants = listVariantsForPhoto(db, photo.id);
    expect(variants).toHaveLength(6);
    expect(new Set(variants.map((v) => `${v.size}/${v.finish}`)).size).toBe(6);
    expect(variants.find((v) => v.size === 'large')).toMatchObject({
      priceCents: 11000,
      dimensions: '16x20 inches',
    });
  });
});
