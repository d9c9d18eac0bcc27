// The owner's print lab screens over HTTP on the built server, its lab the Prodigi fake (a sandbox
// key pointed at the fake): the card and an order's lab actions answer the owner only, refuse
// another site's change, garbage and a huge body, and change nothing then; a code the lab does not
// know is a 422 naming it, the lab down a 503; a known one is saved and read back; a held lab order
// is sent to the lab from its order, and cancelled.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProdigiFakeServer } from '~/lib/lab/prodigi-fake.server';
import { labOrders, labProducts } from '~db/schema';
import { withSiteDb } from '../helpers/db';
import { makeOrder } from '../helpers/factories';
import { message, ownerRequests } from '../helpers/owner-requests';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';

let server: RunningServer;
let lab: Awaited<ReturnType<typeof startProdigiFakeServer>>;
let cookie: string;
let orderId: string;

beforeAll(async () => {
  lab = await startProdigiFakeServer();
  // The sender waits an hour between passes: a lab order approved here stays queued while looked at.
  server = await startServer({
    PRODIGI_API_KEY: lab.fake.apiKey,
    PRODIGI_API_BASE: lab.url,
    LAB_SEND_EVERY_SECONDS: '3600',
  });
  cookie = await signIn(server.url);
  orderId = withSiteDb(server.dataDir, (db) => {
    const order = makeOrder(db, {
      payment: 'paid',
      items: [{ labSku: 'GLOBAL-FAP-16X20', labSizing: 'fillPrintArea' }],
    });
    const at = new Date();
    db.insert(labOrders)
      .values({ orderId: order.id, state: 'held', nextAttemptAt: at, createdAt: at, updatedAt: at })
      .run();
    return order.id;
  });
});
afterAll(async () => {
  await server?.stop();
  await lab?.stop();
});

const call = ownerRequests(
  () => server,
  () => cookie,
);
const large = { size: 'large', finish: 'matte', framed: false, madeBy: 'lab', sku: 'GLOBAL-FAP-16X20' };
const card = (prints: unknown[]) => ({ prints, holdForApproval: false, shippingMethod: 'Standard' });
const stored = () =>
  withSiteDb(server.dataDir, (db) => ({
    products: db.select().from(labProducts).all(),
    lab: db.select().from(labOrders).where(eq(labOrders.orderId, orderId)).get(),
  }));

describe('only the owner', () => {
  const routes = (): [string, string, unknown?][] => [
    ['GET', '/api/admin/lab'],
    ['PUT', '/api/admin/lab', card([large])],
    ['POST', `/api/admin/orders/${orderId}/lab`, { action: 'approve' }],
  ];

  it('answers 401 without a session, by any spelling of the path, and changes nothing', async () => {
    const before = stored();
    for (const [method, path, body] of routes()) {
      for (const spelling of [path, path.replace('/api/', '//api/'), path.replace('/admin/', '/%61dmin/')]) {
        const res = await fetch(`${server.url}${spelling}`, {
          method,
          headers: { origin: server.url, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        expect(res.status, `${method} ${spelling}`).toBe(401);
      }
    }
    expect(stored()).toEqual(before);
  });

  it('refuses a change from another site, even with the owner’s cookie', async () => {
    const before = stored();
    for (const [method, path, body] of routes().slice(1)) {
      const res = await call(method, path, body, { origin: 'https://evil.example' });
      expect(res.status, path).toBe(403);
    }
    expect(stored()).toEqual(before);
  });

  it('refuses garbage with a 400 and a sentence, and a huge body with a 413', async () => {
    const before = stored();
    for (const body of ['{not json', [], { prints: 'all' }, card([{ ...large, sku: 'no spaces please' }])]) {
      const res = await call('PUT', '/api/admin/lab', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await message(res)).toMatch(/[A-Z].+\.$/);
    }
    for (const body of ['{not json', { action: 'refund' }, {}]) {
      const res = await call('POST', `/api/admin/orders/${orderId}/lab`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const huge = JSON.stringify(card([{ ...large, attributes: 'x'.repeat(300_000) }]));
    expect((await call('PUT', '/api/admin/lab', huge)).status).toBe(413);
    expect((await call('POST', `/api/admin/orders/${orderId}/lab`, huge)).status).toBe(413);
    expect(stored()).toEqual(before);
  });
});

describe('the print lab card', () => {
  it('says the lab’s mode, and refuses a code the lab does not know with its reason', async () => {
    const shown = (await (await call('GET', '/api/admin/lab')).json()) as { mode: string; prints: unknown[] };
    expect(shown.mode).toBe('sandbox');
    // The six products of a new shop, unframed: this site has no frame for sale.
    expect(shown.prints).toHaveLength(6);
    const res = await call('PUT', '/api/admin/lab', card([{ ...large, sku: 'GLOBAL-NOPE-9' }]));
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      message:
        'The lab does not know the product code GLOBAL-NOPE-9: The requested entity could not be found. Nothing was saved.',
      field: 'prints.0.sku',
    });
    expect(stored().products).toEqual([]);
  });

  it('answers 503 while the lab is down, then saves once it is back', async () => {
    lab.fake.down = true;
    try {
      const res = await call('PUT', '/api/admin/lab', card([large]));
      expect(res.status).toBe(503);
      expect(await message(res)).toBe(
        'The lab could not be reached to check the product codes; nothing was saved. Try again in a minute.',
      );
    } finally {
      lab.fake.down = false;
    }
    expect(stored().products).toEqual([]);
    const saved = await call('PUT', '/api/admin/lab', card([large]));
    expect(saved.status).toBe(200);
    const again = (await (await call('GET', '/api/admin/lab')).json()) as {
      prints: { size: string; finish: string; framed: boolean; madeBy: string; sku: string }[];
    };
    expect(again.prints.filter((p) => p.madeBy === 'lab')).toEqual([
      expect.objectContaining({ size: 'large', finish: 'matte', framed: false, sku: 'GLOBAL-FAP-16X20' }),
    ]);
  });
});

describe('an order’s lab order', () => {
  it('shows in the order, is sent to the lab from it, and then cancelled before it goes', async () => {
    const order = (await (await call('GET', `/api/admin/orders/${orderId}`)).json()) as {
      lab: { state: string };
      items: { labSku: string | null }[];
    };
    expect(order.lab.state).toBe('held');
    expect(order.items[0]?.labSku).toBe('GLOBAL-FAP-16X20');
    const approved = await call('POST', `/api/admin/orders/${orderId}/lab`, { action: 'approve' });
    expect(approved.status).toBe(200);
    expect(((await approved.json()) as { lab: { state: string } }).lab.state).toBe('queued');
    const twice = await call('POST', `/api/admin/orders/${orderId}/lab`, { action: 'approve' });
    expect(twice.status).toBe(409);
    expect(await message(twice)).toBe('This lab order cannot be approved: it is being sent to the lab.');
    const cancelled = await call('POST', `/api/admin/orders/${orderId}/lab`, { action: 'cancel' });
    expect(cancelled.status).toBe(200);
    expect(((await cancelled.json()) as { lab: { state: string } }).lab.state).toBe('cancelled');
    expect((await call('POST', '/api/admin/orders/nope/lab', { action: 'cancel' })).status).toBe(404);
  });
});

describe('the lab’s key', () => {
  it('says a key in the environment comes first, and refuses to replace or remove it here', async () => {
    const state = await call('GET', '/api/admin/lab/key');
    expect(await state.json()).toEqual({ keyFrom: 'environment', environment: 'sandbox' });
    const before = withSiteDb(server.dataDir, (db) =>
      db.$client
        .prepare("select key, value from app_meta where key like 'secret:%' or key like 'lab:%'")
        .all(),
    );
    const replace = await call('PUT', '/api/admin/lab/key', {
      apiKey: 'sandbox_another-key',
      environment: 'live',
    });
    expect(replace.status).toBe(409);
    expect(await message(replace)).toMatch(/environment \(PRODIGI_API_KEY\)/);
    expect((await call('DELETE', '/api/admin/lab/key')).status).toBe(409);
    for (const body of [
      '{',
      { apiKey: 'short', environment: 'sandbox' },
      { apiKey: 'sandbox_key!!', environment: 'x' },
    ]) {
      const res = await call('PUT', '/api/admin/lab/key', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await message(res)).toMatch(/[A-Z].+\.$/);
    }
    expect(
      withSiteDb(server.dataDir, (db) =>
        db.$client
          .prepare("select key, value from app_meta where key like 'secret:%' or key like 'lab:%'")
          .all(),
      ),
    ).toEqual(before);
    // The key is never sent back.
    expect(JSON.stringify(await (await call('GET', '/api/admin/lab')).json())).not.toContain(lab.fake.apiKey);
  });
});
