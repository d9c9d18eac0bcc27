// An older site kept its gallery photos' derivatives under the public media/ prefix (on S3, at
// MEDIA_PUBLIC_URL). The move at start carries them to galleries/media/, byte for byte, leaving
// nothing public and the portfolio's photos where they are; stopped midway it is run again and
// finishes; once done it is not run again. On real objects of a temporary DATA_DIR (its folder, or
// with TEST_STORAGE=s3 a bucket of its own). The AVIF queue writes a private photo's AVIFs beside
// its other private derivatives, and a deleted photo loses both prefixes.
// @both-stores: npm test runs this file a second time with its media in S3 (TEST_STORAGE=s3).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeGalleryDerivativesPrivate } from '~/lib/galleries/gallery-media.server';
import { avifReady, deleteMedia, generateAvif, processPhoto } from '~/lib/media/images.server';
import type { Db } from '~/lib/platform/server/db';
import { getStorage } from '~/lib/platform/server/storage/object-store';
import { type MediaAccess, mediaPrefix, storagePaths } from '~/lib/platform/server/storage/storage';
import { appMeta } from '~db/schema';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { makeGallery, makeGalleryFile } from '~tests/helpers/gallery-factories';
import { storedBytes, storedKeys, strayFiles } from '~tests/helpers/stored';
import { testStorage } from '~tests/helpers/test-storage';

tempDataDir('gallery-private');

let db: Db;
beforeEach(() => {
  db = memoryDb();
});

const jpeg = (colour: string) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

/** A processed photo's media id, its derivatives where `access` says. */
async function photo(colour: string, access: MediaAccess): Promise<string> {
  return (await processPhoto(await jpeg(colour), { avif: 'defer', access })).mediaId;
}

/** Every derivative under a prefix, by its name (640.jpg…), with its bytes. */
async function derivatives(prefix: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for (const key of await storedKeys(prefix)) out.set(key.slice(prefix.length), await storedBytes(key));
  return out;
}

/** The local driver's private folder is 0700, as the gallery originals' is. */
function expectPrivateFolder(): void {
  if (testStorage() !== 'local') return;
  expect(statSync(join(storagePaths().uploads, 'galleries')).mode & 0o777).toBe(0o700);
}

describe('the move of an older site’s gallery derivatives', () => {
  it('carries them to galleries/media/ byte for byte, leaves the portfolio’s, and runs once', async () => {
    const [a, b, portfolio] = [
      await photo('#336699', 'public'),
      await photo('#993366', 'public'),
      await photo('#669933', 'public'),
    ];
    const gallery = makeGallery(db);
    makeGalleryFile(db, gallery.id, { mediaId: a });
    makeGalleryFile(db, gallery.id, { mediaId: b, kind: 'video' });
    const before = { a: await derivatives(mediaPrefix(a)), b: await derivatives(mediaPrefix(b)) };
    const portfolioBefore = await derivatives(mediaPrefix(portfolio));
    expect(before.a.size).toBeGreaterThan(0);

    const report = await makeGalleryDerivativesPrivate(db);
    expect(report).toEqual({ files: 2, objects: before.a.size + before.b.size, failed: 0 });
    for (const [id, old] of [
      [a, before.a],
      [b, before.b],
    ] as const) {
      expect(await storedKeys(mediaPrefix(id))).toEqual([]);
      expect(await derivatives(mediaPrefix(id, 'private'))).toEqual(old);
    }
    expect(await derivatives(mediaPrefix(portfolio))).toEqual(portfolioBefore);
    expect(await storedKeys(mediaPrefix(portfolio, 'private'))).toEqual([]);
    expectPrivateFolder();
    if (testStorage() === 'local') {
      // The emptied public folders go too.
      expect(readdirSync(storagePaths().media)).toEqual([portfolio]);
    } else expect(strayFiles()).toEqual([]);

    // Done once: the next start only looks at app_meta.
    expect(
      db
        .select()
        .from(appMeta)
        .all()
        .map((r) => r.key),
    ).toContain('gallery-derivatives-private');
    expect(await makeGalleryDerivativesPrivate(db)).toBeNull();
  });

  it('finishes a move stopped midway, losing nothing', async () => {
    const id = await photo('#224466', 'public');
    makeGalleryFile(db, makeGallery(db).id, { mediaId: id });
    const old = await derivatives(mediaPrefix(id));
    // Stopped after copying the first derivative and before removing its public key.
    const [first] = old.keys();
    await getStorage().put(`${mediaPrefix(id, 'private')}${first}`, old.get(first as string) as Buffer);

    expect(await makeGalleryDerivativesPrivate(db)).toEqual({ files: 1, objects: old.size, failed: 0 });
    expect(await storedKeys(mediaPrefix(id))).toEqual([]);
    expect(await derivatives(mediaPrefix(id, 'private'))).toEqual(old);
  });
});

describe('a photo with private derivatives', () => {
  it('gets its AVIFs beside them, never under media/, and loses both prefixes when deleted', async () => {
    const id = await photo('#446688', 'private');
    expect(await storedKeys(mediaPrefix(id))).toEqual([]);
    expect(await avifReady(id)).toBe(false);
    await generateAvif(id);
    expect(await avifReady(id)).toBe(true);
    const keys = await storedKeys(mediaPrefix(id, 'private'));
    expect(keys.filter((k) => k.endsWith('.avif')).length).toBeGreaterThan(0);
    expect(await storedKeys(mediaPrefix(id))).toEqual([]);
    expectPrivateFolder();

    await deleteMedia(id);
    expect(await storedKeys(mediaPrefix(id, 'private'))).toEqual([]);
  });
});
