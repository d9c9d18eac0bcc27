// The owner's photo endpoints over HTTP on the built server: the list, adding through a signed upload
// and editing (bad input is a 400 that saves nothing, an unknown photo a 404), the one homepage hero
// under concurrent requests, hiding a photo from the public reads, deleting only what was never
// ordered, and the featured order. Every refusal answers JSON { message }.
// @both-stores: npm test runs this file a second time with its media in S3 (TEST_STORAGE=s3).
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSiteDb } from '../helpers/db';
import { makeOrder, makePhoto, makeVariant } from '../helpers/factories';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';
import { grantUpload, putUpload } from '../helpers/uploads';

let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  server = await startServer();
  cookie = await signIn(server.url);
  withSiteDb(server.dataDir, (db) => {
    makePhoto(db, { id: 'p-tay', title: 'Lough Tay', featured: true });
    makePhoto(db, { id: 'p-dan', title: 'Lough Dan', featured: true });
    makePhoto(db, { id: 'p-ordered', title: 'Glendalough' });
    const variant = makeVariant(db, { photoId: 'p-ordered' });
    makeOrder(db, { payment: 'paid', items: [{ productVariantId: variant.id }] });
    for (let i = 0; i < 6; i++) makePhoto(db, { id: `p-race-${i}`, title: `Race ${i}` });
  });
});
afterAll(async () => {
  await server?.stop();
});

function call(method: string, path: string, body?: unknown) {
  return fetch(`${server.url}${path}`, {
    method,
    headers: {
      cookie,
      origin: server.url,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function sendForm(method: 'POST' | 'PUT', path: string, fields: Record<string, string | Blob>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return fetch(`${server.url}${path}`, { method, headers: { cookie, origin: server.url }, body });
}

const message = async (res: Response) => ((await res.json()) as { message?: string }).message;

interface Listed {
  photos: { id: string; title: string; homepageHero: boolean; isActive: boolean; everOrdered: boolean }[];
  featuredIds: string[];
}
const list = async () => (await (await call('GET', '/api/admin/photos')).json()) as Listed;
const heroes = async () => (await list()).photos.filter((p) => p.homepageHero).map((p) => p.id);

const jpeg = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: '#6d8a99' } })
    .jpeg()
    .toBuffer();

describe('the list', () => {
  it('holds every photo with what its badges need', async () => {
    const { photos } = await list();
    expect(photos.find((p) => p.id === 'p-ordered')).toMatchObject({ everOrdered: true, isActive: true });
    expect(photos.find((p) => p.id === 'p-tay')).toMatchObject({ everOrdered: false });
  });
});

describe('adding and editing', () => {
  let added: string;

  it('adds a photo from a signed upload, and edits its title keeping the image', async () => {
    const url = await grantUpload(server.url, cookie);
    expect((await putUpload(server.url, url, await jpeg(), { 'content-type': 'image/jpeg' })).status).toBe(
      200,
    );
    const res = await sendForm('POST', '/api/admin/photos', {
      title: 'Powerscourt',
      category: 'countryside',
      featured: 'false',
      imageUrl: url,
    });
    expect(res.status).toBe(201);
    const photo = (await res.json()) as { id: string; imageUrl: string };
    added = photo.id;
    const edited = await sendForm('PUT', `/api/admin/photos/${added}`, {
      title: 'Powerscourt Waterfall',
      category: 'countryside',
    });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ title: 'Powerscourt Waterfall', imageUrl: photo.imageUrl });
  });

  it('adds a photo sent as the image file field too', async () => {
    const res = await sendForm('POST', '/api/admin/photos', {
      title: 'Djouce',
      image: new File([new Uint8Array(await jpeg())], 'djouce.jpg', { type: 'image/jpeg' }),
    });
    expect(res.status).toBe(201);
  });

  it('refuses an add without an image (400) and saves nothing', async () => {
    const before = (await list()).photos.length;
    const res = await sendForm('POST', '/api/admin/photos', { title: 'No image' });
    expect(res.status).toBe(400);
    expect(await message(res)).toBe('Please select an image file');
    expect((await list()).photos.length).toBe(before);
  });

  it('refuses a missing title, a wrong category, and a body that is not a form', async () => {
    const noTitle = await sendForm('PUT', `/api/admin/photos/${added}`, { title: '  ' });
    expect(noTitle.status).toBe(400);
    expect(await message(noTitle)).toBe('Title is required');
    const badCategory = await sendForm('PUT', `/api/admin/photos/${added}`, {
      title: 'X',
      category: 'lakes',
    });
    expect(badCategory.status).toBe(400);
    const garbage = await call('POST', '/api/admin/photos', '{not json');
    expect(garbage.status).toBe(400);
    expect(await message(garbage)).toMatch(/form/);
    expect((await list()).photos.find((p) => p.id === added)?.title).toBe('Powerscourt Waterfall');
  });

  it('answers 404 for an unknown photo', async () => {
    const res = await sendForm('PUT', '/api/admin/photos/no-such-photo', { title: 'Ghost' });
    expect(res.status).toBe(404);
    expect(await message(res)).toBe('That photo was not found.');
  });
});

describe('the homepage hero', () => {
  it('is exactly one photo after many concurrent requests', async () => {
    const ids = Array.from({ length: 6 }, (_, i) => `p-race-${i}`);
    const answers = await Promise.all(
      [...ids, ...ids].map((id) => call('PUT', `/api/admin/photos/${id}/homepage-hero`)),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect(await heroes()).toHaveLength(1);
  });

  it('is refused for an unknown photo (404) and a hidden one (400)', async () => {
    const before = await heroes();
    expect((await call('PUT', '/api/admin/photos/no-such-photo/homepage-hero')).status).toBe(404);
    expect((await call('PUT', '/api/admin/photos/p-dan/visibility', { isActive: false })).status).toBe(200);
    const hidden = await call('PUT', '/api/admin/photos/p-dan/homepage-hero');
    expect(hidden.status).toBe(400);
    expect(await message(hidden)).toMatch(/hidden photo/);
    expect(await heroes()).toEqual(before);
    expect((await call('PUT', '/api/admin/photos/p-dan/visibility', { isActive: true })).status).toBe(200);
  });
});

describe('hiding and showing', () => {
  it('takes a photo off the public list and brings it back', async () => {
    const publicIds = async () =>
      ((await (await fetch(`${server.url}/api/photos`)).json()) as { id: string }[]).map((p) => p.id);
    expect(await publicIds()).toContain('p-tay');
    expect((await call('PUT', '/api/admin/photos/p-tay/visibility', { isActive: false })).status).toBe(200);
    expect(await publicIds()).not.toContain('p-tay');
    expect((await fetch(`${server.url}/shop`).then((r) => r.text())).includes('Lough Tay')).toBe(false);
    expect((await call('PUT', '/api/admin/photos/p-tay/visibility', { isActive: true })).status).toBe(200);
    expect(await publicIds()).toContain('p-tay');
  });

  it('refuses garbage JSON, a wrong type and an unknown photo', async () => {
    const garbage = await call('PUT', '/api/admin/photos/p-tay/visibility', '{"isActive":');
    expect(garbage.status).toBe(400);
    expect(await message(garbage)).toBe('The request body must be valid JSON.');
    const wrongType = await call('PUT', '/api/admin/photos/p-tay/visibility', { isActive: 'no' });
    expect(wrongType.status).toBe(400);
    expect(await message(wrongType)).toMatch(/^Say whether the photo is shown/);
    expect((await call('PUT', '/api/admin/photos/nope/visibility', { isActive: false })).status).toBe(404);
  });
});

describe('deleting', () => {
  it('refuses an ordered photo (409) with a plain reason, and keeps it', async () => {
    const res = await call('DELETE', '/api/admin/photos/p-ordered');
    expect(res.status).toBe(409);
    expect(await message(res)).toMatch(/hide it instead, so that past orders still show what was bought/);
    expect((await list()).photos.some((p) => p.id === 'p-ordered')).toBe(true);
  });

  it('removes a photo never ordered, and answers 404 after', async () => {
    const res = await call('DELETE', '/api/admin/photos/p-race-0');
    expect(res.status).toBe(204);
    expect((await list()).photos.some((p) => p.id === 'p-race-0')).toBe(false);
    expect((await call('DELETE', '/api/admin/photos/p-race-0')).status).toBe(404);
  });
});

describe('the featured order', () => {
  it('saves the order the home gallery follows, and refuses bad lists', async () => {
    const res = await call('PUT', '/api/admin/photos/featured-order', { ids: ['p-dan', 'p-tay'] });
    expect(res.status).toBe(200);
    expect((await list()).featuredIds).toEqual(['p-dan', 'p-tay']);
    expect((await call('PUT', '/api/admin/photos/featured-order', { ids: 'p-dan' })).status).toBe(400);
    expect((await call('PUT', '/api/admin/photos/featured-order', '[')).status).toBe(400);
    expect((await call('PUT', '/api/admin/photos/featured-order', { ids: ['p-dan', 'nope'] })).status).toBe(
      404,
    );
    expect((await call('PUT', '/api/admin/photos/featured-order', { ids: ['p-ordered'] })).status).toBe(400);
    expect((await list()).featuredIds).toEqual(['p-dan', 'p-tay']);
  });
});
