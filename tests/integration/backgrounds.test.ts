// Section backgrounds over HTTP (PUT /api/background-images, DELETE /api/background-images/{id}):
// bad input is refused with a readable message and changes nothing, an unknown id is a 404, and a
// background set from an upload shows on the home page (as derivatives) until it is removed.
// @both-stores: npm test runs this file a second time with its media in S3 (TEST_STORAGE=s3).
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { derivativeKey, mediaPrefix } from '~/lib/platform/server/storage/storage';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';
import { expectServedFromStore, inSiteStore, storedKeys } from '../helpers/stored';
import { grantUpload, putUpload } from '../helpers/uploads';

let server: RunningServer;
let cookie: string;

interface Entry {
  id: string;
  section: string;
  imageUrl: string;
  altText: string | null;
}

const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: {
      origin: server.url,
      cookie,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });

const list = async () => (await (await fetch(`${server.url}/api/background-images`)).json()) as Entry[];

async function uploadImage(): Promise<string> {
  const url = await grantUpload(server.url, cookie, 'image');
  const jpeg = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#42607a' } })
    .jpeg()
    .toBuffer();
  const res = await putUpload(server.url, url, jpeg, { 'content-type': 'image/jpeg' });
  expect(res.status).toBe(200);
  return ((await res.json()) as { url: string }).url;
}

beforeAll(async () => {
  server = await startServer();
  cookie = await signIn(server.url);
});
afterAll(async () => {
  await server?.stop();
});

describe('refused input', () => {
  it.each([
    [{ section: 'contact', imageUrl: 'javascript:alert(1)' }, /javascript: addresses are not allowed/],
    [
      { section: 'contact', imageUrl: 'data:image/png;base64,iVBORw0KGgo=' },
      /data: addresses are not allowed/,
    ],
    [{ section: 'contact', imageUrl: 'http://images.example.org/a.jpg' }, /Plain http/],
    [{ section: 'contact', imageUrl: 'https://u:p@images.example.org/a.jpg' }, /user name or password/],
    [{ section: 'contact', imageUrl: 'https://127.0.0.1/a.jpg' }, /private or reserved/],
    [{ section: 'contact', imageUrl: 'https://[::ffff:169.254.169.254]/latest' }, /private or reserved/],
    [{ section: 'contact', imageUrl: '/media/unknown1234/1920.jpg' }, /not found on this site/],
    [{ section: 'contact', imageUrl: '' }, /Please enter an image URL/],
    [{ section: 'footer', imageUrl: '/media/unknown1234/1920.jpg' }, /section must be/],
    [{ section: 'contact' }, /image URL/],
  ])('%o is a 400 with a message', async (body, message) => {
    const res = await send('PUT', '/api/background-images', body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(message);
    expect((await list()).filter((b) => b.section === 'contact')).toEqual([]);
  });

  it('refuses a body that is not JSON, and an unknown id to delete', async () => {
    const bad = await send('PUT', '/api/background-images', '{not json');
    expect(bad.status).toBe(400);
    const missing = await send('DELETE', '/api/background-images/no-such-background');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { message: string }).message).toMatch(/not found/);
  });
});

describe('a background from an upload', () => {
  it('shows on the home page as derivatives, and removing it brings back the default look', async () => {
    const uploaded = await uploadImage();
    const res = await send('PUT', '/api/background-images', {
      section: 'contact',
      imageUrl: uploaded,
      altText: 'Sugarloaf in the mist',
    });
    expect(res.status).toBe(200);
    const saved = (await res.json()) as Entry;
    expect(saved).toMatchObject({ section: 'contact', altText: 'Sugarloaf in the mist' });
    expect(saved.imageUrl).toMatch(/^\/media\/[A-Za-z0-9_-]+\/1280\.jpg$/);
    expect((await list()).find((b) => b.section === 'contact')?.id).toBe(saved.id);

    const mediaId = saved.imageUrl.split('/')[2] ?? '';
    await expectServedFromStore(server, saved.imageUrl, derivativeKey(mediaId, 1280, 'jpg'));
    const home = await (await fetch(`${server.url}/`)).text();
    expect(home).toContain('data-section-background="contact"');
    expect(home).toContain(`/media/${mediaId}/640.webp 640w`);
    expect(home).toContain('alt="Sugarloaf in the mist"');

    const removed = await send('DELETE', `/api/background-images/${saved.id}`);
    expect(removed.status).toBe(204);
    const after = await (await fetch(`${server.url}/`)).text();
    expect(after).not.toContain('data-section-background="contact"');
    expect((await fetch(`${server.url}${saved.imageUrl}`)).status).toBe(404);
    await inSiteStore(server, async () => expect(await storedKeys(mediaPrefix(mediaId))).toEqual([]));
  });

  it('shows in the about and gallery sections and the shop header, each under its scrim', async () => {
    const uploaded = await uploadImage();
    const ids: string[] = [];
    for (const section of ['about', 'gallery', 'shop']) {
      const res = await send('PUT', '/api/background-images', { section, imageUrl: uploaded });
      expect(res.status).toBe(200);
      ids.push(((await res.json()) as Entry).id);
    }
    const home = await (await fetch(`${server.url}/`)).text();
    expect(home).toMatch(/data-section-background="about"[\s\S]*bg-mist-50\/90/);
    expect(home).toMatch(/data-section-background="gallery"[\s\S]*bg-white\/90/);
    const shop = await (await fetch(`${server.url}/shop`)).text();
    // The shop header is at the top of the page: its image loads at once.
    expect(shop).toMatch(/data-section-background="shop"[\s\S]*?<img[^>]*fetchpriority="high"/);
    for (const id of ids) expect((await send('DELETE', `/api/background-images/${id}`)).status).toBe(204);
    expect(await (await fetch(`${server.url}/shop`)).text()).not.toContain('data-section-background');
  });

  it('as the hero background wins over an older hero photo choice', async () => {
    const uploaded = await uploadImage();
    const res = await send('PUT', '/api/background-images', { section: 'hero', imageUrl: uploaded });
    expect(res.status).toBe(200);
    const saved = (await res.json()) as Entry;
    const hero = (await (await fetch(`${server.url}/api/homepage-hero`)).json()) as { imageUrl: string };
    expect(hero.imageUrl).toBe(saved.imageUrl);
    const home = await (await fetch(`${server.url}/`)).text();
    const mediaId = saved.imageUrl.split('/')[2];
    const heroImg = home.match(/<img[^>]*fetchpriority="high"[^>]*>/)?.[0] ?? '';
    expect(heroImg).toContain(`/media/${mediaId}/`);
    expect((await send('DELETE', `/api/background-images/${saved.id}`)).status).toBe(204);
  });
});
