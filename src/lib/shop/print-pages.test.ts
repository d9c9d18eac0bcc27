// What a print page shows and which photos have one: only sellable photos (active, with a variant
// at a size their pixels fit), only the sizes on sale, and old or differently cased addresses as
// redirects to the current one.
import { beforeEach, describe, expect, it } from 'vitest';
import { updatePhoto } from '~/lib/photos/photos.server';
import type { Db } from '~/lib/platform/server/db';
import { findPrintPage, listPrintSlugs, type PrintPage, printPathsOf } from '~/lib/shop/print-pages.server';
import type { Finish, PrintSize } from '~/lib/site/constants';
import { memoryDb } from '~tests/helpers/db';
import { makeFraming, makeFramings, makePhoto, makeVariant } from '~tests/helpers/factories';

let db: Db;
beforeEach(() => {
  db = memoryDb();
});

/** A photo with the six variants (3 sizes × 2 finishes) every new photo gets. */
function photoForSale(overrides: Parameters<typeof makePhoto>[1] = {}) {
  const photo = makePhoto(db, overrides);
  for (const size of ['large', 'small', 'medium'] as PrintSize[])
    for (const finish of ['gloss', 'matte'] as Finish[]) makeVariant(db, { photoId: photo.id, size, finish });
  return photo;
}

function pageOf(slug: string): PrintPage {
  const found = findPrintPage(db, slug);
  if (found?.kind !== 'page') throw new Error(`no page for ${slug}: ${JSON.stringify(found)}`);
  return found.page;
}

describe('finding a print page', () => {
  it('gives the photo with its variants small to large, matte first, and the frames', () => {
    const photo = photoForSale({ title: 'Lough Tay at First Light' });
    makeFramings(db);
    const page = pageOf('lough-tay-at-first-light');
    expect(page.photo.id).toBe(photo.id);
    expect(page.variants.map((v) => `${v.size} ${v.finish}`)).toEqual([
      'small matte',
      'small gloss',
      'medium matte',
      'medium gloss',
      'large matte',
      'large gloss',
    ]);
    expect(page.variants[0]).toMatchObject({ priceCents: 4500, dimensions: '8x12 inches' });
    expect(page.sizes.map((s) => [s.size, s.ppi, s.fits])).toEqual([
      ['small', 500, true],
      ['medium', 333, true],
      ['large', 250, true],
    ]);
    expect(page.framing.map((f) => f.size)).toEqual(['small', 'medium', 'large']);
  });

  it('offers only the sizes the photo has the pixels for, and their frames', () => {
    // 2400 × 1800 px: 200 ppi small, exactly 150 ppi medium, 120 ppi large.
    photoForSale({ title: 'Bray Head', width: 2400, height: 1800 });
    makeFraming(db, { size: 'large', priceCents: 4000 });
    const page = pageOf('bray-head');
    expect(page.sizes.map((s) => s.size)).toEqual(['small', 'medium']);
    expect(new Set(page.variants.map((v) => v.size))).toEqual(new Set(['small', 'medium']));
    expect(page.framing).toEqual([]);
  });

  it('has no page for a hidden photo, a photo too small for any size, or one without variants', () => {
    photoForSale({ title: 'Hidden', isActive: false });
    photoForSale({ title: 'Too Small', width: 1680, height: 1120 });
    makePhoto(db, { title: 'No Variants' });
    for (const slug of ['hidden', 'too-small', 'no-variants']) expect(findPrintPage(db, slug)).toBeNull();
    expect(listPrintSlugs(db)).toEqual([]);
  });

  it('answers an unknown or malformed address with nothing', () => {
    photoForSale({ title: 'Djouce' });
    for (const slug of [
      'djouce-2',
      '',
      'djouce/x',
      'djouce ',
      '-djouce',
      'djouce--x',
      'dj%6fuce',
      'x'.repeat(300),
    ])
      expect(findPrintPage(db, slug), slug).toBeNull();
  });

  it('redirects an old address to the current one, and the same address in capitals to lower case', () => {
    const photo = photoForSale({ title: 'Glendalough at Dusk' });
    updatePhoto(db, photo.id, { title: 'Upper Lake', category: 'mountains', featured: false }, null);
    expect(findPrintPage(db, 'glendalough-at-dusk')).toEqual({ kind: 'moved', slug: 'upper-lake' });
    expect(findPrintPage(db, 'Glendalough-At-Dusk')).toEqual({ kind: 'moved', slug: 'upper-lake' });
    expect(findPrintPage(db, 'Upper-Lake')).toEqual({ kind: 'moved', slug: 'upper-lake' });
    expect(findPrintPage(db, 'upper-lake')?.kind).toBe('page');
  });

  it('does not redirect an old address of a photo that is no longer for sale', () => {
    const photo = photoForSale({ title: 'Sally Gap' });
    updatePhoto(db, photo.id, { title: 'Sally Gap Road', category: 'mountains', featured: false }, null);
    db.$client.prepare('update photos set is_active = 0 where id = ?').run(photo.id);
    expect(findPrintPage(db, 'sally-gap')).toBeNull();
    expect(findPrintPage(db, 'sally-gap-road')).toBeNull();
  });
});

describe('which photos have a print page', () => {
  it('lists every sellable photo, newest first, and no other', () => {
    const older = photoForSale({ title: 'Older' });
    const newer = photoForSale({ title: 'Newer' });
    const hidden = photoForSale({ title: 'Hidden', isActive: false });
    const small = photoForSale({ title: 'Small', width: 1600, height: 1000 });
    expect(listPrintSlugs(db)).toEqual([newer.slug, older.slug]);
    const paths = printPathsOf(db, [older.id, hidden.id, small.id, 'unknown']);
    expect(Object.fromEntries(paths)).toEqual({ [older.id]: '/prints/older' });
  });
});
