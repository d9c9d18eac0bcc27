// The owner's price, print-fit, payments and enquiry tools over HTTP on the built server, signed in
// as the owner: a price change shows in the shop at once, a bad one is a 400 that changes nothing,
// variants are generated once, a size a photo has too few pixels for is neither offered nor sold,
// and enquiries are listed and marked handled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSiteDb } from '../helpers/db';
import { makeEnquiry, makeFramings, makePhoto, makeVariant } from '../helpers/factories';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';

let server: RunningServer;
let cookie: string;
let enquiryId: string;

beforeAll(async () => {
  server = await startServer();
  cookie = await signIn(server.url);
  withSiteDb(server.dataDir, (db) => {
    makePhoto(db, { id: 'p-tay', title: 'Lough Tay', width: 6000, height: 4000 });
    makePhoto(db, { id: 'p-small', title: 'Sugarloaf', width: 2400, height: 1600 });
    for (const size of ['small', 'medium', 'large'] as const) {
      makeVariant(db, { id: `v-tay-${size}`, photoId: 'p-tay', size, finish: 'matte' });
      makeVariant(db, { id: `v-small-${size}`, photoId: 'p-small', size, finish: 'matte' });
    }
    makeFramings(db);
    enquiryId = makeEnquiry(db, { serviceInterest: 'prints', message: 'A large print of Lough Tay?' }).id;
    makeEnquiry(db, { handledAt: new Date() });
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
const json = async (res: Response) => (await res.json()) as Record<string, unknown> & { message?: string };
const shopPrices = async (photoId: string) =>
  Object.fromEntries(
    (
      (await (await fetch(`${server.url}/api/photos/${photoId}/variants`)).json()) as {
        size: string;
        finish: string;
        price: string;
      }[]
    ).map((v) => [`${v.size}/${v.finish}`, v.price]),
  );

describe('prices', () => {
  it('a new print price shows in the shop’s print dialog at once', async () => {
    const res = await call('PUT', '/api/admin/pricing', {
      updates: [{ size: 'small', finish: 'matte', price: '52.5' }],
    });
    expect(res.status).toBe(200);
    const matrix = (await res.json()) as { prints: { size: string; finish: string; price: string }[] };
    expect(matrix.prints).toContainEqual(
      expect.objectContaining({ size: 'small', finish: 'matte', price: '52.50', priceCents: 5250 }),
    );
    expect(await shopPrices('p-tay')).toMatchObject({ 'small/matte': '52.50', 'large/matte': '110.00' });
  });

  it('the products list, kept by the page cache, shows a new price on the next request', async () => {
    const smallMatte = async () => {
      const res = await fetch(`${server.url}/api/products`);
      const list = (await res.json()) as { id: string; price: string }[];
      return { cache: res.headers.get('x-cache'), price: list.find((p) => p.id === 'v-tay-small')?.price };
    };
    await smallMatte();
    expect((await smallMatte()).cache).toBe('hit');
    const res = await call('PUT', '/api/admin/pricing', {
      updates: [{ size: 'small', finish: 'matte', price: '48.25' }],
    });
    expect(res.status).toBe(200);
    expect(await smallMatte()).toEqual({ cache: 'miss', price: '48.25' });
    await call('PUT', '/api/admin/pricing', { updates: [{ size: 'small', finish: 'matte', price: '52.5' }] });
    expect((await smallMatte()).price).toBe('52.50');
  });

  it('a bad entry is a 400 naming it, and nothing of the update is saved', async () => {
    const before = await (await call('GET', '/api/admin/pricing')).json();
    const res = await call('PUT', '/api/admin/pricing', {
      updates: [
        { size: 'large', finish: 'matte', price: 99 },
        { size: 'medium', finish: 'matte', price: '12.345' },
      ],
    });
    expect(res.status).toBe(400);
    expect((await json(res)).message).toMatch(/^The price of medium matte prints must be/);
    expect(await (await call('GET', '/api/admin/pricing')).json()).toEqual(before);
    expect((await shopPrices('p-tay'))['large/matte']).toBe('110.00');
    expect((await call('PUT', '/api/admin/pricing', '{not json')).status).toBe(400);
  });

  it('frame prices are set per size and listed with the framing options', async () => {
    const res = await call('PUT', '/api/admin/framing-pricing', { updates: [{ size: 'large', price: 45 }] });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { framing: unknown[] }).framing).toContainEqual({
      size: 'large',
      price: '45.00',
      priceCents: 4500,
      isActive: true,
    });
    const options = (await (await call('GET', '/api/admin/framing-options')).json()) as unknown[];
    expect(options).toContainEqual(
      expect.objectContaining({ size: 'large', price: '45.00', priceCents: 4500, isActive: true }),
    );
    const bad = await call('PUT', '/api/admin/framing-pricing', { updates: [{ size: 'huge', price: 1 }] });
    expect(bad.status).toBe(400);
  });

  it('generating variants makes the missing ones at the current prices, and none the second time', async () => {
    const first = await call('POST', '/api/admin/generate-variants');
    expect(await first.json()).toEqual({ created: 6 });
    expect(await (await call('POST', '/api/admin/generate-variants')).json()).toEqual({ created: 0 });
    expect(await shopPrices('p-tay')).toMatchObject({ 'small/gloss': '45.00', 'small/matte': '52.50' });
  });
});

describe('print fit', () => {
  it('lists each photo’s sizes with their resolution', async () => {
    const res = await call('GET', '/api/admin/print-fit');
    const body = (await res.json()) as { minPpi: number; photos: { photoId: string; sizes: unknown[] }[] };
    expect(body.minPpi).toBe(150);
    expect(body.photos.find((p) => p.photoId === 'p-small')?.sizes).toEqual([
      { size: 'small', ppi: 200, fits: true },
      { size: 'medium', ppi: 133, fits: false },
      { size: 'large', ppi: 100, fits: false },
    ]);
  });

  it('a size the photo is too small for is not offered and an order for it is refused', async () => {
    expect(Object.keys(await shopPrices('p-small')).sort()).toEqual(['small/gloss', 'small/matte']);
    const res = await fetch(`${server.url}/api/paypal/order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({
        lines: [{ variantId: 'v-small-large', framing: null, quantity: 1 }],
        country: 'IE',
      }),
    });
    expect(res.status).toBe(400);
    expect((await json(res)).message).toBe(
      '"Sugarloaf" (large, 16x20 inches) is not available at that size: the photo does not have enough detail for a sharp print.',
    );
  });
});

describe('payments info', () => {
  it('says test mode without keys', async () => {
    expect(await (await call('GET', '/api/admin/payments')).json()).toEqual({
      mode: 'test',
      clientIdSet: false,
      secretSet: false,
      variables: ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_ENV'],
    });
  });
});

describe('enquiries', () => {
  it('lists the waiting ones, marks one handled, and lists all on asking', async () => {
    const waiting = (await (await call('GET', '/api/admin/enquiries')).json()) as {
      enquiries: { id: string; serviceLabel: string; handledAt: string | null }[];
      unhandled: number;
    };
    expect(waiting.unhandled).toBe(1);
    expect(waiting.enquiries).toEqual([
      expect.objectContaining({ id: enquiryId, serviceLabel: 'Custom Print Order', handledAt: null }),
    ]);

    const res = await call('PATCH', `/api/admin/enquiries/${enquiryId}`, { handled: true });
    expect(res.status).toBe(200);
    expect((await res.json()) as { handledAt: string }).toMatchObject({
      id: enquiryId,
      handledAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(await (await call('GET', '/api/admin/enquiries?filter=unhandled')).json()).toEqual({
      enquiries: [],
      unhandled: 0,
    });
    const all = (await (await call('GET', '/api/admin/enquiries?filter=all')).json()) as {
      enquiries: unknown[];
    };
    expect(all.enquiries).toHaveLength(2);
  });

  it('answers 404 for an unknown enquiry and 400 for a bad body or filter', async () => {
    expect((await call('PATCH', '/api/admin/enquiries/no-such-id', { handled: true })).status).toBe(404);
    expect((await call('PATCH', `/api/admin/enquiries/${enquiryId}`, { handled: 'yes' })).status).toBe(400);
    expect((await call('GET', '/api/admin/enquiries?filter=spam')).status).toBe(400);
  });
});
