// `npm run storage:check` as the owner runs it, on a data directory of its own and its store (its
// UPLOADS_DIR, or with TEST_STORAGE=s3 a bucket of its own): exit code 0 when all is in order, 1
// with the orphans and the records whose objects are missing listed by key, and --fix removes the
// orphans.
// @both-stores: npm test runs this file a second time with its media in S3 (TEST_STORAGE=s3).
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { getStorage } from '~/lib/platform/server/storage/object-store';
import { withSiteDb } from '~tests/helpers/db';
import { makeDroneMedia } from '~tests/helpers/factories';
import { inSiteStore, storageEnvFor, testStorage } from '~tests/helpers/test-storage';

const dataDir = mkdtempSync(join(tmpdir(), 'wicklow-storage-check-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function check(...args: string[]): Promise<{ code: number; out: string }> {
  return checkOf(dataDir, {}, ...args);
}

async function checkOf(
  site: string,
  extra: Record<string, string>,
  ...args: string[]
): Promise<{ code: number; out: string }> {
  const env = {
    PATH: process.env.PATH ?? '',
    DATA_DIR: site,
    UPLOADS_DIR: join(site, 'uploads'),
    ...(await storageEnvFor(site)),
    ...extra,
  };
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/storage-check.ts', ...args],
      { env },
    );
    return { code: 0, out: stdout };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: `${e.stdout}${e.stderr}` };
  }
}

const twoDaysAgo = () => new Date(Date.now() - 48 * 60 * 60 * 1000);

describe('npm run storage:check', () => {
  it('exits 0 when clean, 1 listing an orphan, and removes it with --fix', async () => {
    withSiteDb(dataDir, () => undefined);
    const clean = await check();
    expect(clean).toMatchObject({ code: 0 });
    expect(clean.out).toContain(
      testStorage() === 's3' ? 'the S3 bucket wicklow-test-' : join(dataDir, 'uploads'),
    );

    // An old partial write is on this machine's disk whatever the store.
    const stale = join(dataDir, 'uploads', 'tmp', 'stale-part');
    mkdirSync(join(dataDir, 'uploads', 'tmp'), { recursive: true });
    writeFileSync(stale, 'half a photo');
    utimesSync(stale, twoDaysAgo(), twoDaysAgo());
    // An object no record uses; only a local file's time can be set back, so on S3 it is too
    // young to be called an orphan (it may be a photo being processed) and stays.
    await inSiteStore(dataDir, () => getStorage().put('objects/strayObject01', Buffer.from('video')));
    const stray = join(dataDir, 'uploads', 'objects', 'strayObject01');
    if (testStorage() === 'local') utimesSync(stray, twoDaysAgo(), twoDaysAgo());
    else expect(existsSync(stray)).toBe(false);

    const found = await check();
    expect(found.code).toBe(1);
    expect(found.out).toContain(`orphan: tmp/stale-part (${stale})`);
    if (testStorage() === 'local') expect(found.out).toContain(`orphan: objects/strayObject01 (${stray})`);
    else expect(found.out).not.toContain('strayObject01');

    const fixed = await check('--fix');
    expect(fixed.code, fixed.out).toBe(0);
    expect(existsSync(stale)).toBe(false);
    const strayLeft = await inSiteStore(dataDir, () => getStorage().head('objects/strayObject01'));
    expect(strayLeft === null).toBe(testStorage() === 'local');
  }, 60_000);

  it('names a record whose object is missing from the store', async () => {
    const video = 'videoObject0001';
    await inSiteStore(dataDir, () => getStorage().put(`objects/${video}`, Buffer.from('video')));
    const drone = withSiteDb(dataDir, (db) =>
      makeDroneMedia(db, { type: 'video', url: `/objects/uploads/${video}` }),
    );
    await inSiteStore(dataDir, () => getStorage().delete('objects/strayObject01'));
    expect(await check()).toMatchObject({ code: 0 });

    await inSiteStore(dataDir, () => getStorage().delete(`objects/${video}`));
    const lost = await check();
    expect(lost.code).toBe(1);
    expect(lost.out).toContain(`missing: drone video ${drone.id} needs /objects/uploads/${video}`);
  }, 60_000);
});

describe.runIf(testStorage() === 's3')('npm run storage:check on S3', () => {
  it('fails when MEDIA_PUBLIC_URL serves a private object or lists the bucket to anyone, naming its address', async () => {
    const site = mkdtempSync(join(tmpdir(), 'wicklow-exposure-'));
    try {
      withSiteDb(site, () => undefined);
      const original = 'originals/AbCdEfGhIjKlMnOpQrStUv.jpg';
      // A gallery's original and, probed on their own, a gallery photo's private derivatives.
      const galleryOriginal = 'galleries/0a1b2c3d-gallery-original.jpg';
      const galleryDerivative = 'galleries/media/AbCdEfGhIjKlMnOpQrStUv/640.jpg';
      await inSiteStore(site, async () => {
        await getStorage().put(original, Buffer.from('print-resolution original'));
        await getStorage().put(galleryOriginal, Buffer.from('client original'));
        await getStorage().put(galleryDerivative, Buffer.from('unwatermarked proof'));
      });
      // Its CDN serves media/ and objects/ only, as the README asks: nothing private is reached.
      const behindCdn = await checkOf(site, {});
      expect(behindCdn.out).not.toContain('exposed:');
      expect(behindCdn.code, behindCdn.out).toBe(0);
      // The bucket itself as the public address, as if it were made public as a whole.
      const env = await storageEnvFor(site);
      const whole = `${env.S3_ENDPOINT}/${env.S3_BUCKET}`;
      const exposed = await checkOf(site, { MEDIA_PUBLIC_URL: whole });
      expect(exposed.code).toBe(1);
      for (const key of [original, galleryOriginal, galleryDerivative])
        expect(exposed.out).toContain(`exposed: ${whole}/${key} is served to anyone`);
      // A bucket made public as a whole lists its keys too, which name every private object.
      expect(exposed.out).toContain(
        `exposed: ${whole}/?list-type=2&max-keys=1 lists the bucket's keys to anyone`,
      );
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  }, 60_000);
});
