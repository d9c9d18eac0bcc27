// The shop offers a print size only where the photo has enough pixels for it: the owner's print-fit
// list, the print dialog's variants, the shop's price range, the quick pricing guide and the order
// all follow the same rule, and a photo without a known pixel size is offered at every size.
import { beforeEach, describe, expect, it } from 'vitest';
import { priceOrderLines } from '~/lib/checkout/order-lines.server';
import { listAdminPhotos } from '~/lib/photos/photo-admin.server';
import { countShopPhotos, createPhoto, listShopRows } from '~/lib/photos/photos.server';
import type { Db } from '~/lib/platform/server/db';
import { fitsBySize } from '~/lib/shop/print-fit';
import { listPrintFit } from '~/lib/shop/print-fit.server';
import {
  createVariantsForPhoto,
  getFromPrice,
  listActiveVariants,
  listProducts,
  listVariantsForPhoto,
} from '~/lib/shop/products.server';
import { decodeShopRow } from '~/lib/shop/shop-data';
import { ORIGINAL_SIZES } from '~/lib/site/catalogue';
import { memoryDb } from '~tests/helpers/db';
import { makePhoto, uniqueMediaId } from '~tests/helpers/factories';

/** The shop's rows, expanded as the browser expands them. */
const shopList = (db: Parameters<typeof listShopRows>[0]) => listShopRows(db).map(decodeShopRow);

let db: Db;
beforeEach(() => {
  db = memoryDb();
});

/** A photo of that pixel size with all six variants at the default prices. */
function photoOf(width: number | null, height: number | null, title = 'Glendalough') {
  const photo = makePhoto(db, { width, height, title });
  createVariantsForPhoto(db, photo.id);
  return photo;
}

const sizesOffered = (photoId: string) =>
  ORIGINAL_SIZES.filter((size) => listVariantsForPhoto(db, photoId).some((v) => v.size === size));

describe('the owner’s print-fit list', () => {
  it('gives each photo, newest first, every size with its resolution and whether it fits', () => {
    const old = photoOf(null, null, 'Old row');
    const exact = photoOf(3000, 2400, 'Exactly 150');
    expect(listPrintFit(db)).toEqual([
      {
        photoId: exact.id,
        title: 'Exactly 150',
        width: 3000,
        height: 2400,
        sizes: [
          { size: 'small', ppi: 250, fits: true },
          { size: 'medium', ppi: 187, fits: true },
          { size: 'large', ppi: 150, fits: true },
        ],
      },
      {
        photoId: old.id,
        title: 'Old row',
        width: null,
        height: null,
        sizes: ORIGINAL_SIZES.map((size) => ({ size, ppi: null, fits: true })),
      },
    ]);
  });
});

describe('the shop', () => {
  it('offers a 3000 × 2400 photo at every size (large at exactly 150 ppi)', () => {
    expect(sizesOffered(photoOf(3000, 2400).id)).toEqual(['small', 'medium', 'large']);
  });

  it('leaves out the sizes a 2400 px photo is too small for, in every read that shows prices', () => {
    const photo = photoOf(2400, 1600);
    expect(sizesOffered(photo.id)).toEqual(['small']);
    expect(listActiveVariants(db).every((v) => v.size === 'small')).toBe(true);
    expect(listProducts(db).every((p) => p.variant.size === 'small')).toBe(true);
    expect(shopList(db)[0]).toMatchObject({ minCents: 4500, maxCents: 4500 });
    expect(getFromPrice(db, 'large', 'matte')).toBeNull();
  });

  it('offers every size of an old photo without a pixel size', () => {
    const photo = photoOf(null, null);
    expect(sizesOffered(photo.id)).toEqual(['small', 'medium', 'large']);
    expect(shopList(db)[0]).toMatchObject({ minCents: 4500, maxCents: 11000 });
  });

  it('agrees with the shared rule for any pixel size, portrait or landscape', () => {
    for (const [w, h] of [
      [1800, 1200],
      [1799, 1200],
      [1200, 1800],
      [2400, 1800],
      [2400, 1799],
      [4800, 2700],
      [2700, 4800],
      [3000, 2400],
      [2999, 2400],
    ] as const) {
      const photo = photoOf(w, h);
      const expected = fitsBySize(w, h)
        .filter((s) => s.fits)
        .map((s) => s.size);
      expect(sizesOffered(photo.id), `${w} × ${h}`).toEqual(expected);
    }
  });
});

describe('a photo too small for every size', () => {
  it('is kept out of the shop, its count and its products, and the owner sees why', () => {
    const sellable = photoOf(2400, 1600, 'Sugarloaf');
    const tooSmall = photoOf(1680, 1120, 'Lough Tay');
    expect(shopList(db).map((p) => p.title)).toEqual(['Sugarloaf']);
    expect(countShopPhotos(db)).toBe(1);
    expect(listProducts(db).map((p) => p.photo.id)).not.toContain(tooSmall.id);
    expect(listVariantsForPhoto(db, tooSmall.id)).toEqual([]);
    const admin = listAdminPhotos(db).photos;
    expect(admin.find((p) => p.id === tooSmall.id)).toMatchObject({
      sellable: false,
      shopPage: null,
      printFit: [
        { size: 'small', ppi: 140, fits: false },
        { size: 'medium', ppi: 93, fits: false },
        { size: 'large', ppi: 70, fits: false },
      ],
    });
    expect(admin.find((p) => p.id === sellable.id)).toMatchObject({ sellable: true, shopPage: 1 });
  });

  it('leaves the shop pages of the photos after it as they are', () => {
    const first = photoOf(2400, 1600, 'First');
    photoOf(1000, 700, 'Small');
    const rows = listShopRows(db, { limit: 1, offset: 0 }).map(decodeShopRow);
    expect(rows.map((r) => r.id)).toEqual([first.id]);
  });

  it('a photo with a fitting size is sellable the moment it is added', () => {
    const photo = createPhoto(
      db,
      { title: 'Bray Head', category: 'coastal', featured: false },
      {
        mediaId: uniqueMediaId(),
        width: 2400,
        height: 1800,
        dominantColor: null,
        placeholder: null,
        imageUrl: '/x.jpg',
      },
    );
    expect(shopList(db).map((p) => p.id)).toEqual([photo.id]);
    expect(sizesOffered(photo.id)).toEqual(['small', 'medium']);
  });
});

describe('an order', () => {
  it('is refused for a size the photo does not fit, and priced for one it does', () => {
    const photo = photoOf(2400, 1600, 'Sugarloaf');
    const variants = db.query.productVariants
      .findMany({ where: (v, { eq }) => eq(v.photoId, photo.id) })
      .sync();
    const large = variants.find((v) => v.size === 'large' && v.finish === 'matte')!;
    const small = variants.find((v) => v.size === 'small' && v.finish === 'matte')!;
    expect(() => priceOrderLines(db, [{ variantId: large.id, framing: null, quantity: 1 }])).toThrow(
      expect.objectContaining({
        status: 400,
        message:
          '"Sugarloaf" (large, 16x20 inches) is not available at that size: the photo does not have enough detail for a sharp print.',
      }),
    );
    expect(priceOrderLines(db, [{ variantId: small.id, framing: null, quantity: 1 }]).totalCents).toBe(4500);
  });
});
