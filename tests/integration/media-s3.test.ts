// A site with its media in an S3 bucket (STORAGE=s3, whatever TEST_STORAGE says): a photo the
// owner adds is kept in the bucket (the original privately, under a key no page or address of the
// site names), its /media addresses redirect for good to MEDIA_PUBLIC_URL where the bytes are the
// derivative, and nothing of it stays under UPLOADS_DIR, not even in tmp/ once its AVIF is made.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_CACHE } from '~/lib/platform/server/storage/object-store';
import { derivativeKey, mediaPrefix, originalKey } from '~/lib/platform/server/storage/storage';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';
import { filesOnDisk, inSiteStore, isStored, type Site, storedBytes, storedKeys } from '../helpers/stored';
import { storageEnvFor } from '../helpers/test-storage';

let server: RunningServer;
let site: Site;
let cookie: string;
let publicUrl = '';

beforeAll(async () => {
  server = await startServer({ STORAGE: 's3' });
  site = { url: server.url, dataDir: server.dataDir, storage: 's3' };
  publicUrl = (await storageEnvFor(server.dataDir, 's3')).MEDIA_PUBLIC_URL ?? '';
  cookie = await signIn(server.url);
});
afterAll(async () => {
  await server?.stop();
});

async function addPhoto(jpeg: Buffer): Promise<{ id: string; mediaId: string; imageUrl: string }> {
  const body = new FormData();
  body.set('title', 'Glendalough from the Spinc');
  body.set('image', new File([new Uint8Array(jpeg)], 'spinc.jpg', { type: 'image/jpeg' }));
  const res = await fetch(`${server.url}/api/admin/photos`, {
    method: 'POST',
    headers: { cookie, origin: server.url },
    body,
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; mediaId: string; imageUrl: string };
}

/** Waits until the AVIF queue has made the largest AVIF (the last it writes) and left tmp/. */
async function avifMade(mediaId: string, width: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const made = await inSiteStore(site, () => isStored(derivativeKey(mediaId, width, 'avif')));
    if (made && filesOnDisk(`${server.dataDir}/uploads`).length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The AVIF ladder of ${mediaId} was not made within a minute.`);
}

describe('a photo added by the owner, with the media in an S3 bucket', () => {
  it('is kept in the bucket, served from MEDIA_PUBLIC_URL by redirect, and leaves nothing on disk', async () => {
    const jpeg = await sharp({ create: { width: 1400, height: 900, channels: 3, background: '#4f6d5a' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'secret-artist' } })
      .toBuffer();
    const photo = await addPhoto(jpeg);
    const { mediaId } = photo;
    expect(photo.imageUrl).toBe(`/media/${mediaId}/1280.jpg`);

    // In the bucket: the original as uploaded, and the WebP and JPEG ladders (AVIF follows).
    await inSiteStore(site, async () => {
      expect((await storedBytes(originalKey(mediaId, 'jpg'))).equals(jpeg)).toBe(true);
      const keys = await storedKeys(mediaPrefix(mediaId));
      for (const w of [320, 640, 960, 1280]) {
        expect(keys).toContain(derivativeKey(mediaId, w, 'webp'));
        expect(keys).toContain(derivativeKey(mediaId, w, 'jpg'));
      }
    });

    // The site's address answers with a redirect kept a day (the public address may change with
    // a move to another store); the bytes there are the derivative, cached for a year.
    for (const [width, format, type] of [
      [1280, 'jpg', 'image/jpeg'],
      [640, 'webp', 'image/webp'],
    ] as const) {
      const key = derivativeKey(mediaId, width, format);
      const hop = await fetch(`${server.url}/${key}`, { redirect: 'manual' });
      expect(hop.status).toBe(302);
      expect(hop.headers.get('location')).toBe(`${publicUrl}/${key}`);
      expect(hop.headers.get('cache-control')).toBe('public, max-age=86400');
      const there = await fetch(`${publicUrl}/${key}`);
      expect(there.status).toBe(200);
      expect(there.headers.get('content-type')).toBe(type);
      expect(there.headers.get('cache-control')).toBe(PUBLIC_CACHE);
      const bytes = Buffer.from(await there.arrayBuffer());
      expect(bytes.equals(await inSiteStore(site, () => storedBytes(key)))).toBe(true);
      const meta = await sharp(bytes).metadata();
      expect([meta.width, meta.exif]).toEqual([width, undefined]);
      expect(bytes.includes('secret-artist')).toBe(false);
    }

    // The original has no address: the site names it nowhere and answers none that could reach it.
    for (const path of [
      `/media/${mediaId}/original.jpg`,
      `/media/${mediaId}.jpg`,
      `/originals/${mediaId}.jpg`,
      `/uploads/originals/${mediaId}.jpg`,
      `/media/..%2foriginals%2f${mediaId}.jpg`,
    ]) {
      const res = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      expect([400, 404], path).toContain(res.status);
      expect(res.headers.get('location'), path).toBeNull();
    }
    for (const page of ['/', '/shop', `/api/admin/photos`]) {
      const html = await (await fetch(`${server.url}${page}`, { headers: { cookie } })).text();
      expect(html, page).not.toContain('originals/');
      expect(html, page).not.toContain(publicUrl);
    }

    // Pages that show photos allow the bucket's origin for pictures and videos, and only for those.
    const csp = (await fetch(`${server.url}/`)).headers.get('content-security-policy') ?? '';
    const origin = new URL(publicUrl).origin;
    expect(csp).toMatch(new RegExp(`img-src [^;]*${origin}`));
    expect(csp).toMatch(new RegExp(`media-src [^;]*${origin}`));
    expect(csp).not.toMatch(new RegExp(`(script|connect)-src [^;]*${origin}`));

    // Once the AVIF ladder is made from a copy of the original, nothing is left under UPLOADS_DIR.
    await avifMade(mediaId, 1280);
    expect(filesOnDisk(`${server.dataDir}/uploads`)).toEqual([]);
  });
});
