// The share image: a 1200×630 JPEG cut from a stored derivative of the homepage hero (else the first
// featured photo, else the first photo), never from an original; a plain dark image when there is no
// photo or its files are missing; made once per photo version and kept in memory.
// @both-stores: npm test runs this file a second time with its media in S3 (TEST_STORAGE=s3).
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { processPhoto } from '~/lib/media/images.server';
import { getOgImage, OG_HEIGHT, OG_WIDTH, pickOgPhoto } from '~/lib/photos/og-image.server';
import type { Db } from '~/lib/platform/server/db';
import { derivativeKey } from '~/lib/platform/server/storage/storage';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { makePhoto } from '~tests/helpers/factories';
import { expectStored, strayFiles } from '~tests/helpers/stored';

tempDataDir('og-image');

let db: Db;
beforeEach(() => {
  db = memoryDb();
});

/** A photo whose derivatives are in the store, all of one colour. */
async function processedPhoto(colour: string, overrides: Parameters<typeof makePhoto>[1] = {}) {
  const jpeg = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  const media = await processPhoto(jpeg, { avif: 'defer' });
  return makePhoto(db, { mediaId: media.mediaId, width: media.width, height: media.height, ...overrides });
}

async function shape(body: Buffer) {
  const meta = await sharp(body).metadata();
  const { channels } = await sharp(body).stats();
  return {
    format: meta.format,
    width: meta.width,
    height: meta.height,
    rgb: channels.slice(0, 3).map((c) => Math.round(c.mean)),
  };
}

describe('the photo to share', () => {
  it('is the homepage hero over any featured photo', () => {
    makePhoto(db, { featured: true });
    const hero = makePhoto(db, { homepageHero: true });
    expect(pickOgPhoto(db)?.id).toBe(hero.id);
  });

  it('is the first featured photo without a hero, else the first photo, else none', () => {
    expect(pickOgPhoto(db)).toBeUndefined();
    const first = makePhoto(db);
    makePhoto(db, { homepageHero: true, isActive: false });
    expect(pickOgPhoto(db)?.id).toBe(first.id);
    const featured = makePhoto(db, { featured: true });
    expect(pickOgPhoto(db)?.id).toBe(featured.id);
  });
});

describe('the share image', () => {
  it('is a plain dark 1200×630 JPEG when there is no photo, or its files are missing', async () => {
    const plain = await shape((await getOgImage(db)).body);
    expect(plain).toMatchObject({ format: 'jpeg', width: OG_WIDTH, height: OG_HEIGHT });
    // #161c20, give or take what JPEG does to a flat colour.
    const offBy = plain.rgb.map((c, i) => Math.abs(c - [0x16, 0x1c, 0x20][i]!));
    expect(Math.max(...offBy)).toBeLessThanOrEqual(2);
    makePhoto(db, { homepageHero: true });
    expect((await getOgImage(db)).key).toBe('plain');
  });

  it('is cut from the hero photo’s derivative, and made once for the same photo', async () => {
    const hero = await processedPhoto('#d02020', { homepageHero: true });
    const first = await getOgImage(db);
    expect(first.key).toContain(hero.id);
    const cut = await shape(first.body);
    expect(cut).toMatchObject({ format: 'jpeg', width: OG_WIDTH, height: OG_HEIGHT });
    expect(cut.rgb[0]).toBeGreaterThan(180);
    expect(cut.rgb[1]).toBeLessThan(60);
    expect((await getOgImage(db)).body).toBe(first.body);
    // Read from the store: on S3 the bucket, through a copy in tmp/ that is gone again.
    await expectStored(derivativeKey(hero.mediaId ?? '', 1280, 'jpg'));
    expect(strayFiles()).toEqual([]);
  });
});
