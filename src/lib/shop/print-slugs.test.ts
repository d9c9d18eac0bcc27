// The address of each print page: the title folded to ASCII words, unique across the shop, kept
// when a title is saved unchanged, and an old address that redirects after a rename.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createPhoto, updatePhoto } from '~/lib/photos/photos.server';
import type { PhotoForm } from '~/lib/photos/schemas';
import type { Db } from '~/lib/platform/server/db';
import {
  fillMissingSlugs,
  freeSlug,
  MAX_SLUG_LENGTH,
  SLUG_PATTERN,
  slugBase,
} from '~/lib/shop/print-slugs.server';
import { photoSlugRedirects, photos } from '~db/schema';
import { memoryDb } from '~tests/helpers/db';
import { makePhoto } from '~tests/helpers/factories';

let db: Db;
beforeEach(() => {
  db = memoryDb();
});

const form = (title: string): PhotoForm => ({ title, category: 'mountains', featured: false });
const media = {
  mediaId: 'slugmedia01',
  width: 6000,
  height: 4000,
  dominantColor: '#aabbcc',
  placeholder: null,
  imageUrl: '/media/slugmedia01/1920.jpg',
};
const redirectsOf = (photoId: string) =>
  db
    .select({ slug: photoSlugRedirects.slug })
    .from(photoSlugRedirects)
    .where(eq(photoSlugRedirects.photoId, photoId))
    .all()
    .map((r) => r.slug)
    .sort();

describe('folding a title into a slug', () => {
  it.each([
    ['Glendalough at Dúsk', 'glendalough-at-dusk'],
    ['Lough Tay at First Light', 'lough-tay-at-first-light'],
    ['Great Sugar Loaf, Golden Hour', 'great-sugar-loaf-golden-hour'],
    ['Dún Laoghaire Pier — Dawn', 'dun-laoghaire-pier-dawn'],
    ['  Brittas   Bay  ', 'brittas-bay'],
    ['Søren’s Ærø & Straße', 'sorens-aero-and-strasse'],
    ['McGuinness Hill', 'mcguinness-hill'],
    ['Wicklow Head, 2026', 'wicklow-head-2026'],
  ])('%s → %s', (title, slug) => {
    expect(slugBase(title)).toBe(slug);
  });

  it('names a title of symbols only "print"', () => {
    expect(slugBase('★ ★ ★')).toBe('print');
  });

  it('cuts a long title at a word, within the limit', () => {
    const slug = slugBase(
      'The long walk over the Wicklow Mountains from Lough Tay to Glendalough by the Wicklow Way at dawn',
    );
    expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    expect(slug).toMatch(SLUG_PATTERN);
    expect(slug.startsWith('the-long-walk-over-the-wicklow-mountains')).toBe(true);
  });
});

describe('unique slugs', () => {
  it('gives a second photo of the same title -2, a third -3', () => {
    const a = createPhoto(db, form('Sunset over Bray'), media);
    const b = createPhoto(db, form('Sunset over Bray'), media);
    const c = createPhoto(db, form('Sunset  over  Bray!'), media);
    expect([a.slug, b.slug, c.slug]).toEqual([
      'sunset-over-bray',
      'sunset-over-bray-2',
      'sunset-over-bray-3',
    ]);
  });

  it('counts a longer title that starts with the same words as a different slug', () => {
    createPhoto(db, form('Bray'), media);
    expect(freeSlug(db, 'Bray Head')).toBe('bray-head');
    expect(freeSlug(db, 'Bray')).toBe('bray-2');
  });

  it('never hands out an old address of another photo', () => {
    const a = createPhoto(db, form('Misty Morning'), media);
    updatePhoto(db, a.id, form('Clear Morning'), null);
    const b = createPhoto(db, form('Misty Morning'), media);
    expect(b.slug).toBe('misty-morning-2');
  });
});

describe('renaming a photo', () => {
  it('moves the page to the new title and keeps the old address as a redirect', () => {
    const photo = createPhoto(db, form('Glendalough at Dusk'), media);
    const renamed = updatePhoto(db, photo.id, form('Glendalough, Upper Lake'), null);
    expect(renamed.slug).toBe('glendalough-upper-lake');
    expect(redirectsOf(photo.id)).toEqual(['glendalough-at-dusk']);
    const again = updatePhoto(db, photo.id, form('Upper Lake in Winter'), null);
    expect(again.slug).toBe('upper-lake-in-winter');
    expect(redirectsOf(photo.id)).toEqual(['glendalough-at-dusk', 'glendalough-upper-lake']);
  });

  it('keeps the address when the title is saved unchanged or folds to the same words', () => {
    createPhoto(db, form('Powerscourt'), media);
    const second = createPhoto(db, form('Powerscourt'), media);
    expect(updatePhoto(db, second.id, form('Powerscourt'), null).slug).toBe('powerscourt-2');
    expect(updatePhoto(db, second.id, form('POWERSCOURT!'), null).slug).toBe('powerscourt-2');
    expect(redirectsOf(second.id)).toEqual([]);
  });

  it('gives a photo renamed back its first address, which then no longer redirects', () => {
    const photo = createPhoto(db, form('Avoca Valley'), media);
    updatePhoto(db, photo.id, form('Avoca in Mist'), null);
    const back = updatePhoto(db, photo.id, form('Avoca Valley'), null);
    expect(back.slug).toBe('avoca-valley');
    expect(redirectsOf(photo.id)).toEqual(['avoca-in-mist']);
  });

  it('drops the old addresses with the photo, so they can be used again', () => {
    const photo = makePhoto(db, { title: 'Kippure' });
    updatePhoto(db, photo.id, form('Kippure in Snow'), null);
    db.delete(photos).where(eq(photos.id, photo.id)).run();
    expect(db.select().from(photoSlugRedirects).all()).toEqual([]);
    expect(freeSlug(db, 'Kippure')).toBe('kippure');
  });
});

describe('photos from before print pages', () => {
  it('names every photo without a slug, oldest first, and is a no-op the second time', () => {
    const older = makePhoto(db, { title: 'Bray Head', slug: null });
    const newer = makePhoto(db, { title: 'Bray Head', slug: null });
    const named = makePhoto(db, { title: 'Djouce' });
    expect(fillMissingSlugs(db)).toBe(2);
    const slugOf = (id: string) => db.select().from(photos).where(eq(photos.id, id)).get()?.slug;
    expect([slugOf(older.id), slugOf(newer.id), slugOf(named.id)]).toEqual([
      'bray-head',
      'bray-head-2',
      'djouce',
    ]);
    expect(fillMissingSlugs(db)).toBe(0);
  });
});
