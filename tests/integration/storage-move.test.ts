// `npm run storage:move` (scripts/storage-move.ts) on a site with real content: a photo added by
// the owner, a drone video uploaded and shown, a client gallery with a photo. Moved to an S3 bucket
// (s3rver), every object is there byte for byte and a site started with STORAGE=s3 (its own empty
// media folder, so nothing can come from the old one) serves the same pages and photo; moved back
// into a fresh UPLOADS_DIR, every file is the same as the original's and so are the pages. A move
// stopped halfway and run again copies only what was left. The site is started on the local
// driver whatever TEST_STORAGE says (the test makes its own buckets), so it runs once.
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3Settings, s3Driver } from '~/lib/platform/server/storage/storage-s3';
import { withSiteDb } from '../helpers/db';
import { addGalleryFiles, galleryPhoto, makeGallery } from '../helpers/gallery-factories';
import { runFolder } from '../helpers/run-folder';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';
import { storageEnvFor, testStorage } from '../helpers/test-storage';
import { addPhotoAsOwner, grantUpload, putUpload, tinyMp4 } from '../helpers/uploads';

const PAGES = ['/', '/shop', '/drone-services'];

let site: RunningServer | undefined;
let dataDir: string;
let uploads: string;
let photoUrl: string;
/** The pages and the photo's bytes as the site on its original folder served them. */
let served: Map<string, string>;
let servedPhoto: string;

/** Every file of a media folder but partial writes and gallery uploads in progress, by key: its sha256. */
function tree(root: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const key = relative(root, path);
      if (key === 'tmp' || key === 'tus') continue;
      if (entry.isDirectory()) walk(path);
      else out.set(key, createHash('sha256').update(readFileSync(path)).digest('hex'));
    }
  };
  walk(root);
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** A fresh bucket's settings, as the site's environment names them, with STORAGE as given. */
async function freshBucket(label: string, storage: 'local' | 's3') {
  const env = await storageEnvFor(join(runFolder(), `bucket-${label}-${Date.now()}`), 's3');
  return { ...env, STORAGE: storage };
}

function bucketOf(env: Record<string, string>) {
  const settings: S3Settings = {
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION as string,
    bucket: env.S3_BUCKET as string,
    accessKeyId: env.S3_ACCESS_KEY_ID as string,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY as string,
    forcePathStyle: true,
  };
  return s3Driver(settings);
}

/** Every object of a bucket, by key: its sha256. */
async function bucketTree(env: Record<string, string>): Promise<Map<string, string>> {
  const store = bucketOf(env);
  const out = new Map<string, string>();
  for await (const object of store.list('')) {
    const hash = createHash('sha256');
    for await (const chunk of await store.get(object.key)) hash.update(chunk as Buffer);
    out.set(object.key, hash.digest('hex'));
  }
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : 1)));
}

interface Moved {
  code: number | null;
  out: string;
}

/** Runs `storage:move --to …` as the owner would; `onLine` may act on the process as lines come. */
function move(
  to: 's3' | 'local',
  env: Record<string, string>,
  onLine?: (line: string, child: ChildProcess) => void,
) {
  return new Promise<Moved>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/storage-move.ts', '--to', to], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, ...env },
    });
    let out = '';
    let pending = '';
    child.stdout.on('data', (d) => {
      out += d;
      pending += d;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) onLine?.(line, child);
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('exit', (code) => resolve({ code, out }));
  });
}

/** The summary line's figures. */
function summary(out: string) {
  const m = /Copied (\d+), skipped (\d+) \(already there, same size and sha256\), failed (\d+)/.exec(out);
  expect(m, out).not.toBeNull();
  const [copied, skipped, failed] = (m as RegExpExecArray).slice(1).map(Number) as [number, number, number];
  return { copied, skipped, failed };
}

async function pagesOf(url: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const path of PAGES) {
    const res = await fetch(`${url}${path}`);
    expect(res.status, path).toBe(200);
    out.set(path, await res.text());
  }
  return out;
}

/** Waits for the background AVIF queue to finish a photo: the pages name its AVIF copies once made. */
async function avifMade(mediaId: string): Promise<void> {
  const folder = join(uploads, 'media', mediaId);
  for (let i = 0; i < 300; i++) {
    const names = readdirSync(folder);
    const jpegs = names.filter((n) => n.endsWith('.jpg'));
    if (jpegs.every((n) => names.includes(n.replace(/\.jpg$/, '.avif')))) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The AVIF copies of ${mediaId} were not made in 30 s.`);
}

/** The sha256 of the photo's derivative as the site serves it. */
async function photoOf(url: string): Promise<string> {
  const image = await fetch(`${url}${photoUrl}`);
  expect(image.status, photoUrl).toBe(200);
  return createHash('sha256')
    .update(Buffer.from(await image.arrayBuffer()))
    .digest('hex');
}

describe.skipIf(testStorage() === 's3')('npm run storage:move', () => {
  let toS3: Record<string, string>;

  beforeAll(async () => {
    site = await startServer({ STORAGE: 'local' });
    dataDir = site.dataDir;
    uploads = join(dataDir, 'uploads');
    const cookie = await signIn(site.url);
    const added = await addPhotoAsOwner(site.url, cookie, {
      title: 'Lough Dan Moved',
      category: 'mountains',
      width: 1400,
      height: 900,
      color: '#557799',
    });
    expect(added.status).toBe(201);
    photoUrl = ((await added.json()) as { imageUrl: string }).imageUrl;
    const upload = await grantUpload(site.url, cookie, 'sample-video');
    const put = await putUpload(site.url, upload, tinyMp4, { 'content-type': 'video/mp4' });
    expect(put.status).toBe(200);
    const video = await fetch(`${site.url}/api/drone-media`, {
      method: 'POST',
      headers: { cookie, origin: site.url, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'video', url: upload, title: 'Over the Sugarloaf' }),
    });
    expect(video.status).toBe(201);
    await avifMade(photoUrl.split('/')[2] as string);
    const file = await galleryPhoto(dataDir, 'aoife-001.jpg');
    withSiteDb(dataDir, (db) => addGalleryFiles(db, makeGallery(db).id, [file]));
    served = await pagesOf(site.url);
    servedPhoto = await photoOf(site.url);
    await site.stop();
    site = undefined;
    toS3 = await freshBucket('round-trip', 'local');
  }, 120_000);

  afterAll(async () => {
    await site?.stop();
  });

  it('copies every object into the bucket, checked, and says to set STORAGE=s3', async () => {
    const original = tree(uploads);
    expect([...original.keys()].some((k) => k.startsWith('originals/'))).toBe(true);
    expect([...original.keys()].some((k) => k.startsWith('objects/'))).toBe(true);
    expect([...original.keys()].some((k) => k.startsWith('galleries/'))).toBe(true);

    const moved = await move('s3', { ...toS3, UPLOADS_DIR: uploads });
    expect(moved.code, moved.out).toBe(0);
    expect(summary(moved.out)).toEqual({ copied: original.size, skipped: 0, failed: 0 });
    expect(moved.out).toContain('Now set STORAGE=s3');
    expect(await bucketTree(toS3)).toEqual(original);
    // The source is left as it was.
    expect(tree(uploads)).toEqual(original);

    // Public objects carry their type and a year's cache; private ones no public cache.
    const derivative = [...original.keys()].find((k) => k.startsWith('media/') && k.endsWith('.webp'));
    const head = await fetch(`${toS3.MEDIA_PUBLIC_URL}/${derivative}`, { method: 'HEAD' });
    expect(head.headers.get('content-type')).toBe('image/webp');
    expect(head.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const objectKey = [...original.keys()].find((k) => k.startsWith('objects/'));
    const video = await fetch(`${toS3.MEDIA_PUBLIC_URL}/${objectKey}`, { method: 'HEAD' });
    expect(video.headers.get('content-type')).toBe('video/mp4');
    const originalKey = [...original.keys()].find((k) => k.startsWith('originals/'));
    const secret = await fetch(`${toS3.MEDIA_PUBLIC_URL}/${originalKey}`, { method: 'HEAD' });
    expect(secret.headers.get('cache-control')).toBeNull();

    // Run again, nothing is left to copy.
    const again = await move('s3', { ...toS3, UPLOADS_DIR: uploads });
    expect(again.code, again.out).toBe(0);
    expect(summary(again.out)).toEqual({ copied: 0, skipped: original.size, failed: 0 });
  }, 120_000);

  it('a site on the bucket alone serves the same pages and photo', async () => {
    const empty = mkdtempSync(join(runFolder(), 'wicklow-no-media-'));
    site = await startServer({ DATA_DIR: dataDir, ...toS3, STORAGE: 's3', UPLOADS_DIR: empty });
    expect(await pagesOf(site.url)).toEqual(served);
    // The photo comes from the bucket: its media folder is empty.
    expect(await photoOf(site.url)).toBe(servedPhoto);
    await site.stop();
    site = undefined;
  }, 120_000);

  it('copies the bucket back into a fresh UPLOADS_DIR, every file the same, and the pages too', async () => {
    const fresh = join(mkdtempSync(join(runFolder(), 'wicklow-back-')), 'uploads');
    const moved = await move('local', { ...toS3, STORAGE: 's3', UPLOADS_DIR: fresh });
    expect(moved.code, moved.out).toBe(0);
    expect(moved.out).toContain(`Now set STORAGE=local (with UPLOADS_DIR=${fresh})`);
    expect(tree(fresh)).toEqual(tree(uploads));
    expect(summary(moved.out)).toMatchObject({ copied: tree(uploads).size, failed: 0 });

    site = await startServer({ DATA_DIR: dataDir, STORAGE: 'local', UPLOADS_DIR: fresh });
    expect(await pagesOf(site.url)).toEqual(served);
    expect(await photoOf(site.url)).toBe(servedPhoto);
    await site.stop();
    site = undefined;
  }, 120_000);

  it('stopped halfway (Ctrl-C), it copies only what was left when run again, and ends the same', async () => {
    const bucket = await freshBucket('interrupted', 'local');
    const original = tree(uploads);
    let stopped = false;
    const first = await move('s3', { ...bucket, UPLOADS_DIR: uploads }, (line, child) => {
      if (stopped || !line.startsWith('copied: ')) return;
      stopped = true;
      // Frozen first, so that the stop lands while the copies are under way.
      child.kill('SIGSTOP');
      child.kill('SIGINT');
      child.kill('SIGCONT');
    });
    expect(first.code, first.out).toBe(130);
    expect(first.out).toContain('Stopped before the end: run the same command again');
    const done = summary(first.out);
    expect(done.copied).toBeGreaterThan(0);
    expect(done.copied).toBeLessThan(original.size);
    expect(done.failed).toBe(0);

    const second = await move('s3', { ...bucket, UPLOADS_DIR: uploads });
    expect(second.code, second.out).toBe(0);
    expect(summary(second.out)).toEqual({
      copied: original.size - done.copied,
      skipped: done.copied,
      failed: 0,
    });
    expect(await bucketTree(bucket)).toEqual(original);
  }, 120_000);

  it('refuses --to s3 without the bucket settings, and --to the store already in use', async () => {
    const unset = await move('s3', { STORAGE: 'local', UPLOADS_DIR: uploads });
    expect(unset.code).toBe(2);
    expect(unset.out).toMatch(/--to s3 needs the bucket's settings while STORAGE=local/);
    expect(unset.out).toMatch(/S3_BUCKET: is needed with STORAGE=s3/);
    const same = await move('local', { STORAGE: 'local', UPLOADS_DIR: uploads });
    expect(same.code).toBe(2);
    expect(same.out).toMatch(/already keeps its media on this machine/);
  }, 60_000);
});
