// Signed uploads and uploaded objects over HTTP against the built server. A signed URL works only
// while the owner's sign-in that asked for it lasts.
// @both-stores: npm test runs this file a second time with its media in S3 (TEST_STORAGE=s3).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { derivativeKey, objectKey } from '~/lib/platform/server/storage/storage';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';
import { expectServedFromStore } from '../helpers/stored';
import { testStorage } from '../helpers/test-storage';
import { grantUpload, putUpload, tinyMp4 } from '../helpers/uploads';

let server: RunningServer;
let cookie: string;

const grant = (purpose?: string) => grantUpload(server.url, cookie, purpose);
const put = (url: string, body: BodyInit | Buffer, headers: Record<string, string> = {}) =>
  putUpload(server.url, url, body, headers);

/** Upload bodies left behind in the temporary folder (the AVIF queue's own writes are not counted). */
const leftovers = (folder: string) => {
  try {
    return readdirSync(join(server.dataDir, 'uploads', folder)).filter(
      (f) => folder !== 'tmp' || f.endsWith('-upload'),
    );
  } catch {
    return [];
  }
};

const mp4 = tinyMp4;

beforeAll(async () => {
  server = await startServer();
  cookie = await signIn(server.url);
});
afterAll(async () => {
  await server?.stop();
});

describe('signed upload URLs', () => {
  it('are only handed to the owner', async () => {
    const res = await fetch(`${server.url}/api/objects/upload`, { method: 'POST' });
    expect(res.status).toBe(401);
  });

  it('take a photo once, process it, and serve a derivative without metadata at /objects/uploads/{id}', async () => {
    const url = await grant();
    const jpeg = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#4a6a8a' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-maker' } })
      .toBuffer();
    const res = await put(url, jpeg, { 'content-type': 'image/jpeg' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      url: string;
      media: { width: number; height: number; mediaId: string };
    };
    expect(body.media).toMatchObject({ width: 1600, height: 1000 });
    // The 1280 px JPEG stands for the image: on S3 the address redirects to it in the bucket.
    await expectServedFromStore(server, body.url, derivativeKey(body.media.mediaId, 1280, 'jpg'));
    const served = await fetch(`${server.url}${body.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    // The site's own answer (on S3 the bucket's, or its CDN's, headers are its own).
    if (testStorage() === 'local') expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta.exif).toBeUndefined();
    // The same URL a second time is refused.
    const again = await put(url, jpeg);
    expect(again.status).toBe(403);
  });

  it('refuses a tampered and an expired URL with 403', async () => {
    const url = await grant();
    const tampered = url.replace(/\.image\./, '.video.');
    expect((await put(tampered, mp4)).status).toBe(403);
    const parts = url.split('.');
    parts[2] = '1000000000';
    expect((await put(parts.join('.'), mp4)).status).toBe(403);
    const expired = url.replace(/\.(\d+)\./, '.1000000000.');
    const res = await put(expired, mp4);
    expect(res.status).toBe(403);
  });

  it('refuses an SVG or HTML file named .jpg with 415, leaving no file', async () => {
    for (const text of [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<!doctype html><h1>hi</h1>',
    ]) {
      const res = await put(await grant(), Buffer.from(text.padEnd(64, ' ')), {
        'content-type': 'image/jpeg',
      });
      expect(res.status).toBe(415);
      expect((await res.json()).message).toMatch(/JPG, PNG, GIF or WebP/);
    }
    expect(leftovers('tmp')).toEqual([]);
  });

  it('refuses a GIF/HTML polyglot that is not a real image with a 4xx', async () => {
    const polyglot = Buffer.from('GIF89a<html><script>alert(1)</script></html>'.padEnd(200, ' '));
    const res = await put(await grant(), polyglot);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(leftovers('tmp')).toEqual([]);
  });

  it('stops a body over the limit with 413 and deletes the partial file', async () => {
    const url = await grant('bio-picture'); // 5 MB
    const jpegHead = Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...Buffer.alloc(12)]);
    // Streamed without a Content-Length, so the limit is found while reading.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(jpegHead);
        for (let i = 0; i < 6; i++) controller.enqueue(new Uint8Array(1024 * 1024));
        controller.close();
      },
    });
    const res = await put(url, stream);
    expect(res.status).toBe(413);
    expect((await res.json()).message).toContain('5 MB');
    expect(leftovers('tmp')).toEqual([]);
    expect(leftovers('objects')).toEqual([]);
  });

  it('refuses a declared Content-Length over the limit at once', async () => {
    const url = await grant();
    const res = await put(url, Buffer.alloc(11 * 1024 * 1024, 1));
    expect(res.status).toBe(413);
  });

  it('keeps a video and serves it with HTTP Range', async () => {
    const url = await grant('video');
    const res = await put(url, mp4, { 'content-type': 'video/mp4' });
    expect(res.status).toBe(200);
    const { url: objectUrl, id } = (await res.json()) as { url: string; id: string };
    await expectServedFromStore(server, objectUrl, objectKey(id));
    const whole = await fetch(`${server.url}${objectUrl}`);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await whole.arrayBuffer()).equals(mp4)).toBe(true);
    const part = await fetch(`${server.url}${objectUrl}`, { headers: { range: 'bytes=4-11' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 4-11/${mp4.length}`);
    expect(Buffer.from(await part.arrayBuffer()).toString()).toBe('ftypisom');
    // The last bytes (a suffix range) are the site's to answer locally; on S3 the store answers,
    // and s3rver, which stands for it in the tests, gets suffix ranges wrong.
    if (testStorage() === 'local') {
      const tail = await fetch(`${server.url}${objectUrl}`, { headers: { range: 'bytes=-10' } });
      expect(tail.status).toBe(206);
      expect(Buffer.from(await tail.arrayBuffer()).equals(mp4.subarray(-10))).toBe(true);
    }
    const beyond = await fetch(`${server.url}${objectUrl}`, {
      headers: { range: `bytes=${mp4.length + 5}-` },
    });
    expect(beyond.status).toBe(416);
  });

  it('refuses an image sent to a video URL with 415', async () => {
    const jpeg = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    const res = await put(await grant('video'), jpeg);
    expect(res.status).toBe(415);
    expect((await res.json()).message).toMatch(/MP4, MOV or AVI/);
  });

  it('reaches nothing outside the uploads folder, encoded or not', async () => {
    for (const path of [
      '/objects/uploads/..%2f..%2fsite.sqlite',
      '/objects/uploads/%2e%2e%2fauth-secret',
      '/objects/uploads/../site.sqlite',
      '/objects/uploads//etc/passwd',
      '/objects/uploads/..%5c..%5csite.sqlite',
      '/media/..%2f..%2fsite.sqlite/320.jpg',
    ]) {
      const res = await rawGet(path);
      expect([400, 404], path).toContain(res.status);
      expect(res.body).not.toContain('SQLite');
    }
  });

  it('work while the owner is signed in, and answer 403 once that sign-in has ended (signed out)', async () => {
    const session = await signIn(server.url);
    const whileSignedIn = await grantUpload(server.url, session, 'video');
    // A direct PUT to the URL, without cookies, as an uploader makes it.
    const ok = await put(whileSignedIn, mp4);
    expect(ok.status).toBe(200);

    const afterSignOut = await grantUpload(server.url, session, 'video');
    const out = await fetch(`${server.url}/api/logout`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: session, origin: server.url },
    });
    expect(out.status).toBe(303);
    const refused = await put(afterSignOut, mp4);
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe(
      'This upload link was made for a sign-in that has ended (signed out or expired). Please sign in and start the upload again.',
    );
    // Another sign-in's URLs still work.
    expect((await put(await grant('video'), mp4)).status).toBe(200);
  });
});

describe('photos from the owner', () => {
  it('adds a photo from a multipart form with the image file, with its 6 variants', async () => {
    const jpeg = await sharp({ create: { width: 2000, height: 1333, channels: 3, background: '#557755' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.set('title', 'Test Lough');
    form.set('category', 'mountains');
    form.set('featured', 'true');
    form.set('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'lough.jpg');
    const res = await fetch(`${server.url}/api/admin/photos`, {
      method: 'POST',
      body: form,
      headers: { cookie, origin: server.url },
    });
    expect(res.status).toBe(201);
    const photo = (await res.json()) as { id: string; width: number; imageUrl: string; featured: boolean };
    expect(photo).toMatchObject({ width: 2000, featured: true });
    expect((await fetch(`${server.url}${photo.imageUrl}`)).status).toBe(200);
    const shop = await (await fetch(`${server.url}/shop`)).text();
    expect(shop).toContain('Test Lough');
  });

  it('adds a photo from a signed upload URL, ending in the same processing', async () => {
    const url = await grant();
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#aa8844' } })
      .png()
      .toBuffer();
    expect((await put(url, png)).status).toBe(200);
    const form = new FormData();
    form.set('title', 'Uploaded Before');
    form.set('category', 'coastal');
    form.set('imageUrl', url);
    const res = await fetch(`${server.url}/api/admin/photos`, {
      method: 'POST',
      body: form,
      headers: { cookie, origin: server.url },
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ title: 'Uploaded Before', width: 900, height: 600 });
  });

  it('asks for an image when there is none, and refuses a visitor', async () => {
    const form = new FormData();
    form.set('title', 'No image');
    const res = await fetch(`${server.url}/api/admin/photos`, {
      method: 'POST',
      body: form,
      headers: { cookie, origin: server.url },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('Please select an image file');
    const anon = await fetch(`${server.url}/api/admin/photos`, { method: 'POST', body: form });
    expect(anon.status).toBe(401);
  });
});

async function rawGet(path: string): Promise<{ status: number; body: string }> {
  const { request } = await import('node:http');
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    request({ hostname, port, path, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (c) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    })
      .on('error', reject)
      .end();
  });
}
