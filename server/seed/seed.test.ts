import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CONTENT_DEFAULTS } from '~/lib/content/content-defaults';
import { slugBase } from '~/lib/shop/print-slugs.server';
import {
  backgroundImages,
  droneMedia,
  framingOptions,
  photos,
  productVariants,
  websiteContent,
} from '~db/schema';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { makePhoto } from '~tests/helpers/factories';
import { type Processed, seedDemo } from './demo';
import { DEMO_DRONE_PHOTOS, type DEMO_PHOTOS } from './demo-photos';

// The image pipeline has tests of its own; here a stand-in keeps the seed test fast.

// Anything the seed writes goes to a folder of this file's own, never the project's data.
tempDataDir('seed');
const fakeProcess = async (photo: (typeof DEMO_PHOTOS)[number]): Promise<Processed> => ({
  photo,
  mediaId: `m${photo.slug.replaceAll('-', '')}`,
  width: photo.width,
  height: photo.height,
  dominantColor: '#556677',
  placeholder: 'x',
  imageUrl: `/media/m${photo.slug}/1920.jpg`,
});

const counts = (db: ReturnType<typeof memoryDb>) => ({
  photos: db.select({ n: count() }).from(photos).get()?.n,
  variants: db.select({ n: count() }).from(productVariants).get()?.n,
  framing: db.select({ n: count() }).from(framingOptions).get()?.n,
  content: db.select({ n: count() }).from(websiteContent).get()?.n,
  drone: db.select({ n: count() }).from(droneMedia).get()?.n,
  backgrounds: db.select({ n: count() }).from(backgroundImages).get()?.n,
});

describe('demo seed', () => {
  it('seeds at least 12 photos across the five categories, one hero and some featured', async () => {
    const db = memoryDb();
    const report = await seedDemo(db, { process: fakeProcess });
    expect(report.seeded).toBe(true);
    const rows = db.select().from(photos).all();
    expect(rows.length).toBeGreaterThanOrEqual(12);
    expect(new Set(rows.map((p) => p.category))).toEqual(
      new Set(['coastal', 'mountains', 'countryside', 'aerial', 'other']),
    );
    expect(rows.filter((p) => p.homepageHero)).toHaveLength(1);
    expect(rows.filter((p) => p.featured).length).toBeGreaterThan(0);
  });

  it('gives every photo 6 variants (3 sizes x 2 finishes), matte and gloss at the same price', async () => {
    const db = memoryDb();
    await seedDemo(db, { process: fakeProcess });
    for (const photo of db.select().from(photos).all()) {
      const variants = db.select().from(productVariants).where(eq(productVariants.photoId, photo.id)).all();
      expect(variants).toHaveLength(6);
      for (const size of ['small', 'medium', 'large'] as const) {
        const [matte, gloss] = ['matte', 'gloss'].map(
          (f) => variants.find((v) => v.size === size && v.finish === f)?.priceCents,
        );
        expect(matte).toBeGreaterThan(0);
        expect(gloss).toBe(matte);
      }
    }
    const framing = db.select().from(framingOptions).all();
    expect(framing.map((f) => f.priceCents)).toEqual([2500, 2500, 2500]);
  });

  it('stores every default text, the drone samples and the section backgrounds', async () => {
    const db = memoryDb();
    await seedDemo(db, { process: fakeProcess });
    const c = counts(db);
    const textCount = Object.values(CONTENT_DEFAULTS).reduce((n, block) => n + Object.keys(block).length, 0);
    expect(c.content).toBe(textCount);
    expect(c.drone).toBe(DEMO_DRONE_PHOTOS.length);
    expect(c.backgrounds).toBe(5);
  });

  it('stores each section background with its media, so pages offer its responsive ladder', async () => {
    const db = memoryDb();
    await seedDemo(db, { process: fakeProcess });
    for (const bg of db.select().from(backgroundImages).all()) {
      expect(bg.mediaId).toMatch(/^m/);
      expect(bg.width).toBeGreaterThan(0);
      expect(bg.height).toBeGreaterThan(0);
      expect(bg.dominantColor).toBe('#556677');
      expect(bg.placeholder).toBe('x');
    }
  });

  it('gives every demo photo the print page slug of its title', async () => {
    const db = memoryDb();
    await seedDemo(db, { process: fakeProcess });
    const rows = db.select({ title: photos.title, slug: photos.slug }).from(photos).all();
    for (const row of rows) expect(row.slug, row.title).toBe(slugBase(row.title));
    expect(rows.find((r) => r.title === 'Lough Tay at First Light')?.slug).toBe('lough-tay-at-first-light');
  });

  it('changes nothing when it runs twice, even when forced', async () => {
    const db = memoryDb();
    await seedDemo(db, { process: fakeProcess });
    const first = counts(db);
    const again = await seedDemo(db, { process: fakeProcess });
    expect(again.seeded).toBe(false);
    await seedDemo(db, { process: fakeProcess, force: true });
    expect(counts(db)).toEqual(first);
  });

  it('does not bring back demo photos the owner deleted', async () => {
    const db = memoryDb();
    await seedDemo(db, { process: fakeProcess });
    db.delete(photos).run();
    const again = await seedDemo(db, { process: fakeProcess });
    expect(again.seeded).toBe(false);
    expect(counts(db).photos).toBe(0);
  });

  it('does not seed over a site that already has photos', async () => {
    const db = memoryDb();
    makePhoto(db, { title: 'Real photo', category: 'other' });
    const report = await seedDemo(db, { process: fakeProcess });
    expect(report.seeded).toBe(false);
    expect(counts(db).photos).toBe(1);
  });
});
