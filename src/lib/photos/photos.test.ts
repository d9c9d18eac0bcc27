// The photo catalogue: what the gallery, the home page and the shop list (active photos only), the
// one homepage hero, and adding or editing a photo from the owner's dialog.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  createPhoto,
  getHomepageHero,
  getPhotoDetails,
  listActivePhotos,
  listFeaturedPhotos,
  listShopRows,
  updatePhoto,
} from '~/lib/photos/photos.server';
import { type PhotoForm, photoFormSchema } from '~/lib/photos/schemas';
import type { Db } from '~/lib/platform/server/db';
import { decodeShopRow } from '~/lib/shop/shop-data';
import { productVariants } from '~db/schema';
import { memoryDb } from '~tests/helpers/db';
import { makePhoto, makeVariant } from '~tests/helpers/factories';

/** The shop's rows, expanded as the browser expands them. */
const shopList = (db: Parameters<typeof listShopRows>[0]) => listShopRows(db).map(decodeShopRow);

let db: Db;
beforeEach(() => {
  db = memoryDb();
});

const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

const form: PhotoForm = {
  title: 'Sugarloaf in snow',
  description: 'The first snow of the winter.',
  category: 'mountains',
  location: 'Kilmacanogue',
  featured: true,
};
const media = {
  mediaId: 'newmedia01',
  width: 3000,
  height: 2000,
  dominantColor: '#aabbcc',
  placeholder: 'data:image/webp;base64,AAAA',
  imageUrl: '/media/newmedia01/1920.jpg',
};

describe('listing active photos', () => {
  it('lists active photos newest first and leaves inactive ones out', () => {
    const older = makePhoto(db);
    makePhoto(db, { isActive: false });
    const newer = makePhoto(db);
    expect(ids(listActivePhotos(db))).toEqual([newer.id, older.id]);
  });

  it('lists only featured photos, oldest first, up to the limit', () => {
    const first = makePhoto(db, { featured: true });
    makePhoto(db);
    const second = makePhoto(db, { featured: true });
    makePhoto(db, { featured: true, isActive: false });
    makePhoto(db, { featured: true });
    expect(ids(listFeaturedPhotos(db, 2))).toEqual([first.id, second.id]);
  });

  it('falls back to the oldest active photos when none is featured', () => {
    makePhoto(db, { isActive: false });
    const a = makePhoto(db);
    const b = makePhoto(db);
    makePhoto(db);
    expect(ids(listFeaturedPhotos(db, 2))).toEqual([a.id, b.id]);
  });
});

describe('the homepage hero', () => {
  it('is the active photo marked as hero', () => {
    makePhoto(db);
    const hero = makePhoto(db, { homepageHero: true });
    expect(getHomepageHero(db)?.id).toBe(hero.id);
  });

  it('is missing when the hero photo is hidden or none is marked', () => {
    expect(getHomepageHero(db)).toBeUndefined();
    makePhoto(db, { homepageHero: true, isActive: false });
    expect(getHomepageHero(db)).toBeUndefined();
  });

  it('can only be one photo at a time', () => {
    makePhoto(db, { homepageHero: true });
    expect(() => makePhoto(db, { homepageHero: true })).toThrow(/UNIQUE/);
  });
});

describe('adding and editing a photo', () => {
  it('stores the form and the media and gives the photo six variants at the current prices', () => {
    const other = makePhoto(db);
    makeVariant(db, { photoId: other.id, size: 'medium', finish: 'gloss', priceCents: 8200 });
    const photo = createPhoto(db, form, media);
    expect(photo).toMatchObject({ ...form, ...media, isActive: true, homepageHero: false });
    const variants = db.select().from(productVariants).where(eq(productVariants.photoId, photo.id)).all();
    expect(variants.map((v) => `${v.size}/${v.finish}/${v.priceCents}`).sort()).toEqual([
      'large/gloss/11000',
      'large/matte/11000',
      'medium/gloss/8200',
      'medium/matte/7500',
      'small/gloss/4500',
      'small/matte/4500',
    ]);
  });

  it('keeps the current image when an edit brings no new media', () => {
    const photo = makePhoto(db, { featured: true });
    const edited = updatePhoto(db, photo.id, { ...form, title: 'Renamed', featured: false }, null);
    expect(edited).toMatchObject({ title: 'Renamed', featured: false, mediaId: photo.mediaId });
    expect(edited.imageUrl).toBe(photo.imageUrl);
  });

  it('replaces the image when an edit brings new media, and clears emptied fields', () => {
    const photo = makePhoto(db);
    const edited = updatePhoto(db, photo.id, { title: 'Bare', category: 'other', featured: false }, media);
    expect(edited).toMatchObject({ ...media, title: 'Bare', description: null, location: null });
  });

  it('answers 404 for an unknown photo', () => {
    expect(() => updatePhoto(db, 'no-such-photo', form, null)).toThrow(
      expect.objectContaining({ status: 404, message: 'That photo was not found.' }),
    );
  });
});

describe('the shop list', () => {
  it('searches a photo’s keywords too, kept as the owner typed them, each once', () => {
    const withWords = photoFormSchema.parse({
      title: 'Lough Dan',
      keywords: ' lake,  mist , Lake,, Wicklow   Mountains ',
    });
    expect(withWords.keywords).toBe('lake, mist, Wicklow Mountains');
    const photo = createPhoto(db, withWords, media);
    expect(photo.keywords).toBe('lake, mist, Wicklow Mountains');
    const row = shopList(db).find((p) => p.id === photo.id);
    expect(row?.text).toContain('wicklow mountains');
    // A photo without keywords still finds by its title, and an emptied field clears them.
    expect(photoFormSchema.parse({ title: 'Lough Dan', keywords: ' , ' }).keywords).toBeUndefined();
    updatePhoto(db, photo.id, { ...withWords, keywords: undefined }, null);
    expect(shopList(db).find((p) => p.id === photo.id)?.text).not.toContain('mist');
  });

  it('gives each active photo that has a print to sell, newest first, the price range of its variants in cents', () => {
    const tay = makePhoto(db);
    makeVariant(db, { photoId: tay.id, size: 'small', priceCents: 4500 });
    makeVariant(db, { photoId: tay.id, size: 'large', priceCents: 11000 });
    const hidden = makePhoto(db, { isActive: false });
    makeVariant(db, { photoId: hidden.id, priceCents: 100 });
    makePhoto(db); // no print to sell: not in the shop
    const list = shopList(db);
    expect(list.map((p) => [p.id, p.minCents, p.maxCents])).toEqual([[tay.id, 4500, 11000]]);
    expect(list[0]).toMatchObject({ title: tay.title, mediaId: tay.mediaId, width: 6000, height: 4000 });
    expect(list[0]).not.toHaveProperty('placeholder');
  });

  it('reads the placeholders, colours, descriptions and image URLs of the photos asked for', () => {
    const a = makePhoto(db, { description: 'A', dominantColor: '#111111' });
    makePhoto(db);
    const details = getPhotoDetails(db, [a.id, 'unknown']);
    expect([...details.keys()]).toEqual([a.id]);
    expect(details.get(a.id)).toEqual({
      id: a.id,
      description: 'A',
      dominantColor: '#111111',
      placeholder: a.placeholder,
      imageUrl: a.imageUrl,
    });
    expect(getPhotoDetails(db, []).size).toBe(0);
  });
});
