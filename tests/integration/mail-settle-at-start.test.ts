// Settling at start, on the built server against the PayPal fake over HTTP: PayPal completed a
// capture, but the site stopped before it recorded it. At the next start the order is found (it
// holds a PayPal order id and is still pending), asked about with GET /v2/checkout/orders/{id},
// marked paid, and its two mails are delivered; a further restart sends them no second time. An
// order whose buyer never approved the payment stays pending and is never captured by the site.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaypalClient } from '~/lib/payments/paypal-client.server';
import { type PaypalFake, startPaypalFakeServer } from '~/lib/payments/paypal-fake.server';
import { withSiteDb } from '../helpers/db';
import { makePhoto, makeVariant } from '../helpers/factories';
import { readOutbox, waitForOutbox } from '../helpers/outbox';
import { type RunningServer, startServer } from '../helpers/server';

let site: RunningServer;
let paypal: Awaited<ReturnType<typeof startPaypalFakeServer>>;
let fake: PaypalFake;
let env: Record<string, string>;

beforeAll(async () => {
  paypal = await startPaypalFakeServer();
  fake = paypal.fake;
  env = {
    OWNER_EMAIL: 'owner@example.com',
    PAYPAL_CLIENT_ID: fake.clientId,
    PAYPAL_CLIENT_SECRET: fake.clientSecret,
    PAYPAL_API_BASE: paypal.url,
  };
  site = await startServer(env);
  withSiteDb(site.dataDir, (d) => {
    makePhoto(d, { id: 'p-tay', title: 'Lough Tay', category: 'mountains' });
    makeVariant(d, { id: 'v-tay', photoId: 'p-tay', size: 'small', finish: 'matte', priceCents: 4500 });
  });
});
afterAll(async () => {
  await site?.stop();
  await paypal?.stop();
});

async function startOrder(): Promise<string> {
  const res = await fetch(`${site.url}/api/paypal/order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ lines: [{ variantId: 'v-tay', framing: null, quantity: 2 }], country: 'IE' }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const order = (paypalOrderId: string) => {
  const db = new Database(join(site.dataDir, 'site.sqlite'), { readonly: true });
  try {
    return db
      .prepare('select id, payment_status, payment_id from orders where paypal_order_id = ?')
      .get(paypalOrderId) as { id: string; payment_status: string; payment_id: string | null };
  } finally {
    db.close();
  }
};

async function restart(): Promise<void> {
  await site.stop();
  site = await startServer({ ...env, DATA_DIR: site.dataDir });
}

describe('settling at start', () => {
  it('marks paid a capture PayPal completed before the site stopped, and mails it once', async () => {
    const captured = await startOrder();
    const abandoned = await startOrder();
    // The checkout stored the buyer and asked PayPal to capture; the site stopped before the answer.
    withSiteDb(site.dataDir, (d) =>
      d.$client
        .prepare(
          "update orders set customer_name = 'Aoife Byrne', customer_email = 'aoife@example.ie' where paypal_order_id = ?",
        )
        .run(captured),
    );
    const buyer = new PaypalClient({
      apiBase: paypal.url,
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
    });
    await buyer.captureOrder(captured, 'capture-before-the-crash');
    const captures = () => fake.calls.filter((c) => c.path.endsWith('/capture')).length;
    expect(order(captured).payment_status).toBe('pending');

    await restart();
    await expect.poll(() => order(captured).payment_status, { timeout: 15_000 }).toBe('completed');
    const { id } = order(captured);
    const mine = (mails: ReturnType<typeof readOutbox>) => mails.filter((m) => m.text.includes(id));
    const mails = mine(await waitForOutbox(site.dataDir, (all) => mine(all).length >= 2));
    expect(mails.map((m) => m.to).sort()).toEqual(['aoife@example.ie', 'owner@example.com']);
    expect(fake.calls.some((c) => c.method === 'GET' && c.path === `/v2/checkout/orders/${abandoned}`)).toBe(
      true,
    );
    expect(order(abandoned).payment_status).toBe('pending');

    // Another start settles nothing again and mails nothing again.
    const before = captures();
    await restart();
    await expect
      .poll(() => fake.calls.filter((c) => c.path === `/v2/checkout/orders/${abandoned}`).length, {
        timeout: 15_000,
      })
      .toBeGreaterThan(1);
    await new Promise((r) => setTimeout(r, 1000));
    expect(mine(readOutbox(site.dataDir))).toHaveLength(2);
    expect(order(abandoned).payment_status).toBe('pending');
    expect(captures()).toBe(before);
  }, 120_000);
});
