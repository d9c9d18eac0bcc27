// The owner's "Products the shop sells" over the database: a new shop sells the original six
// products; a product turned on gives every photo its variant, offered to the photos of its
// proportion at the price typed (a named list's photos too, where the list does not price it); one
// turned off leaves the shop but keeps its variants and its price; a product with no price is
// refused with a 422 naming it, and nothing changes.
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '~/lib/platform/server/db';
import { isHttpError } from '~/lib/platform/server/http/http';
import { catalogueView, saveCatalogue } from '~/lib/shop/catalogue-admin.server';
import { catalogueSchema } from '~/lib/shop/catalogue-schemas';
import { priceListSchema } from '~/lib/shop/price-list-schemas';
import { createPriceList, setPhotoPriceList } from '~/lib/shop/price-lists.server';
import { findPrintPage } from '~/lib/shop/print-pages.server';
import { createVariantsForPhoto, listActiveVariants } from '~/lib/shop/products.server';
import { ORIGINAL_PRODUCTS } from '~/lib/site/catalogue';
import { appMeta, catalogueOffers, productVariants } from '~db/schema';
import { memoryDb } from '~tests/helpers/db';
import { makePhoto } from '~tests/helpers/factories';

let db: Db;
beforeEach(() => {
  db = memoryDb();
});

/** A photo of this many pixels, with the variants of what the shop sells. */
function photo(width: number, height: number) {
  const made = makePhoto(db, { width, height });
  createVariantsForPhoto(db, made.id);
  return made;
}

const CANVAS = { size: '16x24', finish: 'canvas' } as const;

/** Saves the card as the owner sends it: the original six, and these products (prices in euros). */
const save = (...more: { size: string; finish: string; price?: unknown }[]) =>
  saveCatalogue(db, catalogueSchema.parse({ products: [...ORIGINAL_PRODUCTS, ...more] }));

/** The products a photo is offered now, as the shop's list of variants reads them. */
const offered = (photoId: string) =>
  listActiveVariants(db)
    .filter((v) => v.photoId === photoId)
    .map((v) => `${v.size} ${v.finish} ${v.priceCents}`);

/** What the print page of the photo offers. */
function printPage(slug: string | null) {
  const found = findPrintPage(db, slug ?? '');
  return found?.kind === 'page' ? found.page.variants.map((v) => `${v.size} ${v.finish}`) : [];
}

const canvasRow = (photoId: string) =>
  db
    .select()
    .from(productVariants)
    .where(
      and(
        eq(productVariants.photoId, photoId),
        eq(productVariants.size, '16x24'),
        eq(productVariants.finish, 'canvas'),
      ),
    )
    .get();

/** Everything a refused save must leave as it was. */
const stored = () => ({
  offers: db.select().from(catalogueOffers).all(),
  variants: db.select().from(productVariants).all(),
  meta: db.select().from(appMeta).all(),
});

describe('the products the shop sells', () => {
  it('are the original six in a new shop, at their starting prices, each offered for every photo', () => {
    photo(6000, 4000);
    photo(4000, 4000);
    const view = catalogueView(db);
    expect(view.products.map((p) => `${p.size} ${p.finish} ${p.priceCents} ${p.photoCount}`)).toEqual([
      'small matte 4500 2',
      'medium matte 7500 2',
      'large matte 11000 2',
      'small gloss 4500 2',
      'medium gloss 7500 2',
      'large gloss 11000 2',
    ]);
    expect(view.activePhotos).toBe(2);
    expect(view.keptPrices).toEqual([]);
  });

  it('turns canvas 16x24 on at €180: offered to a 3:2 photo, never to a 4:3 or square one', () => {
    const wide = photo(6000, 4000);
    const fourThree = photo(6000, 4500);
    const square = photo(5000, 5000);

    const view = save({ ...CANVAS, price: 180 });

    expect(view.products.find((p) => p.finish === 'canvas')).toEqual({
      ...CANVAS,
      priceCents: 18000,
      photoCount: 1,
    });
    expect(view.activePhotos).toBe(3);
    expect(offered(wide.id)).toContain('16x24 canvas 18000');
    expect(printPage(wide.slug)).toContain('16x24 canvas');
    for (const other of [fourThree, square]) {
      expect(offered(other.id).some((v) => v.includes('canvas'))).toBe(false);
      expect(printPage(other.slug)).not.toContain('16x24 canvas');
      // Every photo has the variant; the shop's reads offer it where the proportion is the photo's.
      expect(canvasRow(other.id)?.priceCents).toBe(18000);
    }
    // A photo added later is given it too.
    const later = photo(7200, 4800);
    expect(offered(later.id)).toContain('16x24 canvas 18000');
  });

  it('turns a product off: gone from the shop, its variant and price kept for when it comes back', () => {
    const wide = photo(6000, 4000);
    save({ ...CANVAS, price: 180 });
    const variant = canvasRow(wide.id);

    const view = save();

    expect(view.products.some((p) => p.finish === 'canvas')).toBe(false);
    expect(view.keptPrices).toContainEqual({ ...CANVAS, priceCents: 18000 });
    expect(offered(wide.id).some((v) => v.includes('canvas'))).toBe(false);
    expect(printPage(wide.slug)).not.toContain('16x24 canvas');
    expect(offered(wide.id)).toHaveLength(6);
    expect(canvasRow(wide.id)).toEqual(variant);

    // Turned on again without a price, it has the one it had.
    save(CANVAS);
    expect(offered(wide.id)).toContain('16x24 canvas 18000');
    expect(canvasRow(wide.id)?.id).toBe(variant?.id);
  });

  it('refuses a product turned on without a price with a 422 naming it, and changes nothing', () => {
    photo(6000, 4000);
    const before = stored();
    let refused: unknown;
    try {
      save({ size: '24x36', finish: 'aluminium', price: 300 }, CANVAS);
    } catch (err) {
      refused = err;
    }
    expect(isHttpError(refused)).toBe(true);
    expect(refused).toMatchObject({
      status: 422,
      message: 'Give 16x24 canvas prints a price: they have none yet.',
      extra: { field: 'products.7.price' },
    });
    expect(stored()).toEqual(before);
  });

  it('sets a price typed for a product already sold, for every photo of the default list', () => {
    const wide = photo(6000, 4000);
    const view = saveCatalogue(
      db,
      catalogueSchema.parse({
        products: ORIGINAL_PRODUCTS.map((p) => (p.size === 'small' ? { ...p, price: '49.50' } : p)),
      }),
    );
    expect(view.products.filter((p) => p.size === 'small').map((p) => p.priceCents)).toEqual([4950, 4950]);
    expect(offered(wide.id)).toContain('small matte 4950');
    expect(offered(wide.id)).toContain('large gloss 11000');
  });

  it('prices a new product for a named list’s photo at the default list’s price, and follows it', () => {
    const listed = photo(6000, 4000);
    const list = createPriceList(
      db,
      priceListSchema.parse({
        name: 'Large formats',
        prices: { large: { matte: 150, gloss: 150 } },
        editionPercent: null,
      }),
    );
    setPhotoPriceList(db, listed.id, list.id);

    save({ ...CANVAS, price: 180 });
    expect(offered(listed.id)).toContain('16x24 canvas 18000');
    expect(offered(listed.id)).toContain('large matte 15000');

    save({ ...CANVAS, price: 200 });
    expect(offered(listed.id)).toContain('16x24 canvas 20000');
    expect(offered(listed.id)).toContain('large matte 15000');
  });

  it('refuses a payload with an unknown size, no products, or a product twice', () => {
    for (const products of [
      [{ size: '7x7', finish: 'matte' }],
      [],
      [CANVAS, CANVAS],
      [{ ...CANVAS, price: '12.345' }],
    ]) {
      const parsed = catalogueSchema.safeParse({ products });
      expect(parsed.success, JSON.stringify(products)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toMatch(/^[A-Z].+\.$/);
    }
  });
});
