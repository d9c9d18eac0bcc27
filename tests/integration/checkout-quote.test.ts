// The checkout's quote and the order made from it, over HTTP against the built server, whose PayPal
// is the fake over HTTP: the quote prices a cart by country and code, refuses bad input with a
// sentence, limits wrong codes per client (429 with Retry-After), and the order charges exactly the
// quoted total with a PayPal breakdown that adds up, its figures stored on the order.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaypalFake, startPaypalFakeServer } from '~/lib/payments/paypal-fake.server';
import { withSiteDb } from '../helpers/db';
import { makeDiscountCode, makeFramings, makePhoto, makeVariant } from '../helpers/factories';
import { type RunningServer, startServer } from '../helpers/server';

let site: RunningServer;
let fake: PaypalFake;
let stopPaypal: () => Promise<void>;

beforeAll(async () => {
  const paypal = await startPaypalFakeServer();
  fake = paypal.fake;
  stopPaypal = paypal.stop;
  // The test speaks as several clients through X-Forwarded-For, as a local reverse proxy would.
  site = await startServer({
    TRUSTED_PROXIES: '127.0.0.1',
    PAYPAL_CLIENT_ID: fake.clientId,
    PAYPAL_CLIENT_SECRET: fake.clientSecret,
    PAYPAL_API_BASE: paypal.url,
  });
  withSiteDb(site.dataDir, (d) => {
    const photo = makePhoto(d, { title: 'Lough Tay' });
    makeVariant(d, { id: 'v-s', photoId: photo.id, size: 'small', finish: 'matte', priceCents: 4500 });
    const edition = makePhoto(d, { title: 'Glendalough', editionSize: 20 });
    makeVariant(d, { id: 'v-ed', photoId: edition.id, size: 'large', finish: 'gloss', priceCents: 11000 });
    makeFramings(d, { small: 2500, medium: 3000, large: 4000 });
    makeDiscountCode(d, { code: 'WICKLOW10', kind: 'percent', value: 10 });
  });
}, 180_000);
afterAll(async () => {
  await site?.stop();
  await stopPaypal?.();
});

let clients = 0;
const post = (path: string, body: unknown, client = `198.51.100.${++clients}`) =>
  fetch(`${site.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const LINES = [
  { variantId: 'v-s', framing: null, quantity: 2 },
  { variantId: 'v-ed', framing: 'large', quantity: 1 },
];

describe('POST /api/checkout/quote', () => {
  it('prices the cart for Ireland and for Australia, each with its own shipping', async () => {
    const ireland = await post('/api/checkout/quote', { lines: [LINES[0]], country: 'IE' });
    expect(ireland.status).toBe(200);
    expect(ireland.headers.get('cache-control')).toBe('no-store');
    expect(await ireland.json()).toMatchObject({
      currency: 'EUR',
      zone: { id: 'ie', name: 'Ireland' },
      itemTotal: '90.00',
      shipping: '10.00',
      discount: '0.00',
      total: '100.00',
      vat: [{ rate: 23, amount: '18.70' }],
      lines: [{ description: 'Lough Tay, small (8x12 inches) matte', quantity: 2, unitAmount: '45.00' }],
    });
    const australia = await post('/api/checkout/quote', { lines: [LINES[0]], country: 'au' });
    expect(await australia.json()).toMatchObject({
      zone: { id: 'world', name: 'Rest of the world' },
      shipping: '31.00',
      total: '121.00',
    });
  });

  it('applies a code and shows the VAT at each rate', async () => {
    const res = await post('/api/checkout/quote', { lines: LINES, country: 'IE', discountCode: 'wicklow10' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      itemTotal: '240.00',
      discount: '24.00',
      shipping: '0.00',
      total: '216.00',
      discountCode: 'WICKLOW10',
    });
    expect(body.vat.map((v: { rate: number }) => v.rate)).toEqual([23, 13.5]);
  });

  it('refuses bad input with a sentence and the right status', async () => {
    const refused = async (body: unknown, status: number, message: string | RegExp, extra = {}) => {
      const res = await post('/api/checkout/quote', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      const answer = await res.json();
      expect(answer.message).toMatch(message);
      expect(answer).toMatchObject(extra);
      expect(JSON.stringify(answer)).not.toMatch(/at .*\.(js|ts|mjs):\d+/);
    };
    await refused({ lines: LINES, country: 'ZZ' }, 422, 'Please choose a country from the list.');
    await refused({ lines: LINES }, 400, 'Please choose a country from the list.');
    await refused({ lines: LINES, country: 'Ireland' }, 400, 'Please choose a country from the list.');
    await refused(
      { lines: LINES, country: 'IE', discountCode: 'WICK LOW10' },
      422,
      'This code is not valid',
      {
        field: 'discountCode',
      },
    );
    await refused(
      { lines: LINES, country: 'IE', discountCode: 'x'.repeat(10 * 1024) },
      400,
      /This code is not valid/,
    );
    await refused({ lines: [{ ...LINES[0], quantity: -1 }], country: 'IE' }, 400, /at least 1/);
    await refused({ lines: [{ ...LINES[0], quantity: 1.5 }], country: 'IE' }, 400, /whole number/);
    await refused({ lines: [], country: 'IE' }, 400, /empty/);
    await refused('{"lines": [', 400, 'The request body must be valid JSON.');
  });

  it('refuses a country the owner stopped shipping to', async () => {
    withSiteDb(site.dataDir, (d) =>
      d.$client.prepare("insert into shipping_countries (country, zone_id) values ('NZ', null)").run(),
    );
    const res = await post('/api/checkout/quote', { lines: LINES, country: 'NZ' });
    expect(res.status).toBe(422);
    expect((await res.json()).message).toBe(
      'Sorry, prints cannot be shipped to New Zealand at the moment. Please contact us about your order.',
    );
  });

  it('answers 429 with Retry-After after 10 wrong codes from one client, even for a right code', async () => {
    const guesser = '203.0.113.77';
    for (let i = 0; i < 10; i++) {
      const res = await post(
        '/api/checkout/quote',
        { lines: LINES, country: 'IE', discountCode: `GUESS${i}` },
        guesser,
      );
      expect(res.status).toBe(422);
    }
    const limited = await post(
      '/api/checkout/quote',
      { lines: LINES, country: 'IE', discountCode: 'WICKLOW10' },
      guesser,
    );
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(500);
    expect((await limited.json()).message).toMatch(
      /^Too many codes that do not work were tried from your connection/,
    );
    // Order creation with a code is held back too; without a code the client may still buy.
    const order = await post(
      '/api/paypal/order',
      { lines: LINES, country: 'IE', discountCode: 'WICKLOW10' },
      guesser,
    );
    expect(order.status).toBe(429);
    expect((await post('/api/checkout/quote', { lines: LINES, country: 'IE' }, guesser)).status).toBe(200);
    expect(
      (await post('/api/checkout/quote', { lines: LINES, country: 'IE', discountCode: 'WICKLOW10' })).status,
    ).toBe(200);
  });
});

describe('POST /api/paypal/order with a country and a code', () => {
  it('charges the quoted total, with a PayPal breakdown that adds up, and stores its figures', async () => {
    const cart = { lines: LINES, country: 'AU', discountCode: 'WICKLOW10' };
    const quoted = await (await post('/api/checkout/quote', cart)).json();
    const res = await post('/api/paypal/order', { ...cart, amount: '0.01' });
    expect(res.status).toBe(201);
    const { id } = await res.json();
    const unit = fake.orders.get(id)?.purchaseUnits[0];
    const eur = (value: string) => ({ currency_code: 'EUR', value });
    // 240.00 of prints, 24.00 off, and to the rest of the world 25 + 2 × 6 + 60 for the frame.
    expect(quoted).toMatchObject({
      itemTotal: '240.00',
      discount: '24.00',
      shipping: '97.00',
      total: '313.00',
    });
    expect(unit?.amount).toEqual({
      ...eur(quoted.total),
      breakdown: {
        item_total: eur(quoted.itemTotal),
        shipping: eur(quoted.shipping),
        discount: eur(quoted.discount),
      },
    });
    expect(unit?.items?.map((i) => [i.quantity, i.unit_amount?.value])).toEqual([
      ['2', '45.00'],
      ['1', '150.00'],
    ]);
    const db = new Database(join(site.dataDir, 'site.sqlite'), { readonly: true });
    try {
      expect(db.prepare('select * from orders where paypal_order_id = ?').get(id)).toMatchObject({
        total_amount_cents: 31300,
        item_total_cents: 24000,
        shipping_cents: 9700,
        discount_cents: 2400,
        ship_country: 'AU',
        shipping_zone: 'world',
        discount_code: 'WICKLOW10',
      });
    } finally {
      db.close();
    }
  });

  it('refuses an order without a country, or to one not shipped to, and asks PayPal nothing', async () => {
    const before = fake.orders.size;
    expect((await post('/api/paypal/order', { lines: LINES })).status).toBe(400);
    expect((await post('/api/paypal/order', { lines: LINES, country: 'NZ' })).status).toBe(422);
    expect(fake.orders.size).toBe(before);
  });
});
