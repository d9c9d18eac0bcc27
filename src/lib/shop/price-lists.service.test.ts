// Price lists over the database: a photo is priced by its own list, else its collection's, else the
// default; a limited edition by its list's edition rule; every change that reaches a photo reprices
// its variants in the same transaction (and the price history's triggers record each real change);
// deleting a list sends its collections to the default and its photos to their collection's; a
// refused change saves nothing.
import { eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createPhoto, updatePhoto } from '~/lib/photos/photos.server';
import type { Db } from '~/lib/platform/server/db';
import { saveCatalogue } from '~/lib/shop/catalogue-admin.server';
import { catalogueSchema } from '~/lib/shop/catalogue-schemas';
import { currentPrices } from '~/lib/shop/default-price-list.server';
import { setEditionSize } from '~/lib/shop/editions.server';
import { listOwnPrices } from '~/lib/shop/price-list-repricing.server';
import type { PriceListInput } from '~/lib/shop/price-list-schemas';
import { priceListSchema } from '~/lib/shop/price-list-schemas';
import { gridPrice } from '~/lib/shop/price-lists';
import {
  createPriceList,
  deletePriceList,
  listPriceLists,
  photoPrices,
  setCollectionPriceLists,
  setPhotoPriceList,
  updateDefaultPriceList,
  updatePriceList,
} from '~/lib/shop/price-lists.server';
import { generateMissingVariants, updatePrintPrices } from '~/lib/shop/pricing.server';
import { createVariantsForPhoto } from '~/lib/shop/products.server';
import { ORIGINAL_PRODUCTS } from '~/lib/site/catalogue';
import type { PhotoCategory } from '~/lib/site/constants';
import { appMeta, photos, priceHistory, priceLists, productVariants } from '~db/schema';
import { memoryDb } from '~tests/helpers/db';
import { makePhoto } from '~tests/helpers/factories';

let db: Db;
beforeEach(() => {
  db = memoryDb();
});

/** A photo of a collection with its six variants. */
function photoIn(category: PhotoCategory, overrides: Parameters<typeof makePhoto>[1] = {}) {
  const photo = makePhoto(db, { category, ...overrides });
  createVariantsForPhoto(db, photo.id);
  return photo.id;
}

/** What a photo's print of a size and finish costs now, in cents. */
function price(photoId: string, size = 'large', finish = 'matte'): number | undefined {
  return db
    .select()
    .from(productVariants)
    .where(eq(productVariants.photoId, photoId))
    .all()
    .find((v) => v.size === size && v.finish === finish)?.priceCents;
}

const grid = (small: number, medium: number, large: number) => ({
  small: { matte: small, gloss: small },
  medium: { matte: medium, gloss: medium },
  large: { matte: large, gloss: large },
});

/** A list as the owner's form sends it (prices in euros), through the endpoint's schema. */
const input = (
  name: string,
  prices: object = grid(60, 95, 150),
  editionPercent: number | null = null,
): PriceListInput => priceListSchema.parse({ name, prices, editionPercent });

const history = (photoId: string, size = 'large', finish = 'matte') => {
  const variant = db
    .select()
    .from(productVariants)
    .where(eq(productVariants.photoId, photoId))
    .all()
    .find((v) => v.size === size && v.finish === finish);
  return db
    .select()
    .from(priceHistory)
    .where(eq(priceHistory.variantId, variant?.id ?? ''))
    .orderBy(priceHistory.id)
    .all()
    .map((h) => h.priceCents);
};

describe('the list that prices a photo', () => {
  it('is its own, else its collection’s, else the default', () => {
    const mountain = photoIn('mountains');
    const coastal = photoIn('coastal');
    const chosen = photoIn('coastal');
    const large = createPriceList(db, input('Large formats', grid(60, 95, 150)));
    const premium = createPriceList(db, input('Premium', grid(80, 120, 200)));
    setCollectionPriceLists(db, { mountains: large.id });
    setPhotoPriceList(db, chosen, premium.id);

    expect([price(mountain), price(coastal), price(chosen)]).toEqual([15000, 11000, 20000]);
    expect(photoPrices(db, mountain)).toMatchObject({
      listId: large.id,
      listName: 'Large formats',
      source: 'collection',
      collectionListId: large.id,
      ownListId: null,
    });
    expect(photoPrices(db, coastal)).toMatchObject({ listId: 'default', source: 'default' });
    expect(photoPrices(db, chosen)).toMatchObject({ listId: premium.id, source: 'photo' });

    // A photo may choose the default list over its collection's.
    setPhotoPriceList(db, mountain, 'default');
    expect(price(mountain)).toBe(11000);
    expect(photoPrices(db, mountain)).toMatchObject({
      listId: 'default',
      source: 'photo',
      ownListId: 'default',
    });
    // And take its collection's again.
    setPhotoPriceList(db, mountain, null);
    expect(price(mountain)).toBe(15000);
  });

  it('gives a new photo and its new variants its collection’s prices from the start', () => {
    const large = createPriceList(db, input('Large formats'));
    setCollectionPriceLists(db, { mountains: large.id });
    const photo = createPhoto(
      db,
      { title: 'Lough Dan', category: 'mountains', featured: false },
      {
        mediaId: 'media000123',
        width: 6000,
        height: 4000,
        dominantColor: null,
        placeholder: null,
        imageUrl: '/media/media000123/1920.jpg',
      },
    );
    expect(price(photo.id)).toBe(15000);
    // Priced once: the history holds no default price before the list's.
    expect(history(photo.id)).toEqual([15000]);

    const bare = makePhoto(db, { category: 'mountains' });
    expect(generateMissingVariants(db)).toBe(6);
    expect(price(bare.id, 'small', 'gloss')).toBe(6000);
    expect(history(bare.id, 'small', 'gloss')).toEqual([6000]);
  });

  it('lists each list with its collections and how many photos it prices', () => {
    photoIn('mountains');
    photoIn('mountains');
    const own = photoIn('coastal');
    const large = createPriceList(db, input('Large formats', grid(60, 95, 150), 300));
    setCollectionPriceLists(db, { mountains: large.id, aerial: large.id });
    setPhotoPriceList(db, own, large.id);
    const view = listPriceLists(db);
    expect(view.default).toMatchObject({
      id: 'default',
      name: 'Default',
      collections: ['coastal', 'countryside', 'other'],
      photoCount: 0,
      editionPercent: null,
    });
    expect(view.lists).toEqual([
      expect.objectContaining({
        id: large.id,
        name: 'Large formats',
        collections: ['mountains', 'aerial'],
        ownPhotoCount: 1,
        photoCount: 3,
        editionPercent: 300,
        editionPrices: grid(18000, 28500, 45000),
      }),
    ]);
    expect(view.collections).toEqual({
      coastal: null,
      mountains: large.id,
      countryside: null,
      aerial: large.id,
      other: null,
    });
  });
});

describe('edition prices', () => {
  it('are a percentage of the open print, rounded to whole euros, for a photo with an edition', () => {
    const edition = photoIn('mountains', { editionSize: 5 });
    const open = photoIn('mountains');
    const list = createPriceList(db, input('Large formats', grid(45.5, 75, 110), 150));
    setCollectionPriceLists(db, { mountains: list.id });
    // 45.50 × 150% = 68.25 → 68; 110 × 150% = 165.
    expect(price(edition, 'small', 'matte')).toBe(6800);
    expect(price(edition, 'large', 'gloss')).toBe(16500);
    expect(price(open, 'small', 'matte')).toBe(4550);
  });

  it('are the open print’s when the list says so, and the default list has its own rule', () => {
    const edition = photoIn('coastal', { editionSize: 5 });
    expect(price(edition)).toBe(11000);
    updateDefaultPriceList(db, { prices: currentPrices(db), editionPercent: 300 });
    expect(price(edition)).toBe(33000);
    expect(listPriceLists(db).default.editionPercent).toBe(300);
    updateDefaultPriceList(db, { prices: currentPrices(db), editionPercent: null });
    expect(price(edition)).toBe(11000);
  });

  it('follow the photo when it becomes an edition, and when it is open again', () => {
    const photo = photoIn('mountains');
    const list = createPriceList(db, input('Large formats', grid(60, 95, 150), 300));
    setCollectionPriceLists(db, { mountains: list.id });
    expect(price(photo)).toBe(15000);
    setEditionSize(db, photo, 5);
    expect(price(photo)).toBe(45000);
    setEditionSize(db, photo, null);
    expect(price(photo)).toBe(15000);
    expect(history(photo)).toEqual([11000, 15000, 45000, 15000]);
  });
});

describe('repricing', () => {
  it('follows a change of the list’s prices and edition rule', () => {
    const photo = photoIn('mountains');
    const edition = photoIn('mountains', { editionSize: 3 });
    const coastal = photoIn('coastal');
    const list = createPriceList(db, input('Large formats'));
    setCollectionPriceLists(db, { mountains: list.id });
    updatePriceList(db, list.id, input('Big prints', grid(60, 95, 175), 200));
    expect([price(photo), price(edition), price(coastal)]).toEqual([17500, 35000, 11000]);
    expect(listPriceLists(db).lists.map((l) => l.name)).toEqual(['Big prints']);
  });

  it('follows a photo’s move to another collection', () => {
    const photo = photoIn('coastal');
    const list = createPriceList(db, input('Large formats'));
    setCollectionPriceLists(db, { mountains: list.id });
    const form = { title: 'Moved', category: 'mountains' as const, featured: false };
    updatePhoto(db, photo, form, null);
    expect(price(photo)).toBe(15000);
    updatePhoto(db, photo, { ...form, category: 'coastal' }, null);
    expect(price(photo)).toBe(11000);
  });

  it('follows a collection given back to the default', () => {
    const photo = photoIn('mountains');
    const list = createPriceList(db, input('Large formats'));
    setCollectionPriceLists(db, { mountains: list.id });
    setCollectionPriceLists(db, { mountains: null });
    expect(price(photo)).toBe(11000);
    expect(history(photo)).toEqual([11000, 15000, 11000]);
  });

  it('follows the default list’s prices, for the photos it prices only', () => {
    const coastal = photoIn('coastal');
    const mountain = photoIn('mountains');
    const list = createPriceList(db, input('Large formats'));
    setCollectionPriceLists(db, { mountains: list.id });
    updatePrintPrices(db, [{ size: 'large', finish: 'matte', priceCents: 12500 }]);
    expect([price(coastal), price(mountain)]).toEqual([12500, 15000]);
    // The default's other prices are as they were, though most photos now have the list's.
    expect(gridPrice(currentPrices(db), 'large', 'gloss')).toBe(11000);
  });

  it('writes the history only for a price that changes', () => {
    const photo = photoIn('mountains');
    const list = createPriceList(db, input('Large formats'));
    setCollectionPriceLists(db, { mountains: list.id });
    setCollectionPriceLists(db, { mountains: list.id });
    updatePriceList(db, list.id, input('Large formats', grid(65, 95, 150)));
    expect(history(photo)).toEqual([11000, 15000]);
    expect(history(photo, 'small', 'matte')).toEqual([4500, 6000, 6500]);
  });
});

describe('deleting a list', () => {
  it('sends its collections to the default and the photos that chose it to their collection’s', () => {
    const mountain = photoIn('mountains');
    const chose = photoIn('coastal');
    const choseToo = photoIn('aerial');
    const large = createPriceList(db, input('Large formats'));
    const aerialList = createPriceList(db, input('Aerial', grid(50, 80, 130)));
    setCollectionPriceLists(db, { mountains: large.id, aerial: aerialList.id });
    setPhotoPriceList(db, chose, large.id);
    setPhotoPriceList(db, choseToo, large.id);
    expect([price(mountain), price(chose), price(choseToo)]).toEqual([15000, 15000, 15000]);

    expect(deletePriceList(db, large.id)).toEqual({ collections: ['mountains'], photos: 2 });
    expect([price(mountain), price(chose), price(choseToo)]).toEqual([11000, 11000, 13000]);
    expect(listPriceLists(db).collections.mountains).toBeNull();
    expect(photoPrices(db, chose)).toMatchObject({ ownListId: null, source: 'default' });
    expect(
      db
        .select()
        .from(priceLists)
        .all()
        .map((l) => l.name),
    ).toEqual(['Aerial']);
    expect(history(mountain)).toEqual([11000, 15000, 11000]);
  });

  it('of an unknown list is a 404', () => {
    expect(() => deletePriceList(db, 'no-such-list')).toThrow(expect.objectContaining({ status: 404 }));
  });
});

describe('refused changes', () => {
  it('a name in use (in any case) is a 409 and saves nothing', () => {
    const list = createPriceList(db, input('Large formats'));
    expect(() => createPriceList(db, input('large FORMATS'))).toThrow(
      expect.objectContaining({ status: 409 }),
    );
    const other = createPriceList(db, input('Premium'));
    expect(() => updatePriceList(db, other.id, input('Large Formats', grid(1, 2, 3)))).toThrow(
      expect.objectContaining({ status: 409 }),
    );
    expect(
      db
        .select()
        .from(priceLists)
        .all()
        .map((l) => [l.name, gridPrice(listOwnPrices(db, [l.id]).get(l.id) ?? {}, 'large', 'matte')]),
    ).toEqual([
      ['Large formats', 15000],
      ['Premium', 15000],
    ]);
    expect(list.id).not.toBe(other.id);
  });

  it('an unknown list or photo is a 404 and changes nothing', () => {
    const photo = photoIn('mountains');
    const list = createPriceList(db, input('Large formats'));
    expect(() => setCollectionPriceLists(db, { coastal: list.id, mountains: 'nope' })).toThrow(
      expect.objectContaining({ status: 404 }),
    );
    expect(listPriceLists(db).collections.coastal).toBeNull();
    expect(() => setPhotoPriceList(db, photo, 'nope')).toThrow(expect.objectContaining({ status: 404 }));
    expect(() => setPhotoPriceList(db, 'no-photo', list.id)).toThrow(
      expect.objectContaining({ status: 404 }),
    );
    expect(() => updatePriceList(db, 'nope', input('X'))).toThrow(expect.objectContaining({ status: 404 }));
    expect(price(photo)).toBe(11000);
  });

  it('the schema names a bad price or material, no prices, a bad edition rule, and the default’s name', () => {
    const refusal = (body: unknown) => {
      const parsed = priceListSchema.safeParse(body);
      expect(parsed.success).toBe(false);
      return { message: parsed.error?.issues[0]?.message, path: parsed.error?.issues[0]?.path };
    };
    const prices = grid(45, 75, 110);
    expect(
      refusal({ name: 'X', prices: { ...prices, medium: { matte: 75, gloss: '' } }, editionPercent: null }),
    ).toEqual({
      message:
        'The price of medium gloss prints must be a number of euros from 0 to 100000 with at most 2 decimals (got "").',
      path: ['prices', 'medium', 'gloss'],
    });
    expect(
      refusal({ name: 'X', prices: { ...prices, '16x24': { canvas: 'lots' } }, editionPercent: null })
        .message,
    ).toMatch(/^The price of 16x24 canvas prints must be/);
    expect(refusal({ name: 'X', prices: { small: { satin: 45 } }, editionPercent: null })).toEqual({
      message: 'Unknown material "satin".',
      path: ['prices', 'small', 'satin'],
    });
    expect(refusal({ name: 'X', prices: {}, editionPercent: null }).message).toBe('No prices were given.');
    expect(
      refusal({ name: 'X', prices: { ...prices, small: { matte: -1, gloss: 1 } }, editionPercent: null })
        .path,
    ).toEqual(['prices', 'small', 'matte']);
    expect(refusal({ name: 'X', prices, editionPercent: 50 }).message).toMatch(/from 100 to 1000/);
    expect(refusal({ name: 'X', prices, editionPercent: 150.5 }).message).toMatch(/whole percentage/);
    expect(refusal({ name: ' ', prices, editionPercent: null }).message).toBe('Give the price list a name.');
    expect(refusal({ name: 'default', prices, editionPercent: null }).message).toMatch(/default price list/);
    expect(refusal({ name: 'X', prices: grid(45, 75, 20000), editionPercent: 600 }).message).toBe(
      'At 600%, copies of the edition in large matte would cost over 100000 euro.',
    );
  });
});

describe('the default list', () => {
  it('is written down before the first named list, so lists never shift it', () => {
    // No price has been set: the default reads the prices most photos have.
    for (let i = 0; i < 3; i++) photoIn('mountains');
    const coastal = photoIn('coastal');
    expect(db.select().from(appMeta).all()).toEqual([]);
    const list = createPriceList(db, input('Large formats'));
    setCollectionPriceLists(db, { mountains: list.id });
    expect(gridPrice(currentPrices(db), 'large', 'matte')).toBe(11000);
    updatePriceList(db, list.id, input('Large formats', grid(61, 96, 151)));
    expect(price(coastal)).toBe(11000);
    expect(
      db
        .select()
        .from(appMeta)
        .where(inArray(appMeta.key, ['print-price:large:matte']))
        .get()?.value,
    ).toBe('11000');
  });

  it('keeps its six prices and rule through PUT /api/admin/pricing’s service too', () => {
    const edition = photoIn('coastal', { editionSize: 2 });
    updateDefaultPriceList(db, { prices: grid(4500, 7500, 11000), editionPercent: 200 });
    updatePrintPrices(db, [{ size: 'large', finish: 'matte', priceCents: 12000 }]);
    expect(price(edition)).toBe(24000);
    expect(db.select().from(photos).where(eq(photos.id, edition)).get()?.editionSize).toBe(2);
  });
});

describe('a product the shop starts selling', () => {
  it('costs the default list’s price under a named list priced only for the original products', () => {
    const mountain = photoIn('mountains');
    const coastal = photoIn('coastal');
    const list = createPriceList(db, input('Large formats', grid(60, 95, 150), 200));
    setCollectionPriceLists(db, { mountains: list.id });
    const originals = ORIGINAL_PRODUCTS.map((p) => ({ size: p.size, finish: p.finish }));
    saveCatalogue(
      db,
      catalogueSchema.parse({ products: [...originals, { size: '16x24', finish: 'fine-art', price: 180 }] }),
    );
    // The list's own prices stand; the new product is the default's, edition copies by the list's rule.
    expect(price(mountain)).toBe(15000);
    expect(price(mountain, '16x24', 'fine-art')).toBe(18000);
    expect(price(coastal, '16x24', 'fine-art')).toBe(18000);
    const view = listPriceLists(db).lists.find((l) => l.id === list.id);
    expect(view && gridPrice(view.prices, '16x24', 'fine-art')).toBe(18000);
    expect(view && gridPrice(view.editionPrices, '16x24', 'fine-art')).toBe(36000);
    // It follows the default's price until the list prices it itself.
    updatePrintPrices(db, [{ size: '16x24', finish: 'fine-art', priceCents: 19500 }]);
    expect(price(mountain, '16x24', 'fine-art')).toBe(19500);
    updatePriceList(
      db,
      list.id,
      input('Large formats', { ...grid(60, 95, 150), '16x24': { 'fine-art': 250 } }),
    );
    expect(price(mountain, '16x24', 'fine-art')).toBe(25000);
    expect(price(coastal, '16x24', 'fine-art')).toBe(19500);
  });
});
