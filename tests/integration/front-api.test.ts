// The endpoints the node:http front answers itself (server/front-api.ts): a visitor's cart event and
// the two requests of a PayPal payment. A request without a session cookie is answered at the front;
// one with a session cookie (here a stale one, so no one is signed in) goes through Astro's router
// and middleware to the same endpoint. For every input, good and bad, both must answer alike: the
// same status, the same words, the same headers (but those that differ between any two answers).
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSiteDb } from '../helpers/db';
import { makePhoto, makeVariant } from '../helpers/factories';
import { CUSTOMER } from '../helpers/fixtures';
import { type RunningServer, startServer } from '../helpers/server';

let site: RunningServer;

beforeAll(async () => {
  site = await startServer({ PAYPAL_MODE: 'test', TRUSTED_PROXIES: '127.0.0.1' });
  withSiteDb(site.dataDir, (db) => {
    makePhoto(db, { id: 'p-tay', title: 'Lough Tay' });
    makeVariant(db, { id: 'v-tay', photoId: 'p-tay', size: 'small', finish: 'matte', priceCents: 4500 });
  });
});
afterAll(async () => {
  await site?.stop();
});

const STALE_SESSION = 'better-auth.session_token=stale.session';
/** Headers that differ between any two answers, or with how the body was written. */
const SHAPE_FREE = new Set([
  'date',
  'x-request-id',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
]);
const LINES = [{ variantId: 'v-tay', framing: null, quantity: 1 }];

let addresses = 0;
/** Each request from an address of its own, so that no rate limit is shared between cases. */
const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${site.url}${path}`, {
    method: 'POST',
    headers: {
      origin: site.url,
      'content-type': 'application/json',
      'x-forwarded-for': `87.198.1.${++addresses}`,
      ...headers,
    },
    body,
  });

/** A cookie without its value and without the order id in its name. */
const cookieShape = (cookie: string) =>
  cookie.replace(/^[^;]*/, (pair) =>
    pair.replace(/[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}/g, '…').replace(/=.*/, '=…'),
  );

const shape = (res: Response) =>
  [...res.headers]
    .filter(([name]) => !SHAPE_FREE.has(name))
    .map(([name, value]) => [name, name === 'set-cookie' ? cookieShape(value) : value])
    .sort(([a], [b]) => String(a).localeCompare(String(b)));

/** Posts `body` at the front and through Astro; expects the same answer; returns both. */
async function bothAlike(path: string, body: string, headers: Record<string, string> = {}) {
  const front = await post(path, body, headers);
  const astro = await post(path, body, { ...headers, cookie: STALE_SESSION });
  const label = `${path} ${body.slice(0, 40)} ${JSON.stringify(headers)}`;
  expect(front.status, label).toBe(astro.status);
  const [frontText, astroText] = [await front.text(), await astro.text()];
  expect(shape(front), label).toEqual(shape(astro));
  return { status: front.status, front: frontText, astro: astroText, label };
}

const BAD_BODIES: [string, Record<string, string>][] = [
  ['{}', { origin: 'https://evil.example' }],
  ['{}', { origin: 'null' }],
  ['{}', { origin: '', 'sec-fetch-site': 'cross-site' }],
  ['{"x": ', {}],
  ['', {}],
  ['[]', {}],
  ['"text"', {}],
  [JSON.stringify({ pad: 'x'.repeat(300 * 1024) }), {}],
];

describe('answers at the front as Astro does', () => {
  it('for a cart event, good and bad', async () => {
    const cases: [string, Record<string, string>][] = [
      ['{"event":"cart"}', {}],
      ['\uFEFF{"event":"cart"}', {}],
      ['{"event":"purchase"}', {}],
      ['{"event":"cart","extra":1}', {}],
      [JSON.stringify({ event: 'cart', pad: 'x'.repeat(2000) }), {}],
      ...BAD_BODIES,
    ];
    for (const [body, headers] of cases) {
      const { front, astro, label } = await bothAlike('/api/visits', body, headers);
      expect(front, label).toBe(astro);
    }
  });

  it('for a PayPal order refused', async () => {
    const cases: [string, Record<string, string>][] = [
      [JSON.stringify({ lines: [], country: 'IE' }), {}],
      [JSON.stringify({ lines: [{ variantId: 'v-none', framing: null, quantity: 1 }], country: 'IE' }), {}],
      ...BAD_BODIES,
    ];
    for (const [body, headers] of cases) {
      const { status, front, astro, label } = await bothAlike('/api/paypal/order', body, headers);
      expect(status, label).toBeGreaterThanOrEqual(400);
      expect(front, label).toBe(astro);
    }
  });

  it('for a PayPal order created and captured', async () => {
    const created = await bothAlike('/api/paypal/order', JSON.stringify({ lines: LINES, country: 'IE' }));
    expect(created.status).toBe(201);
    const ids = [JSON.parse(created.front).id as string, JSON.parse(created.astro).id as string];
    expect(ids[0]).not.toBe(ids[1]);

    const capture = JSON.stringify({ customerData: CUSTOMER, cartItems: [] });
    const front = await post(`/api/paypal/order/${ids[0]}/capture`, capture);
    const astro = await post(`/api/paypal/order/${ids[1]}/capture`, capture, { cookie: STALE_SESSION });
    expect(front.status).toBe(200);
    expect(astro.status).toBe(200);
    expect(shape(front)).toEqual(shape(astro));
    for (const res of [front, astro]) {
      expect(await res.json()).toEqual({ status: 'COMPLETED', order: { id: expect.any(String) } });
    }
    // A second capture of the same order (a retried request) gives the same outcome again.
    const again = await bothAlike(`/api/paypal/order/${ids[0]}/capture`, capture);
    expect(again.status).toBe(200);
    expect(again.front).toBe(again.astro);
  });

  it('for a capture refused', async () => {
    const capture = JSON.stringify({ customerData: CUSTOMER, cartItems: [] });
    for (const [path, body, headers] of [
      ['/api/paypal/order/not-an-id!/capture', capture, {}],
      ['/api/paypal/order/5O190127TN364715T/capture', capture, {}],
      ['/api/paypal/order/5O190127TN364715T/capture', JSON.stringify({ cartItems: [] }), {}],
      ...BAD_BODIES.map(([b, h]) => ['/api/paypal/order/5O190127TN364715T/capture', b, h]),
    ] as [string, string, Record<string, string>][]) {
      const { status, front, astro, label } = await bothAlike(path, body, headers);
      expect(status, label).toBeGreaterThanOrEqual(400);
      expect(front, label).toBe(astro);
    }
  });
});

/** A cart event with a Host header of the client's own making (fetch cannot set one). */
const withHost = (host: string, cookie?: string) =>
  new Promise<number>((resolve, reject) => {
    const url = new URL(site.url);
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: '/api/visits',
        method: 'POST',
        headers: { host, 'content-type': 'text/plain', ...(cookie ? { cookie } : {}) },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end('{"event":"cart"}');
  });

describe('answers a Host that is no address', () => {
  it('as Astro does', async () => {
    for (const host of ['a b', 'x:99999999', '[::1', 'exa%mple']) {
      const [front, astro] = [await withHost(host), await withHost(host, STALE_SESSION)];
      expect(front, host).toBe(astro);
      expect(front, host).toBeLessThan(500);
    }
  });
});

describe('leaves to Astro', () => {
  it('a route spelt in another case, and any method but POST', async () => {
    const upper = await bothAlike('/API/visits', '{"event":"cart"}');
    expect(upper.status).toBeGreaterThanOrEqual(400);
    const put = (cookie?: string) =>
      fetch(`${site.url}/api/visits`, {
        method: 'PUT',
        headers: { origin: site.url, ...(cookie ? { cookie } : {}) },
        body: '{}',
      });
    const [front, astro] = [await put(), await put(STALE_SESSION)];
    expect(front.status).toBeGreaterThanOrEqual(400);
    expect(front.status).toBe(astro.status);
  });
});
