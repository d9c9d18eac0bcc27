// serveMedia behind a real node:http server: headers, revalidation, 404s and traversal attempts,
// from the folder on the local driver; and on S3, the redirect to the derivative's public address.
// @both-stores: npm test runs this file a second time with its media in S3 (TEST_STORAGE=s3).
import { mkdirSync, mkdtempSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveMedia } from '~/lib/media/media-serve.server';
import { resetConfigForTests } from '~/lib/platform/server/config';
import { getStorage, PUBLIC_CACHE } from '~/lib/platform/server/storage/object-store';
import {
  derivativeKey,
  derivativePath,
  newMediaId,
  storagePaths,
} from '~/lib/platform/server/storage/storage';
import { STORAGE_VARIABLES, storageEnvFor } from '~tests/helpers/test-storage';

const dataDir = mkdtempSync(join(tmpdir(), 'media-serve-test-'));
const mediaId = newMediaId();
const body = Buffer.from('not really a jpeg, but serveMedia only streams bytes');
/** Media ids the server answers as private (a client gallery's). */
const privateIds = new Set<string>();
let server: Server;
let base: string;

beforeAll(async () => {
  process.env.DATA_DIR = dataDir;
  process.env.UPLOADS_DIR = join(dataDir, 'uploads');
  resetConfigForTests();
  const file = derivativePath(mediaId, 640, 'jpg');
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, body);
  // Files a traversal would love to reach.
  writeFileSync(join(dataDir, 'site.sqlite'), 'secret database');
  writeFileSync(join(storagePaths().originals, `${mediaId}.jpg`), 'print-resolution original');

  server = createServer(async (req, res) => {
    // The front passes the raw (still percent-encoded) path, as node:http gives it.
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    if (!(await serveMedia(req, res, pathname, (id) => privateIds.has(id)))) {
      res.writeHead(418).end('not media');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
  resetConfigForTests();
});

/** A raw request, because fetch() would normalise dot segments before they reach the server. */
function rawGet(path: string, method = 'GET'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}/`, { method, path }, (res) => {
      let text = '';
      res.setEncoding('latin1');
      res.on('data', (c) => {
        text += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('serveMedia', () => {
  it('serves a derivative with immutable caching, type, length, nosniff and an ETag', async () => {
    const res = await fetch(`${base}/media/${mediaId}/640.jpg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('content-length')).toBe(String(body.length));
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-z]+-[0-9a-z]+"$/);
    expect(Buffer.from(await res.arrayBuffer()).equals(body)).toBe(true);
  });

  it('answers HEAD with headers only', async () => {
    const res = await fetch(`${base}/media/${mediaId}/640.jpg`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(body.length));
    expect(await res.text()).toBe('');
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const etag = (await fetch(`${base}/media/${mediaId}/640.jpg`)).headers.get('etag')!;
    const res = await fetch(`${base}/media/${mediaId}/640.jpg`, {
      headers: { 'If-None-Match': `W/"x", ${etag}` },
    });
    expect(res.status).toBe(304);
    expect(res.headers.get('etag')).toBe(etag);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const other = await fetch(`${base}/media/${mediaId}/640.jpg`, { headers: { 'If-None-Match': '"nope"' } });
    expect(other.status).toBe(200);
  });

  it('sends the file as it is now on disk after it was replaced or removed, and serves byte ranges', async () => {
    const id = newMediaId();
    const file = derivativePath(id, 320, 'webp');
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, 'first version of the derivative');
    const url = `${base}/media/${id}/320.webp`;
    expect(await (await fetch(url)).text()).toBe('first version of the derivative');
    expect(await (await fetch(url)).text()).toBe('first version of the derivative');
    // Replaced by an atomic rename, then rewritten in place at the same length.
    writeFileSync(`${file}.tmp`, 'second version');
    renameSync(`${file}.tmp`, file);
    expect(await (await fetch(url)).text()).toBe('second version');
    writeFileSync(file, 'third! version');
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect(await (await fetch(url)).text()).toBe('third! version');
    const part = await fetch(url, { headers: { Range: 'bytes=0-4' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 0-4/14');
    expect(await part.text()).toBe('third');
    expect((await fetch(url, { headers: { Range: 'bytes=99-' } })).status).toBe(416);
    rmSync(file);
    expect((await fetch(url)).status).toBe(404);
  });

  it('answers 404, never cached, for a missing derivative (an AVIF not made yet)', async () => {
    for (const path of [
      `/media/${mediaId}/640.avif`,
      `/media/${mediaId}/1280.jpg`,
      `/media/${newMediaId()}/640.jpg`,
    ]) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('answers 404 for widths off the ladder, other formats and malformed ids', async () => {
    for (const path of [
      `/media/${mediaId}/641.jpg`,
      `/media/${mediaId}/0640.jpg`,
      `/media/${mediaId}/640.png`,
      `/media/${mediaId}/640.JPG`,
      `/media/${mediaId}/640.jpg.map`,
      `/media/${mediaId}/640`,
      `/media/${mediaId}`,
      '/media/short/640.jpg',
      `/media/${mediaId}/sub/640.jpg`,
    ]) {
      expect((await rawGet(path)).status, path).toBe(404);
    }
  });

  it('refuses traversal attempts, encoded or not, with 400 or 404', async () => {
    for (const path of [
      '/media/..%2f..%2fsite.sqlite/320.jpg',
      '/media/%2e%2e/x',
      '/media/%2e%2e%2f%2e%2e%2fsite.sqlite',
      '/media/../../site.sqlite',
      `/media/..%5c..%5coriginals%5c${mediaId}.jpg`,
      `/media/..\\..\\originals\\${mediaId}.jpg`,
      '/media//etc/passwd',
      `/media/${dataDir}/site.sqlite`,
      `/media/${mediaId}/640.jpg%00.png`,
      `/media/${mediaId}%2f..%2f..%2foriginals/640.jpg`,
    ]) {
      const res = await rawGet(path);
      expect([400, 404], path).toContain(res.status);
      expect(res.body).not.toContain('secret');
      expect(res.body).not.toContain('original');
    }
  });

  it('refuses other methods with 405 and leaves other paths to the caller', async () => {
    const post = await rawGet(`/media/${mediaId}/640.jpg`, 'POST');
    expect(post.status).toBe(405);
    expect((await rawGet('/objects/uploads/x')).status).toBe(418);
    expect((await rawGet('/mediax/640.jpg')).status).toBe(418);
  });
});

describe('serveMedia with the media in an S3 bucket', () => {
  const s3Dir = mkdtempSync(join(tmpdir(), 'media-serve-s3-'));
  const names = ['DATA_DIR', 'UPLOADS_DIR', ...STORAGE_VARIABLES];
  const saved = new Map(names.map((n) => [n, process.env[n]]));
  const inBucket = newMediaId();
  const hidden = newMediaId();
  const derivative = Buffer.from('the 640 px JPEG, as the bucket keeps it');
  let publicUrl = '';

  beforeAll(async () => {
    const env = await storageEnvFor(s3Dir, 's3');
    Object.assign(process.env, env, { DATA_DIR: s3Dir, UPLOADS_DIR: join(s3Dir, 'uploads') });
    resetConfigForTests();
    publicUrl = env.MEDIA_PUBLIC_URL ?? '';
    const options = { contentType: 'image/jpeg', cacheControl: PUBLIC_CACHE };
    await getStorage().put(derivativeKey(inBucket, 640, 'jpg'), derivative, options);
    await getStorage().put(derivativeKey(hidden, 640, 'jpg'), derivative, options);
    privateIds.add(hidden);
  });

  afterAll(() => {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetConfigForTests();
    rmSync(s3Dir, { recursive: true, force: true });
  });

  it('redirects to the public address for a day (it may move with the store), where the bytes are the derivative', async () => {
    for (const method of ['GET', 'HEAD']) {
      const res = await fetch(`${base}/media/${inBucket}/640.jpg`, { method, redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(`${publicUrl}/media/${inBucket}/640.jpg`);
      expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    }
    const there = await fetch(`${publicUrl}/media/${inBucket}/640.jpg`);
    expect(there.status).toBe(200);
    expect(there.headers.get('content-type')).toBe('image/jpeg');
    expect(there.headers.get('cache-control')).toBe(PUBLIC_CACHE);
    expect(Buffer.from(await there.arrayBuffer()).equals(derivative)).toBe(true);
  });

  it('checks the address first, as on disk: private media, bad widths and traversal get no redirect', async () => {
    expect((await rawGet(`/media/${hidden}/640.jpg`)).status).toBe(404);
    expect((await rawGet(`/media/${inBucket}/641.jpg`)).status).toBe(404);
    expect((await rawGet(`/media/${inBucket}/640.png`)).status).toBe(404);
    expect((await rawGet(`/media/..%2foriginals/640.jpg`)).status).toBe(400);
    expect((await rawGet(`/media/${inBucket}/640.jpg`, 'POST')).status).toBe(405);
  });
});
