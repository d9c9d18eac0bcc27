// The owner's print crops: a photo nobody has looked at sells every size it fits, cropped from the
// centre; a moved crop is kept; a withdrawn size leaves every read of the shop (variants, products,
// price ranges, the print page, the quick pricing guide) and is refused at checkout.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { priceOrderLines } from '~/lib/checkout/order-lines.server';
import { listAdminPhotos } from '~/lib/photos/photo-admin.server';
import { countShopPhotos, listShopRows } from '~/lib/photos/photos.server';
import type { Db } from '~/lib/platform/server/db';
import { findPrintPage } from '~/lib/shop/print-pages.server';
import {
  createVariantsForPhoto,
  getFromPrice,
  listActiveVariants,
  listProducts,
  listVariantsForPhoto,
} from '~/lib/shop/products.server';
import { decodeShopRow } from '~/lib/shop/shop-data';
import { PRINT_SIZES } from '~/lib/site/constants';
import { photoPrintCrops, photos } from '~db/schema';
import { memoryDb } from '~tests/helpers/db';
import { makePhoto, makePrintCrop } from '~tests/helpers/factories';
import {
  cropPositionOf,
  movedCropPositions,
  printCropsOf,
  savePrintCrops,
  storedPrintCrops,
} from './print-crops.server';

let db: Db;
beforeEach(() => {
  db = memoryDb();
});

/** A 24 MP 3:2 photo with its six variants: small prints it whole, medium and large are crops. */
function photoForSale(title = 'Lough Dan') {
  const photo = makePhoto(db, { title, width: 6000, height: 4000 });
  createVariantsForPhoto(db, photo.id);
  return photo;
}

const sizesOffered = (photoId: string) =>
  PRINT_SIZES.filter((size) => listVariantsForPhoto(db, photoId).some((v) => v.size === size));

describe('a photo’s print crops', () => {
  it('are offered and centred by default, with how each size crops the photo', () => {
    const photo = photoForSale();
    expect(printCropsOf(db, photo.id)).toEqual({
      photoId: photo.id,
      width: 6000,
      height: 4000,
      sizes: [
        { size: 'small', position: 0.5, offered: true, crop: null, fits: true },
        { size: 'medium', position: 0.5, offered: true, crop: { axis: 'x', keep: 8 / 9 }, fits: true },
        { size: 'large', position: 0.5, offered: true, crop: { axis: 'x', keep: 1.25 / 1.5 }, fits: true },
      ],
    });
    expect(storedPrintCrops(db, photo.id)).toEqual([]);
    expect(cropPositionOf(db, photo.id, 'large')).toBe(0.5);
  });

  it('keeps the choices other than the default, and a size left out goes back to the default', () => {
    const photo = photoForSale();
    const saved = savePrintCrops(db, photo.id, {
      crops: [
        { size: 'small', position: 0.5, offered: true },
        { size: 'medium', position: 0.5, offered: false },
        { size: 'large', position: 0.2, offered: true },
      ],
    });
    expect(saved.sizes.map(({ size, position, offered }) => ({ size, position, offered }))).toEqual([
      { size: 'small', position: 0.5, offered: true },
      { size: 'medium', position: 0.5, offered: false },
      { size: 'large', position: 0.2, offered: true },
    ]);
    const rows = db.select().from(photoPrintCrops).where(eq(photoPrintCrops.photoId, photo.id)).all();
    const bySize = rows.sort((a, b) => PRINT_SIZES.indexOf(a.size) - PRINT_SIZES.indexOf(b.size));
    expect(bySize.map(({ size, position, offered }) => ({ size, position, offered }))).toEqual([
      { size: 'medium', position: 500, offered: false },
      { size: 'large', position: 200, offered: true },
    ]);
    expect(cropPositionOf(db, photo.id, 'large')).toBe(0.2);
    expect(movedCropPositions(db, photo.id)).toEqual(new Map([['large', 0.2]]));

    savePrintCrops(db, photo.id, { crops: [{ size: 'large', position: 1, offered: true }] });
    expect(storedPrintCrops(db, photo.id)).toEqual([{ size: 'large', position: 1, offered: true }]);
    savePrintCrops(db, photo.id, { crops: [] });
    expect(storedPrintCrops(db, photo.id)).toEqual([]);
  });

  it('answers 404 for a photo that does not exist, and stores nothing for it', () => {
    const unknown = { status: 404, message: 'That photo was not found.' };
    expect(() => printCropsOf(db, 'no-such-photo')).toThrow(expect.objectContaining(unknown));
    expect(() =>
      savePrintCrops(db, 'no-such-photo', { crops: [{ size: 'large', position: 0, offered: true }] }),
    ).toThrow(expect.objectContaining(unknown));
    expect(db.select().from(photoPrintCrops).all()).toEqual([]);
  });

  it('go with their photo when it is deleted', () => {
    const crop = makePrintCrop(db, { photoId: photoForSale().id, size: 'large', position: 0, offered: true });
    db.delete(photos).where(eq(photos.id, crop.photoId)).run();
    expect(db.select().from(photoPrintCrops).all()).toEqual([]);
  });
});

describe('a withdrawn size', () => {
  it('is left out of every read of the shop, for that photo only', () => {
    const photo = photoForSale('Lough Dan');
    const other = photoForSale('Lough Ouler');
    makePrintCrop(db, { photoId: photo.id, size: 'medium', offered: false });
    makePrintCrop(db, { photoId: photo.id, size: 'large', offered: false });

    expect(sizesOffered(photo.id)).toEqual(['small']);
    expect(sizesOffered(other.id)).toEqual(['small', 'medium', 'large']);
    const ofPhoto = <T extends { photoId: string }>(rows: T[]) => rows.filter((r) => r.photoId === photo.id);
    expect(ofPhoto(listActiveVariants(db)).every((v) => v.size === 'small')).toBe(true);
    expect(
      listProducts(db)
        .filter((p) => p.photo.id === photo.id)
        .every((p) => p.variant.size === 'small'),
    ).toBe(true);
    const rows = listShopRows(db).map(decodeShopRow);
    expect(rows.find((r) => r.id === photo.id)).toMatchObject({ minCents: 4500, maxCents: 4500 });
    expect(rows.find((r) => r.id === other.id)).toMatchObject({ minCents: 4500, maxCents: 11000 });

    const page = findPrintPage(db, photo.slug as string);
    expect(page?.kind === 'page' && page.page.sizes.map((s) => s.size)).toEqual(['small']);
  });

  it('no longer sets the quick pricing guide’s lowest price once withdrawn everywhere', () => {
    const photo = photoForSale();
    expect(getFromPrice(db, 'large', 'matte')).toBe(11000);
    makePrintCrop(db, { photoId: photo.id, size: 'large', offered: false });
    expect(getFromPrice(db, 'large', 'matte')).toBeNull();
  });

  it('takes a photo out of the shop when every size is withdrawn, and the owner sees it', () => {
    const photo = photoForSale();
    for (const size of PRINT_SIZES) makePrintCrop(db, { photoId: photo.id, size, offered: false });
    expect(listShopRows(db)).toEqual([]);
    expect(countShopPhotos(db)).toBe(0);
    expect(findPrintPage(db, photo.slug as string)).toBeNull();
    expect(listAdminPhotos(db).photos.find((p) => p.id === photo.id)).toMatchObject({ sellable: false });
  });

  it('is refused at checkout with a sentence, while its other sizes are priced', () => {
    const photo = photoForSale('Lough Dan');
    makePrintCrop(db, { photoId: photo.id, size: 'medium', offered: false });
    const variants = db.query.productVariants
      .findMany({ where: (v, { eq }) => eq(v.photoId, photo.id) })
      .sync();
    const medium = variants.find((v) => v.size === 'medium' && v.finish === 'gloss')!;
    const small = variants.find((v) => v.size === 'small' && v.finish === 'matte')!;
    expect(() => priceOrderLines(db, [{ variantId: medium.id, framing: null, quantity: 1 }])).toThrow(
      expect.objectContaining({
        status: 400,
        message:
          '"Lough Dan" (medium, 12x16 inches) is no longer offered at that size: the photographer has withdrawn it for this photo. Please remove it from your cart and choose another size.',
      }),
    );
    expect(priceOrderLines(db, [{ variantId: small.id, framing: null, quantity: 1 }]).totalCents).toBe(4500);
  });

  it('is sold again once the owner offers it again', () => {
    const photo = photoForSale();
    savePrintCrops(db, photo.id, { crops: [{ size: 'large', position: 0.5, offered: false }] });
    expect(sizesOffered(photo.id)).toEqual(['small', 'medium']);
    savePrintCrops(db, photo.id, { crops: [{ size: 'large', position: 0.5, offered: true }] });
    expect(sizesOffered(photo.id)).toEqual(['small', 'medium', 'large']);
  });
});
