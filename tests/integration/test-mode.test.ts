// Test mode on a site served over https, against the built server: without PayPal keys the site
// refuses to start a checkout (503 with a sentence, and the setup call says so for the checkout
// page), so a live site forgotten in test mode never "sells" an unpaid print; with PAYPAL_MODE=test
// it takes the order, stored and shown as a test order, left out of every sales figure and mailed
// as one.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '~db/schema';
import { withSiteDb } from '../helpers/db';
import { makePhoto, makeVariant } from '../helpers/factories';
import { CUSTOMER } from '../helpers/fixtures';
import { waitForOutbox } from '../helpers/outbox';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';

const SITE_URL = 'https://wicklow-light.example';
const LINES = [{ variantId: 'v-tay', framing: null, quantity: 2 }];

let closed: RunningServer;
let testing: RunningServer;

const withPrint = (site: RunningServer) =>
  withSiteDb(site.dataDir, (db) => {
    makePhoto(db, { id: 'p-tay', title: 'Lough Tay' });
    makeVariant(db, { id: 'v-tay', photoId: 'p-tay', size: 'small', finish: 'matte', priceCents: 4500 });
  });

beforeAll(async () => {
  [closed, testing] = await Promise.all([
    startServer({ SITE_URL }),
    startServer({ SITE_URL, PAYPAL_MODE: 'test' }),
  ]);
  withPrint(closed);
  withPrint(testing);
});

afterAll(async () => {
  await Promise.all([closed?.stop(), testing?.stop()]);
});

const post = (site: RunningServer, path: string, body: unknown) =>
  fetch(`${site.url}${path}`, {
    method: 'POST',
    headers: { origin: site.url, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const ownerGet = async (site: RunningServer, cookie: string, path: string) => {
  const res = await fetch(`${site.url}${path}`, { headers: { cookie } });
  expect(res.status, path).toBe(200);
  return res.json();
};

describe('an https site without PayPal keys', () => {
  it('refuses to create an order with 503 and a sentence, and stores none', async () => {
    const res = await post(closed, '/api/paypal/order', { lines: LINES, country: 'IE' });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: 'Payments are not set up on this site yet.' });
    expect(withSiteDb(closed.dataDir, (db) => db.select().from(orders).all())).toEqual([]);
  });

  it('tells the checkout that payments are not set up, with no test button to offer', async () => {
    const res = await fetch(`${closed.url}/api/paypal/setup`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ mode: 'off', message: 'Payments are not set up on this site yet.' });
  });

  it('shows the owner that payments are off', async () => {
    const cookie = await signIn(closed.url);
    expect(await ownerGet(closed, cookie, '/api/admin/payments')).toMatchObject({ mode: 'off' });
  });
});

describe('an https site with PAYPAL_MODE=test', () => {
  it('takes the order as a test order: never paid in any figure, and mailed as a test order', async () => {
    const setup = await (await fetch(`${testing.url}/api/paypal/setup`)).json();
    expect(setup).toMatchObject({ mode: 'test', clientToken: expect.any(String) });

    const created = await post(testing, '/api/paypal/order', { lines: LINES, country: 'IE' });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const captured = await post(testing, `/api/paypal/order/${id}/capture`, {
      customerData: CUSTOMER,
      cartItems: [],
    });
    expect(captured.status).toBe(200);
    const orderId = ((await captured.json()) as { order: { id: string } }).order.id;

    const stored = withSiteDb(testing.dataDir, (db) =>
      db.select().from(orders).where(eq(orders.id, orderId)).get(),
    );
    // Two prints of 45.00 and 10.00 of shipping to Ireland.
    expect(stored).toMatchObject({ testMode: true, totalAmountCents: 10000 });

    const cookie = await signIn(testing.url);
    const dashboard = await ownerGet(testing, cookie, '/api/admin/dashboard');
    expect(dashboard).toMatchObject({ totalSales: '0.00', totalOrders: 0, totalPhotosSold: 0 });
    // A test order is no sale to another EU country either.
    expect(dashboard.oss).toMatchObject({ net: '0.00', level: 'under' });
    expect(dashboard.recentOrders).toEqual([expect.objectContaining({ id: orderId, testMode: true })]);
    const sales = await ownerGet(testing, cookie, '/api/admin/sales');
    expect(sales.weeks).toHaveLength(12);
    for (const week of sales.weeks) expect(week).toMatchObject({ sales: '0.00', orders: 0 });
    expect(sales.topPhotos).toEqual([]);
    for (const size of sales.sizes) expect(size).toMatchObject({ prints: 0, sales: '0.00' });
    expect(await ownerGet(testing, cookie, `/api/admin/orders/${orderId}`)).toMatchObject({
      testMode: true,
    });
    const list = await ownerGet(testing, cookie, '/api/orders?page=1&limit=10');
    expect(list.orders).toEqual([expect.objectContaining({ id: orderId, testMode: true })]);

    const mails = await waitForOutbox(testing.dataDir, (m) => m.length >= 2);
    const toBuyer = mails.find((m) => m.to === CUSTOMER.email);
    expect(toBuyer?.subject).toMatch(/^Your test order #\w+: no payment taken$/);
    expect(toBuyer?.text).toContain('Test order — no payment taken');
    expect(toBuyer?.text).not.toContain('Your payment has been received');
  });
});

describe('a limited edition bought in test mode, and clearing test orders', () => {
  it('numbers no copy, leaves the edition changeable, and the owner clears the test orders', async () => {
    withSiteDb(testing.dataDir, (db) => {
      makePhoto(db, { id: 'p-dan', title: 'Lough Dan', editionSize: 2 });
      makeVariant(db, { id: 'v-dan', photoId: 'p-dan', size: 'small', priceCents: 4500 });
    });
    const created = await post(testing, '/api/paypal/order', {
      lines: [{ variantId: 'v-dan', framing: null, quantity: 2 }],
      country: 'IE',
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const captured = await post(testing, `/api/paypal/order/${id}/capture`, {
      customerData: CUSTOMER,
      cartItems: [],
    });
    expect(captured.status).toBe(200);
    const orderId = ((await captured.json()) as { order: { id: string } }).order.id;
    const left = await (await fetch(`${testing.url}/api/photos/p-dan/edition`)).json();
    expect(left).toEqual({ editionSize: 2, left: 2 });

    const cookie = await signIn(testing.url);
    expect((await ownerGet(testing, cookie, `/api/admin/orders/${orderId}`)).editionCopies).toEqual([]);
    const resize = await fetch(`${testing.url}/api/admin/photos/p-dan/edition`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: testing.url, cookie },
      body: '{"editionSize":1}',
    });
    expect(resize.status).toBe(200);

    // Clearing: refused without a session and from another site, then done for the owner.
    const clear = (headers: Record<string, string>) =>
      fetch(`${testing.url}/api/admin/test-orders`, { method: 'DELETE', headers });
    expect((await clear({ origin: testing.url })).status).toBe(401);
    expect((await clear({ origin: 'https://evil.example', cookie })).status).toBe(403);
    expect(await ownerGet(testing, cookie, '/api/admin/test-orders')).toEqual({ count: 2 });
    const cleared = await clear({ origin: testing.url, cookie });
    expect(cleared.status).toBe(200);
    expect(await cleared.json()).toMatchObject({
      removed: 2,
      message: 'Cleared 2 test orders. Orders paid through PayPal were not touched.',
    });
    expect((await ownerGet(testing, cookie, '/api/orders?page=1&limit=10')).total).toBe(0);
  });
});
