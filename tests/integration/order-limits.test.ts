// Limits on starting orders, over HTTP against the built server in test mode: quantities are capped
// after repeated lines are combined, one client may start 20 orders an hour, and orders never paid are
// removed 7 days after they were started (checked here at start-up).
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSiteDb } from '../helpers/db';
import { makeOrder, makePhoto, makeVariant } from '../helpers/factories';
import { type RunningServer, startServer } from '../helpers/server';

let site: RunningServer;
const db = () => new Database(join(site.dataDir, 'site.sqlite'));
const orderCount = () => {
  const d = db();
  const { n } = d.prepare('select count(*) as n from orders').get() as { n: number };
  d.close();
  return n;
};

beforeAll(async () => {
  // The test speaks as several clients through X-Forwarded-For, as a local reverse proxy would.
  site = await startServer({ TRUSTED_PROXIES: '127.0.0.1' });
  withSiteDb(site.dataDir, (d) => {
    const photo = makePhoto(d, { title: 'Lough Tay' });
    makeVariant(d, { id: 'v-s', photoId: photo.id, size: 'small', finish: 'matte', priceCents: 4500 });
  });
});
afterAll(async () => {
  await site?.stop();
});

/** Each test speaks as its own client (the front trusts X-Forwarded-For from this machine only). */
const createOrder = (client: string, lines: unknown[]) =>
  fetch(`${site.url}/api/paypal/order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: JSON.stringify({ lines, country: 'IE', currency: 'EUR', intent: 'CAPTURE' }),
  });
const one = { variantId: 'v-s', framing: null, quantity: 1 };

describe('starting an order', () => {
  it('refuses 50 lines of 100 of the same print with 400 and stores no order', async () => {
    const before = orderCount();
    const lines = Array.from({ length: 50 }, () => ({ variantId: 'v-s', framing: null, quantity: 100 }));
    const res = await createOrder('203.0.113.1', lines);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/at most (100 copies of one print|500 prints)/);
    const split = await createOrder('203.0.113.1', [
      { variantId: 'v-s', framing: null, quantity: 60 },
      { variantId: 'v-s', framing: null, quantity: 60 },
    ]);
    expect(split.status).toBe(400);
    expect((await split.json()).message).toBe(
      'You can order at most 100 copies of one print (Lough Tay, small (8x12 inches) matte). Please lower the quantity.',
    );
    expect(orderCount()).toBe(before);
  });

  it('lets one client start 20 orders an hour, and answers the 21st with 429', async () => {
    for (let i = 1; i <= 20; i++)
      expect((await createOrder('203.0.113.2', [one])).status, `order ${i}`).toBe(201);
    const before = orderCount();
    const res = await createOrder('203.0.113.2', [one]);
    expect(res.status).toBe(429);
    expect((await res.json()).message).toBe(
      'Too many orders were started from your connection. Please try again in an hour.',
    );
    expect(orderCount()).toBe(before);
    // Another client is not held back.
    expect((await createOrder('203.0.113.3', [one])).status).toBe(201);
  });
});

describe('orders never paid', () => {
  it('are removed at start once 7 days old, with their items; recent and held ones stay', async () => {
    const day = 24 * 60 * 60 * 1000;
    const ago = (ms: number) => new Date(Date.now() - ms);
    withSiteDb(site.dataDir, (d) => {
      makeOrder(d, { id: 'o-old', customerName: '', createdAt: ago(8 * day) });
      makeOrder(d, { id: 'o-recent', customerName: '', createdAt: ago(2 * day) });
      makeOrder(d, { id: 'o-held', payment: 'held', customerName: '', createdAt: ago(9 * day) });
      makeOrder(d, { id: 'o-paid', payment: 'paid', customerName: '', createdAt: ago(9 * day) });
    });
    await site.stop();
    site = await startServer({ DATA_DIR: site.dataDir, TRUSTED_PROXIES: '127.0.0.1' });
    const after = db();
    const left = after.prepare("select id from orders where id like 'o-%' order by id").all() as {
      id: string;
    }[];
    const items = after.prepare("select order_id from order_items where order_id = 'o-old'").all();
    after.close();
    expect(left.map((r) => r.id)).toEqual(['o-held', 'o-paid', 'o-recent']);
    expect(items).toEqual([]);
  });
});
