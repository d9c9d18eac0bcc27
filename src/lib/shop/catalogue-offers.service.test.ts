// Which products of the catalogue a photo is offered: the products the shop sells, at the sizes of
// the photo's own proportion and the original three sizes, and another proportion only once the
// owner approves its crop; the checkout refuses what the shop does not offer, in a sentence.

import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { priceOrderLines } from '~/lib/checkout/order-lines.server';
import { countShopPhotos, listShopRows } from '~/lib/photos/photos.server';
import type { Db } from '~/lib/platform/server/db';
import { decodeShopRow } from '~/lib/shop/shop-data';
import { catalogueOffers, labProducts, productVariants } from '~db/schema';
import { memoryDb } from '~tests/helpers/db';
import { makeFraming, makePhoto, makePrintCrop } from '~tests/helpers/factories';
import { offeredProducts, offeredSizes } from './catalogue-offers.server';
import { writeDefaultPrice } from './default-price-list.server';
import {
  createMissingVariants,
  createVariantsForPhoto,
  listProducts,
  listVariantsForPhoto,
} from './products.server';

let db: Db;
beforeEach(() => {
  db = memoryDb();
});

/** The shop sells these products too, at these default prices in cents. */
function sell(products: { size: string; finish: string; cents: number }[]) {
  for (const p of products) {
    const size = p.size as (typeof catalogueOffers.$inferInsert)['size'];
    const finish = p.finish as (typeof catalogueOffers.$inferInsert)['finish'];
    db.insert(catalogueOffers).values({ size, finish }).run();
    writeDefaultPrice(db, size, finish, p.cents);
  }
  createMissingVariants(db);
}

/** The lab makes the 16x24 canvas; its canvas wraps round its bars: 19.5x27.5 inches at 300 dpi. */
function labMakesCanvas16x24() {
  db.insert(labProducts)
    .values({
      size: '16x24',
      finish: 'canvas',
      sku: 'GLOBAL-CAN-16X24',
      printAreaWidthPx: 8250,
      printAreaHeightPx: 5850,
    })
    .run();
}

const offered = (photoId: string) =>
  listVariantsForPhoto(db, photoId)
    .map((v) => `${v.size} ${v.finish}`)
    .sort();

function variantId(photoId: string, size: string, finish: string) {
  const row = db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(
      and(
        eq(productVariants.photoId, photoId),
        eq(productVariants.size, size as 'small'),
        eq(productVariants.finish, finish as 'matte'),
      ),
    )
    .get();
  if (!row) throw new Error(`no variant ${size} ${finish}`);
  return row.id;
}

describe('the catalogue a photo is offered', () => {
  it('a new shop sells the original three sizes in matte and gloss', () => {
    expect(offeredProducts(db).map((p) => `${p.size} ${p.finish}`)).toEqual([
      'small matte',
      'medium matte',
      'large matte',
      'small gloss',
      'medium gloss',
      'large gloss',
    ]);
    expect(offeredSizes(db)).toEqual(['small', 'medium', 'large']);
  });

  it('offers a 3:2 photo the 3:2 sizes and the original ones, never a square crop it was not approved', () => {
    const wide = makePhoto(db, { width: 7200, height: 4800 });
    createVariantsForPhoto(db, wide.id);
    sell([
      { size: '16x24', finish: 'canvas', cents: 18000 },
      { size: '12x12', finish: 'canvas', cents: 9000 },
    ]);
    expect(offered(wide.id)).toEqual(
      [
        '16x24 canvas',
        'large gloss',
        'large matte',
        'medium gloss',
        'medium matte',
        'small gloss',
        'small matte',
      ].sort(),
    );
    expect(listVariantsForPhoto(db, wide.id).find((v) => v.size === '16x24')?.priceCents).toBe(18000);

    // The owner approves the square crop: it is offered from then on.
    makePrintCrop(db, { photoId: wide.id, size: '12x12', offered: true, position: 300 });
    expect(offered(wide.id)).toContain('12x12 canvas');
  });

  it('offers a square photo its square sizes, and not the 3:2 ones', () => {
    const square = makePhoto(db, { width: 6000, height: 6000 });
    createVariantsForPhoto(db, square.id);
    sell([
      { size: '16x24', finish: 'canvas', cents: 18000 },
      { size: '12x12', finish: 'canvas', cents: 9000 },
    ]);
    expect(offered(square.id)).toContain('12x12 canvas');
    expect(offered(square.id)).not.toContain('16x24 canvas');
  });

  it('leaves out a size the photo has too few pixels for', () => {
    const small = makePhoto(db, { width: 3000, height: 2000 });
    sell([{ size: '24x36', finish: 'fine-art', cents: 40000 }]);
    expect(offered(small.id)).not.toContain('24x36 fine-art');
  });

  it('a product the shop stops selling leaves the shop, and the checkout refuses it in a sentence', () => {
    const wide = makePhoto(db, { width: 7200, height: 4800, title: 'Lough Tay' });
    sell([{ size: '16x24', finish: 'canvas', cents: 18000 }]);
    const id = variantId(wide.id, '16x24', 'canvas');
    expect(priceOrderLines(db, [{ variantId: id, quantity: 1, framing: null }]).items[0]?.printCents).toBe(
      18000,
    );

    db.delete(catalogueOffers).where(eq(catalogueOffers.finish, 'canvas')).run();
    expect(offered(wide.id)).not.toContain('16x24 canvas');
    expect(() => priceOrderLines(db, [{ variantId: id, quantity: 1, framing: null }])).toThrow(
      /"Lough Tay" \(16x24 inches\) in canvas is no longer sold/,
    );
  });

  it('the checkout refuses a crop the owner has not approved, and a frame on canvas', () => {
    const wide = makePhoto(db, { width: 7200, height: 4800, title: 'Lough Tay' });
    sell([
      { size: '12x12', finish: 'canvas', cents: 9000 },
      { size: 'small', finish: 'canvas', cents: 9000 },
    ]);
    makeFraming(db, { size: 'small', priceCents: 2500 });
    expect(() =>
      priceOrderLines(db, [{ variantId: variantId(wide.id, '12x12', 'canvas'), quantity: 1, framing: null }]),
    ).toThrow(/no longer offered at that size/);
    expect(() =>
      priceOrderLines(db, [
        { variantId: variantId(wide.id, 'small', 'canvas'), quantity: 1, framing: 'small' },
      ]),
    ).toThrow('Canvas prints are not framed: they hang as they are.');
  });

  it('offers a product the lab makes only to photos with half the pixels of its print area', () => {
    const wide = makePhoto(db, { width: 4200, height: 2800 });
    const large = makePhoto(db, { width: 6000, height: 4000 });
    sell([{ size: '16x24', finish: 'canvas', cents: 18000 }]);
    expect(offered(wide.id)).toContain('16x24 canvas');
    labMakesCanvas16x24();
    expect(offered(wide.id)).not.toContain('16x24 canvas');
    expect(offered(large.id)).toContain('16x24 canvas');
    // A cart that still holds it is refused in a sentence.
    expect(() =>
      priceOrderLines(db, [{ variantId: variantId(wide.id, '16x24', 'canvas'), quantity: 1, framing: null }]),
    ).toThrow(/does not have enough detail for our print lab's print/);
  });
});

describe('the shop’s list of every photo', () => {
  // The list writes the shop's products, the lab's print areas and whether any crop choice exists
  // into its query as constants; every other read looks them up. Both must offer the same prints.
  it('gives each photo the lowest and highest price the per-print reads give', () => {
    sell([
      { size: '16x24', finish: 'canvas', cents: 18000 },
      { size: '12x12', finish: 'matte', cents: 6000 },
      { size: '20x60', finish: 'matte', cents: 30000 },
    ]);
    labMakesCanvas16x24();
    const photos = [
      makePhoto(db, { width: 4200, height: 2800 }),
      makePhoto(db, { width: 6000, height: 4000 }),
      makePhoto(db, { width: 3000, height: 3000 }),
      makePhoto(db, { width: 9000, height: 3000 }),
      makePhoto(db, { width: 1000, height: 700 }),
      makePhoto(db, { width: null, height: null }),
      makePhoto(db, { width: 2400, height: 1600 }),
    ];
    for (const photo of photos) createVariantsForPhoto(db, photo.id);
    const compare = () => {
      const fromReads = new Map<string, number[]>();
      for (const { photo, variant } of listProducts(db)) {
        fromReads.set(photo.id, [...(fromReads.get(photo.id) ?? []), variant.priceCents]);
      }
      const expected = [...fromReads].map(([id, cents]) => ({
        id,
        minCents: Math.min(...cents),
        maxCents: Math.max(...cents),
      }));
      const rows = listShopRows(db).map(decodeShopRow);
      const listed = rows.map((r) => ({ id: r.id, minCents: r.minCents, maxCents: r.maxCents }));
      const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
      expect(listed.sort(byId)).toEqual(expected.sort(byId));
      expect(countShopPhotos(db)).toBe(expected.length);
      return listed;
    };
    // The too-small photo is left out; the panorama sells at 20x60 and the square at 12x12.
    expect(compare().map((r) => r.id)).not.toContain(photos[4]?.id);
    // With crop choices stored: a withdrawn size, and a square crop approved for a 3:2 photo.
    makePrintCrop(db, { photoId: photos[0]?.id, size: 'large', offered: false });
    makePrintCrop(db, { photoId: photos[1]?.id, size: '12x12', offered: true });
    createVariantsForPhoto(db, photos[1]?.id as string);
    compare();
    // Nothing on sale at all.
    db.delete(catalogueOffers).run();
    expect(compare()).toEqual([]);
  });
});
