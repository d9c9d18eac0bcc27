// The owner's Photos tab: the list with its badges, the one homepage hero (also from two
// connections to one database file), hiding and showing, deleting only what was never ordered,
// editing with the replaced image's files released, and the order of the featured photos.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { priceOrderLines } from '~/lib/checkout/order-lines.server';
import { pickOgPhoto } from '~/lib/photos/og-image.server';
import {
  deletePhoto,
  editPhoto,
  listAdminPhotos,
  ORDERED_PHOTO_MESSAGE,
  SHOP_PAGE_SIZE,
  saveFeaturedOrder,
  setHomepageHero,
  setPhotoActive,
} from '~/lib/photos/photo-admin.server';
import { mediaFromFile } from '~/lib/photos/photo-media.server';
import {
  getHomepageHero,
  listActivePhotos,
  listFeaturedPhotos,
  listShopRows,
} from '~/lib/photos/photos.server';
import { HERO_SET_AT_KEY } from '~/lib/photos/public-photos.server';
import type { PhotoForm } from '~/lib/photos/schemas';
import { type Db, openDb } from '~/lib/platform/server/db';
import { derivativePath } from '~/lib/platform/server/storage/storage';
import { listProducts, listVariantsForPhoto } from '~/lib/shop/products.server';
import { decodeShopRow } from '~/lib/shop/shop-data';
import { appMeta, orderItems, photos, productVariants } from '~db/schema';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { makeOrder, makePhoto, makeVariant } from '~tests/helpers/factories';

/** The shop's rows, expanded as the browser expands them. */
const shopList = (db: Parameters<typeof listShopRows>[0]) => listShopRows(db).map(decodeShopRow);

tempDataDir('photos-admin');

let db: Db;
beforeEach(() => {
  db = memoryDb();
});

const heroIds = (d: Db) =>
  d
    .select({ id: photos.id })
    .from(photos)
    .where(eq(photos.homepageHero, true))
    .all()
    .map((r) => r.id);

const form: PhotoForm = { title: 'Lough Dan', category: 'mountains', featured: false };

const jpegFile = async (background = '#7a8c5a') =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 640, height: 480, channels: 3, background } })
          .jpeg()
          .toBuffer(),
      ),
    ],
    'lake.jpg',
    { type: 'image/jpeg' },
  );

describe('the owner’s list of photos', () => {
  it('holds active and hidden photos, newest first, with whether each was ever ordered and its shop page', () => {
    const ordered = makePhoto(db);
    const variant = makeVariant(db, { photoId: ordered.id });
    makeOrder(db, { payment: 'started', items: [{ productVariantId: variant.id }] });
    const hidden = makePhoto(db, { isActive: false });
    const fresh = makePhoto(db, { featured: true });
    makeVariant(db, { photoId: fresh.id });
    // No print to sell: not in the shop, so on no shop page.
    const unsold = makePhoto(db);
    const { photos: list, featuredIds } = listAdminPhotos(db);
    expect(list.map((p) => [p.id, p.isActive, p.everOrdered, p.sellable, p.shopPage])).toEqual([
      [unsold.id, true, false, false, null],
      [fresh.id, true, false, true, 1],
      [hidden.id, false, false, false, null],
      [ordered.id, true, true, true, 1],
    ]);
    expect(featuredIds).toEqual([fresh.id]);
  });

  it('puts an active photo on the shop page its card is on', () => {
    const sellable = () => {
      const photo = makePhoto(db);
      makeVariant(db, { photoId: photo.id });
      return photo;
    };
    const oldest = sellable();
    for (let i = 0; i < SHOP_PAGE_SIZE; i++) sellable();
    makePhoto(db); // not sold: it takes no place on a page
    const row = listAdminPhotos(db).photos.find((p) => p.id === oldest.id);
    expect(row?.shopPage).toBe(2);
  });
});

describe('the homepage hero', () => {
  it('is exactly one photo after each call, and the moment is kept in app_meta', () => {
    const a = makePhoto(db, { homepageHero: true });
    const b = makePhoto(db);
    const before = Date.now();
    expect(setHomepageHero(db, b.id).homepageHero).toBe(true);
    expect(heroIds(db)).toEqual([b.id]);
    expect(getHomepageHero(db)?.id).toBe(b.id);
    const meta = db.select().from(appMeta).where(eq(appMeta.key, HERO_SET_AT_KEY)).get();
    expect(Number(meta?.value)).toBeGreaterThanOrEqual(before);
    setHomepageHero(db, a.id);
    setHomepageHero(db, a.id);
    expect(heroIds(db)).toEqual([a.id]);
  });

  it('refuses a hidden photo (400) and an unknown one (404), keeping the current hero', () => {
    const hero = makePhoto(db, { homepageHero: true });
    const hidden = makePhoto(db, { isActive: false });
    expect(() => setHomepageHero(db, hidden.id)).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => setHomepageHero(db, 'no-such-photo')).toThrow(expect.objectContaining({ status: 404 }));
    expect(heroIds(db)).toEqual([hero.id]);
    expect(db.select().from(appMeta).where(eq(appMeta.key, HERO_SET_AT_KEY)).get()).toBeUndefined();
  });

  describe('from two connections to one database file', () => {
    let dir: string;
    let first: Db;
    let second: Db;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'wicklow-hero-'));
      first = openDb(join(dir, 'site.sqlite'));
      second = openDb(join(dir, 'site.sqlite'));
    });
    afterEach(() => {
      first.$client.close();
      second.$client.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('still leaves exactly one hero when the calls interleave', async () => {
      const shots = Array.from({ length: 6 }, () => makePhoto(first));
      // Each connection works through the photos in its own order; the calls are interleaved
      // through the event loop, and each connection reads what the other committed.
      const run = (conn: Db, order: typeof shots) =>
        Promise.all(
          order.map(
            (photo, i) =>
              new Promise<void>((resolve, reject) =>
                setTimeout(() => {
                  try {
                    setHomepageHero(conn, photo.id);
                    expect(heroIds(conn)).toEqual([photo.id]);
                    resolve();
                  } catch (err) {
                    reject(err);
                  }
                }, i % 3),
              ),
          ),
        );
      await Promise.all([run(first, shots), run(second, [...shots].reverse())]);
      expect(heroIds(first)).toHaveLength(1);
      expect(heroIds(second)).toEqual(heroIds(first));
    });

    it('keeps the partial unique index as the last guard: a second hero cannot be written', () => {
      const [a, b] = [makePhoto(first), makePhoto(first)];
      setHomepageHero(first, a.id);
      expect(() =>
        second.update(photos).set({ homepageHero: true }).where(eq(photos.id, b.id)).run(),
      ).toThrow(/UNIQUE/);
      expect(heroIds(second)).toEqual([a.id]);
    });
  });
});

describe('hiding and showing a photo', () => {
  it('takes it off the gallery, the shop, the products, the print dialog, the share image and orders, and brings it back', () => {
    const photo = makePhoto(db, { featured: true });
    const variant = makeVariant(db, { photoId: photo.id });
    const other = makePhoto(db, { featured: true });
    makeVariant(db, { photoId: other.id });
    const line = { variantId: variant.id, framing: null, quantity: 1 };
    expect(priceOrderLines(db, [line]).items).toHaveLength(1);
    expect(pickOgPhoto(db)?.id).toBe(photo.id);

    setPhotoActive(db, photo.id, false);
    expect(pickOgPhoto(db)?.id).toBe(other.id);
    expect(() => priceOrderLines(db, [line])).toThrow(expect.objectContaining({ status: 400 }));
    expect(listActivePhotos(db).map((p) => p.id)).toEqual([other.id]);
    expect(listFeaturedPhotos(db, 6).map((p) => p.id)).toEqual([other.id]);
    expect(shopList(db).map((p) => p.id)).toEqual([other.id]);
    expect(listProducts(db).map((p) => p.photo.id)).toEqual([other.id]);
    expect(listVariantsForPhoto(db, photo.id)).toEqual([]);

    expect(setPhotoActive(db, photo.id, true).isActive).toBe(true);
    expect(shopList(db).map((p) => p.id)).toEqual([other.id, photo.id]);
  });

  it('clears the hero flag of the hero it hides, and does not restore it when shown', () => {
    const hero = makePhoto(db, { homepageHero: true });
    expect(setPhotoActive(db, hero.id, false)).toMatchObject({ isActive: false, homepageHero: false });
    expect(getHomepageHero(db)).toBeUndefined();
    expect(setPhotoActive(db, hero.id, true)).toMatchObject({ isActive: true, homepageHero: false });
  });

  it('answers 404 for an unknown photo', () => {
    expect(() => setPhotoActive(db, 'no-such-photo', false)).toThrow(
      expect.objectContaining({ status: 404 }),
    );
  });
});

describe('deleting a photo', () => {
  it('removes a photo never ordered, its variants, and its files', async () => {
    const media = await mediaFromFile(db, await jpegFile());
    const photo = makePhoto(db, { mediaId: media.mediaId, imageUrl: media.imageUrl });
    makeVariant(db, { photoId: photo.id });
    const file = derivativePath(media.mediaId, 320, 'jpg');
    expect(existsSync(file)).toBe(true);
    await deletePhoto(db, photo.id);
    expect(db.select().from(photos).where(eq(photos.id, photo.id)).get()).toBeUndefined();
    expect(db.select().from(productVariants).where(eq(productVariants.photoId, photo.id)).all()).toEqual([]);
    expect(existsSync(file)).toBe(false);
  });

  it.each(['started', 'paid', 'cancelled'] as const)(
    'refuses (409) a photo with a %s order, and keeps it, its variants and its files',
    async (payment) => {
      const media = await mediaFromFile(db, await jpegFile('#334455'));
      const photo = makePhoto(db, { mediaId: media.mediaId, imageUrl: media.imageUrl });
      const variant = makeVariant(db, { photoId: photo.id });
      makeOrder(db, { payment, items: [{ productVariantId: variant.id }] });
      await expect(deletePhoto(db, photo.id)).rejects.toMatchObject({
        status: 409,
        message: ORDERED_PHOTO_MESSAGE,
      });
      expect(db.select().from(photos).where(eq(photos.id, photo.id)).get()).toBeDefined();
      const item = db.select().from(orderItems).where(eq(orderItems.productVariantId, variant.id)).get();
      expect(item).toBeDefined();
      expect(existsSync(derivativePath(media.mediaId, 320, 'jpg'))).toBe(true);
    },
  );

  it('keeps files another record still uses', async () => {
    const media = await mediaFromFile(db, await jpegFile('#556611'));
    const photo = makePhoto(db, { mediaId: media.mediaId, imageUrl: media.imageUrl });
    makePhoto(db, { mediaId: media.mediaId, imageUrl: media.imageUrl });
    await deletePhoto(db, photo.id);
    expect(existsSync(derivativePath(media.mediaId, 320, 'jpg'))).toBe(true);
  });

  it('answers 404 for an unknown photo', async () => {
    await expect(deletePhoto(db, 'no-such-photo')).rejects.toMatchObject({ status: 404 });
  });
});

describe('editing a photo', () => {
  it('keeps the current image and its files when no new image comes', async () => {
    const media = await mediaFromFile(db, await jpegFile('#112233'));
    const photo = makePhoto(db, { mediaId: media.mediaId, imageUrl: media.imageUrl });
    const edited = await editPhoto(db, photo.id, { ...form, title: 'Renamed' }, null);
    expect(edited).toMatchObject({ title: 'Renamed', mediaId: media.mediaId, imageUrl: media.imageUrl });
    expect(existsSync(derivativePath(media.mediaId, 320, 'jpg'))).toBe(true);
  });

  it('releases the replaced image’s files after the update', async () => {
    const old = await mediaFromFile(db, await jpegFile('#445566'));
    const photo = makePhoto(db, { mediaId: old.mediaId, imageUrl: old.imageUrl });
    const replacement = await mediaFromFile(db, await jpegFile('#998877'));
    const edited = await editPhoto(db, photo.id, form, replacement);
    expect(edited).toMatchObject({ mediaId: replacement.mediaId, imageUrl: replacement.imageUrl });
    expect(existsSync(derivativePath(old.mediaId, 320, 'jpg'))).toBe(false);
    expect(existsSync(derivativePath(replacement.mediaId, 320, 'jpg'))).toBe(true);
  });

  it('answers 404 for an unknown photo', async () => {
    await expect(editPhoto(db, 'no-such-photo', form, null)).rejects.toMatchObject({ status: 404 });
  });
});

describe('the order of featured photos', () => {
  it('is the owner’s order on the home page, then the unplaced ones oldest first', () => {
    const a = makePhoto(db, { featured: true });
    const b = makePhoto(db, { featured: true });
    const c = makePhoto(db, { featured: true });
    const d = makePhoto(db, { featured: true });
    expect(listFeaturedPhotos(db, 6).map((p) => p.id)).toEqual([a.id, b.id, c.id, d.id]);
    saveFeaturedOrder(db, [c.id, a.id]);
    expect(listFeaturedPhotos(db, 6).map((p) => p.id)).toEqual([c.id, a.id, b.id, d.id]);
    expect(listFeaturedPhotos(db, 2).map((p) => p.id)).toEqual([c.id, a.id]);
    expect(listAdminPhotos(db).featuredIds).toEqual([c.id, a.id, b.id, d.id]);
    saveFeaturedOrder(db, [d.id, c.id, b.id, a.id]);
    expect(listFeaturedPhotos(db, 6).map((p) => p.id)).toEqual([d.id, c.id, b.id, a.id]);
  });

  it('refuses unknown, repeated or unfeatured photos and changes nothing', () => {
    const a = makePhoto(db, { featured: true });
    const b = makePhoto(db, { featured: true });
    const plain = makePhoto(db);
    saveFeaturedOrder(db, [b.id, a.id]);
    expect(() => saveFeaturedOrder(db, [a.id, 'no-such-photo'])).toThrow(
      expect.objectContaining({ status: 404 }),
    );
    expect(() => saveFeaturedOrder(db, [a.id, a.id])).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => saveFeaturedOrder(db, [plain.id, a.id])).toThrow(expect.objectContaining({ status: 400 }));
    expect(listFeaturedPhotos(db, 6).map((p) => p.id)).toEqual([b.id, a.id]);
  });
});
