// The owner's order endpoints over HTTP against the built server in test mode (the in-process PayPal
// fake): the list with search and pages, a status change recorded in the history, 400 for an
// unknown status, 404 for an unknown order, and a test-mode purchase refunded end to end (order and
// payment cancelled, refund id stored, a second refund 409).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSiteDb } from '../helpers/db';
import { makeOrder, makePhoto, makeVariant } from '../helpers/factories';
import { CUSTOMER } from '../helpers/fixtures';
import { waitForOutbox } from '../helpers/outbox';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';

let site: RunningServer;
let cookie: string;

beforeAll(async () => {
  site = await startServer();
  cookie = await signIn(site.url);
  withSiteDb(site.dataDir, (db) => {
    makePhoto(db, { id: 'p-tay', title: 'Lough Tay' });
    makeVariant(db, { id: 'v-tay', photoId: 'p-tay', size: 'small', finish: 'matte', priceCents: 4500 });
    for (let i = 1; i <= 12; i++) {
      makeOrder(db, {
        id: `order-list-${i}`,
        customerName: `Buyer ${i}`,
        customerEmail: `buyer${i}@example.ie`,
      });
    }
    makeOrder(db, { id: 'order-niamh', customerName: 'Niamh Kelly', customerEmail: 'niamh_k@example.ie' });
  });
});

afterAll(async () => {
  await site?.stop();
});

const call = (method: string, path: string, body?: unknown) =>
  fetch(`${site.url}${path}`, {
    method,
    headers: {
      cookie,
      origin: site.url,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('the owner’s order list', () => {
  it('answers a page of orders and the total, newest first', async () => {
    const res = await call('GET', '/api/orders?page=2&limit=10');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.total).toBe(13);
    expect(body.orders.map((o: { id: string }) => o.id)).toEqual([
      'order-list-3',
      'order-list-2',
      'order-list-1',
    ]);
    expect(body.orders[0]).toMatchObject({
      customerName: 'Buyer 3',
      customerEmail: 'buyer3@example.ie',
      status: 'pending',
      paymentStatus: 'pending',
      totalAmount: '45.00',
      totalAmountCents: 4500,
      itemCount: 1,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('searches by e-mail or name, with _ taken as itself', async () => {
    const byMail = await (await call('GET', '/api/orders?search=NIAMH_K')).json();
    expect(byMail.orders.map((o: { id: string }) => o.id)).toEqual(['order-niamh']);
    const byName = await (await call('GET', '/api/orders?search=buyer%201&status=pending')).json();
    expect(byName.total).toBe(4); // Buyer 1, 10, 11, 12
    const wildcard = await (await call('GET', '/api/orders?search=buyer_')).json();
    expect(wildcard.total).toBe(0);
  });

  it('refuses a bad page, limit or status with a 400', async () => {
    for (const q of ['page=0', 'page=abc', 'limit=51', 'limit=0', 'status=lost']) {
      const res = await call('GET', `/api/orders?${q}`);
      expect(res.status, q).toBe(400);
      expect((await res.json()).message, q).toEqual(expect.any(String));
    }
  });

  it('lists the newest orders at /api/admin/orders', async () => {
    const res = await call('GET', '/api/admin/orders');
    expect(res.status).toBe(200);
    const list = await res.json();
    expect(Array.isArray(list)).toBe(true);
    expect(list.length).toBeGreaterThanOrEqual(13);
  });
});

describe('changing an order’s status', () => {
  it('answers the updated order and shows the change in its history', async () => {
    const res = await call('PATCH', '/api/orders/order-list-5/status', {
      status: 'shipped',
      carrier: 'An Post',
      trackingNumber: 'RR123456789IE',
    });
    expect(res.status).toBe(200);
    const order = await res.json();
    expect(order).toMatchObject({ id: 'order-list-5', status: 'shipped', carrier: 'An Post' });
    const details = await (await call('GET', '/api/admin/orders/order-list-5')).json();
    expect(details.history).toEqual([
      expect.objectContaining({
        fromStatus: 'pending',
        toStatus: 'shipped',
        changedBy: 'owner@example.com',
        note: 'Carrier: An Post, tracking number: RR123456789IE',
        customerNotified: true,
      }),
    ]);
    const mails = await waitForOutbox(site.dataDir, (all) => all.some((m) => m.to === 'buyer5@example.ie'));
    const mail = mails.find((m) => m.to === 'buyer5@example.ie');
    expect(mail?.text).toContain('Tracking number: RR123456789IE');
  });

  it('takes PUT /api/admin/orders/{id}/status the same way', async () => {
    const res = await call('PUT', '/api/admin/orders/order-list-6/status', {
      status: 'delivered',
      notifyCustomer: false,
    });
    expect(res.status).toBe(200);
    expect((await res.json()).history).toHaveLength(1);
  });

  it('refuses an unknown status (400) and an unknown order (404)', async () => {
    const bad = await call('PATCH', '/api/orders/order-list-7/status', { status: 'lost' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/^The status must be one of: /);
    const unknown = await call('PATCH', '/api/orders/no-such-order/status', { status: 'shipped' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Order not found.' });
    expect((await call('GET', '/api/admin/orders/no-such-order')).status).toBe(404);
  });
});

describe('refunding a test-mode purchase', () => {
  it('cancels the order and its payment, stores the refund id, and refuses a second refund', async () => {
    const created = await call('POST', '/api/paypal/order', {
      lines: [{ variantId: 'v-tay', framing: null, quantity: 2 }],
      country: 'IE',
      currency: 'EUR',
      intent: 'CAPTURE',
    });
    expect(created.status).toBe(201);
    const { id: paypalOrderId } = await created.json();
    const captured = await call('POST', `/api/paypal/order/${paypalOrderId}/capture`, {
      customerData: CUSTOMER,
      cartItems: [],
    });
    expect(captured.status).toBe(200);
    const { order } = await captured.json();

    const unpaid = await call('POST', '/api/admin/orders/order-list-8/refund', {});
    expect(unpaid.status).toBe(409);

    const res = await call('POST', `/api/admin/orders/${order.id}/refund`, {});
    expect(res.status).toBe(200);
    const refunded = await res.json();
    expect(refunded).toMatchObject({
      id: order.id,
      status: 'cancelled',
      paymentStatus: 'cancelled',
      totalAmount: '100.00',
      refundId: expect.stringMatching(/^[A-Z0-9]{17}$/),
      refundStatus: 'COMPLETED',
      refundedAt: expect.any(String),
    });
    expect(refunded.history.at(-1)).toMatchObject({
      toStatus: 'cancelled',
      note: `Refunded €100.00 (PayPal refund ${refunded.refundId})`,
    });
    const again = await call('POST', `/api/admin/orders/${order.id}/refund`, {});
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: 'This order has already been refunded.' });
    const dashboard = await (await call('GET', '/api/admin/dashboard')).json();
    expect(dashboard.totalOrders).toBe(0);
  });
});

describe('the older names of the owner’s order endpoints', () => {
  const anonymous = (method: string, path: string, body?: unknown) =>
    fetch(`${site.url}${path}`, {
      method,
      headers: { origin: site.url, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const answer = async (res: Response) => ({ status: res.status, body: await res.json() });

  it('GET /api/orders answers as GET /api/admin/orders with the same query', async () => {
    for (const q of ['page=2&limit=5', 'search=buyer%201&status=pending', 'page=1&limit=10', 'limit=51']) {
      const alias = await answer(await call('GET', `/api/orders?${q}`));
      expect(alias, q).toEqual(await answer(await call('GET', `/api/admin/orders?${q}`)));
    }
    const page = await (await call('GET', '/api/admin/orders?page=1&limit=5')).json();
    expect(page.orders).toHaveLength(5);
    expect(page.total).toBeGreaterThanOrEqual(13);
  });

  it('PATCH /api/orders/{id}/status answers as PUT /api/admin/orders/{id}/status', async () => {
    const change = { status: 'processing', notifyCustomer: false };
    const alias = await answer(await call('PATCH', '/api/orders/order-list-9/status', change));
    const admin = await answer(await call('PUT', '/api/admin/orders/order-list-10/status', change));
    expect(alias.status).toBe(200);
    // Two orders of the same shape: the same fields, status and history, but for ids and times.
    const same = (o: { status: string; history: Record<string, unknown>[] }) => ({
      fields: Object.keys(o).sort(),
      status: o.status,
      history: o.history.map(({ fromStatus, toStatus, changedBy, note, customerNotified }) => ({
        fromStatus,
        toStatus,
        changedBy,
        note,
        customerNotified,
      })),
    });
    expect(same(alias.body)).toEqual(same(admin.body));
    expect(alias.body).toMatchObject({ id: 'order-list-9', status: 'processing' });
    for (const [body, id] of [
      [{ status: 'lost' }, 'order-list-11'],
      [{ status: 'shipped' }, 'no-such-order'],
    ] as const) {
      expect(await answer(await call('PATCH', `/api/orders/${id}/status`, body))).toEqual(
        await answer(await call('PUT', `/api/admin/orders/${id}/status`, body)),
      );
    }
  });

  it('both names are the owner’s alone', async () => {
    const refused = await answer(await anonymous('GET', '/api/admin/orders?page=1'));
    expect(refused.status).toBe(401);
    expect(await answer(await anonymous('GET', '/api/orders?page=1'))).toEqual(refused);
    const change = { status: 'shipped' };
    const put = await answer(await anonymous('PUT', '/api/admin/orders/order-list-11/status', change));
    expect(put.status).toBe(401);
    expect(await answer(await anonymous('PATCH', '/api/orders/order-list-11/status', change))).toEqual(put);
  });
});
