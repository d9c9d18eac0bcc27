// `npm run backup` (src/lib/platform/server/backup/backup.ts): a copy taken while the site runs and takes writes is
// consistent, holds the photos, orders' tables, uploads and the auth secret, and a site started on
// it serves the same photos and lets the owner sign in. On a site whose media are in an S3 bucket
// (TEST_STORAGE=s3, and the last part on S3 always) the backup lists the bucket's objects instead of
// copying them, and a restore checks the bucket still holds them.
// @both-stores: npm test runs this file a second time with its media in S3 (TEST_STORAGE=s3).
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDataDir, siteBucket } from '~/lib/platform/server/backup/backup';
import { getStorage } from '~/lib/platform/server/storage/object-store';
import type { StoredObject } from '~/lib/platform/server/storage/storage-driver';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';
import { inSiteStore, storageEnvFor, testStorage } from '../helpers/test-storage';
import { addPhotoAsOwner } from '../helpers/uploads';

const onS3 = testStorage() === 's3';

/** A backup of a test site, taken in this process with the site's store (its bucket on S3). */
const backupOf = (dataDir: string, target: string, uploadsDir?: string) =>
  inSiteStore(dataDir, () => backupDataDir(dataDir, target, uploadsDir, siteBucket()));

let site: RunningServer;
let restored: RunningServer | undefined;
let photo: { id: string; title: string; imageUrl: string };
const backups = mkdtempSync(join(tmpdir(), 'wicklow-backups-'));

const contact = (i: number) =>
  fetch(`${site.url}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site.url },
    body: JSON.stringify({
      firstName: 'Ciara',
      lastName: 'Walsh',
      email: `ciara-${i}@example.ie`,
      message: `Backup test message ${i}`,
    }),
  });

beforeAll(async () => {
  site = await startServer();
  const cookie = await signIn(site.url);
  const res = await addPhotoAsOwner(site.url, cookie, {
    title: 'Backed Up Lough',
    category: 'mountains',
    width: 1400,
    height: 900,
    color: '#50708a',
  });
  expect(res.status).toBe(201);
  photo = await res.json();
  expect((await contact(0)).status).toBeLessThan(400);
});

afterAll(async () => {
  await restored?.stop();
  await site?.stop();
});

describe('npm run backup', () => {
  it('copies a consistent database while the site takes writes, with the uploads and the secret', async () => {
    // Writes go on while the copy is taken.
    const writes = Promise.all([1, 2, 3].map(contact));
    const report = await backupOf(site.dataDir, join(backups, 'first'));
    await writes;
    expect(report.tables.photos).toBe(1);
    expect(report.tables.product_variants).toBe(6);
    expect(report.tables.contact_inquiries).toBeGreaterThanOrEqual(1);
    const target = join(backups, 'first');
    expect(existsSync(join(target, 'site.sqlite-wal'))).toBe(false);
    expect(readFileSync(join(target, 'auth-secret'), 'utf8')).toBe(
      readFileSync(join(site.dataDir, 'auth-secret'), 'utf8'),
    );
    if (onS3) {
      // The media stay in the bucket: none is copied, each is listed.
      expect(existsSync(join(target, 'uploads', 'originals'))).toBe(false);
      expect(report.store?.objects).toBeGreaterThan(5);
    } else {
      expect(report.files).toBeGreaterThan(5);
      expect(statSync(join(target, 'uploads', 'originals')).mode & 0o777).toBe(0o700);
    }
    expect(existsSync(join(target, 'uploads', 'tmp'))).toBe(false);
    expect(JSON.parse(readFileSync(join(target, 'backup.json'), 'utf8'))).toMatchObject({
      tables: { photos: 1 },
    });
    await expect(backupOf(site.dataDir, target)).rejects.toThrow(/never overwrites/);
  });

  it('runs from the command line and says what it copied', async () => {
    const target = join(backups, 'cli');
    const env = { ...process.env, DATA_DIR: site.dataDir, ...(await storageEnvFor(site.dataDir)) };
    const run = spawnSync('npx', ['tsx', 'scripts/backup.ts', '--to', target], { env, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Database checked \(integrity ok\): 1 photos/);
    if (onS3) expect(run.stdout).toMatch(/Objects in the bucket, listed but not copied: \d+/);
    const refused = spawnSync('npx', ['tsx', 'scripts/backup.ts', '--to', target], { env, encoding: 'utf8' });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/Backup failed: .* already exists/);
  });

  it('restores into an empty DATA_DIR: a site started there serves the photo and lets the owner sign in', async () => {
    const dataDir = join(backups, 'restored');
    // On S3 the restored site uses the same bucket, whose objects the backup listed.
    const bucket = await storageEnvFor(site.dataDir);
    const run = spawnSync('npx', ['tsx', 'scripts/restore.ts', join(backups, 'first')], {
      env: { ...process.env, DATA_DIR: dataDir, UPLOADS_DIR: join(dataDir, 'uploads'), ...bucket },
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Restored .* into .*restored/);
    expect(run.stdout).toMatch(/Database checked \(integrity ok\): 1 photos/);
    expect(readFileSync(join(dataDir, 'auth-secret'), 'utf8')).toBe(
      readFileSync(join(site.dataDir, 'auth-secret'), 'utf8'),
    );
    if (onS3) expect(run.stdout).toMatch(/Media: all \d+ objects the backup lists are in the S3 bucket/);
    restored = await startServer({ DATA_DIR: dataDir, ...bucket });
    const photos = (await (await fetch(`${restored.url}/api/photos`)).json()) as { title: string }[];
    expect(photos.map((p) => p.title)).toContain('Backed Up Lough');
    const image = await fetch(`${restored.url}${photo.imageUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(await signIn(restored.url)).toContain('session_token');
  });

  // On S3 the media folder holds no stored object: what this checks is the local driver's.
  it.skipIf(onS3)(
    'backs up and restores media kept apart from DATA_DIR (UPLOADS_DIR), into both folders',
    async () => {
      const apart = mkdtempSync(join(tmpdir(), 'wicklow-apart-'));
      const media = join(apart, 'media');
      const other = await startServer({ UPLOADS_DIR: media });
      let back: RunningServer | undefined;
      try {
        const res = await addPhotoAsOwner(other.url, await signIn(other.url), {
          title: 'Media Apart',
          category: 'mountains',
          width: 900,
          height: 600,
          color: '#406080',
        });
        const added = (await res.json()) as { imageUrl: string };
        expect(existsSync(join(other.dataDir, 'uploads'))).toBe(false);
        const target = join(apart, 'backup');
        const report = await backupDataDir(other.dataDir, target, media);
        expect(report.files).toBeGreaterThan(3);
        expect(readdirSync(join(target, 'uploads', 'originals')).length).toBe(1);

        const env = { ...process.env, DATA_DIR: join(apart, 'data2'), UPLOADS_DIR: join(apart, 'media2') };
        const run = spawnSync('npx', ['tsx', 'scripts/restore.ts', target], { env, encoding: 'utf8' });
        expect(run.status, run.stderr).toBe(0);
        expect(run.stdout).toContain(`Media restored into ${join(apart, 'media2')}`);
        expect(existsSync(join(apart, 'data2', 'uploads'))).toBe(false);
        back = await startServer({ DATA_DIR: env.DATA_DIR, UPLOADS_DIR: env.UPLOADS_DIR });
        expect((await fetch(`${back.url}${added.imageUrl}`)).status).toBe(200);
        await back.stop();
        back = undefined;

        // A media folder that already holds files is never mixed with a backup's.
        const again = spawnSync('npx', ['tsx', 'scripts/restore.ts', target], {
          env: { ...env, DATA_DIR: join(apart, 'data3') },
          encoding: 'utf8',
        });
        expect(again.status).toBe(1);
        expect(again.stderr).toMatch(/already holds files/);
      } finally {
        await back?.stop();
        await other.stop();
      }
    },
  );

  it('refuses a data directory a running site uses, one that holds a database, and a damaged copy', async () => {
    const bucket = await storageEnvFor(site.dataDir);
    const restore = (from: string, dataDir: string) =>
      spawnSync('npx', ['tsx', 'scripts/restore.ts', from], {
        env: { ...process.env, DATA_DIR: dataDir, ...bucket },
        encoding: 'utf8',
      });
    const live = restore(join(backups, 'first'), site.dataDir);
    expect(live.status).toBe(1);
    expect(live.stderr).toMatch(/Restore refused: A running site \(process \d+\) is using/);

    const occupied = mkdtempSync(join(tmpdir(), 'wicklow-occupied-'));
    writeFileSync(join(occupied, 'site.sqlite'), 'the only copy of something');
    const over = restore(join(backups, 'first'), occupied);
    expect(over.status).toBe(1);
    expect(over.stderr).toMatch(/already holds a database/);
    expect(readFileSync(join(occupied, 'site.sqlite'), 'utf8')).toBe('the only copy of something');

    const damaged = join(backups, 'damaged');
    cpSync(join(backups, 'first'), damaged, { recursive: true });
    const manifest = JSON.parse(readFileSync(join(damaged, 'backup.json'), 'utf8'));
    manifest.tables.photos = 2;
    writeFileSync(join(damaged, 'backup.json'), JSON.stringify(manifest));
    const bad = restore(damaged, mkdtempSync(join(tmpdir(), 'wicklow-empty-')));
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/holds 1 photos where backup.json counted 2/);

    const missing = restore(join(backups, 'no-such-backup'), mkdtempSync(join(tmpdir(), 'wicklow-empty-')));
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/no site.sqlite/);
  });
});

describe('npm run backup and restore of a site on S3', () => {
  let s3site: RunningServer;
  let bucket: Record<string, string>;
  const inBucket = <T>(fn: () => Promise<T>) => inSiteStore(s3site.dataDir, fn, 's3');
  const extra = ['objects/backupExtra01', 'media/backupExtra02/640.jpg'];
  const target = join(backups, 's3');
  const run = (script: string, args: string[], env: Record<string, string | undefined>) =>
    spawnSync('npx', ['tsx', `scripts/${script}.ts`, ...args], {
      env: { ...process.env, ...env },
      encoding: 'utf8',
    });

  beforeAll(async () => {
    s3site = await startServer({ STORAGE: 's3' });
    bucket = await storageEnvFor(s3site.dataDir, 's3');
    const res = await addPhotoAsOwner(s3site.url, await signIn(s3site.url), {
      title: 'Lough in the Bucket',
      category: 'mountains',
      width: 900,
      height: 600,
      color: '#406080',
    });
    expect(res.status).toBe(201);
    // Objects of known keys, whatever the photo intake writes where.
    await inBucket(async () => {
      for (const key of extra) await getStorage().put(key, Buffer.from(`bytes of ${key}`));
    });
  });
  afterAll(() => s3site?.stop());

  it('lists every object of the bucket with its size and ETag, and copies none', async () => {
    const backup = run('backup', ['--to', target], { DATA_DIR: s3site.dataDir, ...bucket });
    expect(backup.status, backup.stderr).toBe(0);
    const listed = JSON.parse(readFileSync(join(target, 'objects.json'), 'utf8')) as StoredObject[];
    const inStore = await inBucket(async () => {
      const all: StoredObject[] = [];
      for await (const object of getStorage().list('')) all.push(object);
      return all;
    });
    expect(listed).toEqual(inStore);
    expect(listed.map((o) => o.key)).toEqual(expect.arrayContaining(extra));
    for (const object of listed) expect(object.etag).toMatch(/^[0-9a-f]{32}/);
    expect(listed.find((o) => o.key === extra[0])?.size).toBe(`bytes of ${extra[0]}`.length);
    const manifest = JSON.parse(readFileSync(join(target, 'backup.json'), 'utf8'));
    expect(manifest.store).toEqual({
      driver: 's3',
      endpoint: bucket.S3_ENDPOINT,
      bucket: bucket.S3_BUCKET,
      objects: listed.length,
      bytes: listed.reduce((n, o) => n + o.size, 0),
    });
    expect(JSON.stringify(manifest)).not.toContain(bucket.S3_SECRET_ACCESS_KEY as string);
    expect(existsSync(join(target, 'uploads', 'originals'))).toBe(false);
    expect(existsSync(join(target, 'uploads', 'objects'))).toBe(false);
  });

  it('refuses a restore while an object it lists is missing, naming it; --allow-missing restores anyway', async () => {
    const onDisk = run('restore', [target], { DATA_DIR: join(backups, 's3-local') });
    expect(onDisk.status).toBe(1);
    expect(onDisk.stderr).toMatch(/media are in the S3 bucket .* set STORAGE=s3/);

    await inBucket(() => getStorage().delete(extra[0] as string));
    const dataDir = join(backups, 's3-restored');
    const refused = run('restore', [target], { DATA_DIR: dataDir, ...bucket });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(`${extra[0]} (missing)`);
    expect(refused.stderr).toMatch(/1 of the \d+ objects the backup lists are not in the bucket/);
    expect(refused.stderr).toContain('Nothing was restored');
    expect(existsSync(join(dataDir, 'site.sqlite'))).toBe(false);

    // The same key with other bytes is not the object the backup listed.
    await inBucket(() => getStorage().put(extra[0] as string, Buffer.from('other bytes, other size')));
    const differs = run('restore', [target], { DATA_DIR: dataDir, ...bucket });
    expect(differs.status).toBe(1);
    expect(differs.stderr).toContain(`${extra[0]} (another size or ETag)`);
    await inBucket(() => getStorage().delete(extra[0] as string));

    // UPLOADS_DIR holds another file (on S3 it holds only work files): the backup brings no media
    // files, so the restore neither refuses for it nor touches it.
    const work = mkdtempSync(join(tmpdir(), 'wicklow-s3-uploads-'));
    mkdirSync(join(work, 'tmp'));
    writeFileSync(join(work, 'tmp', 'work-file'), 'a work file');
    const allowed = run('restore', [target, '--allow-missing'], {
      DATA_DIR: dataDir,
      UPLOADS_DIR: work,
      ...bucket,
    });
    expect(allowed.status, allowed.stderr).toBe(0);
    expect(allowed.stdout).toContain(`Restored with --allow-missing. 1 of the`);
    expect(allowed.stdout).toContain(`${extra[0]} (missing)`);
    expect(existsSync(join(dataDir, 'site.sqlite'))).toBe(true);
    expect(readdirSync(work, { recursive: true }).sort()).toEqual(['tmp', join('tmp', 'work-file')]);
    rmSync(work, { recursive: true, force: true });
  });
});
