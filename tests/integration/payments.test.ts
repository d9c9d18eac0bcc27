// The money path over HTTP against the PayPal fake (PAYPAL_API_BASE): the amount PayPal is asked
// for is always the server's, a capture is paid only when COMPLETED with that amount in EUR, captures
// are idempotent, bad order ids never leave the box, and the OAuth token is reused.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type PaypalFake, startPaypalFakeServer } from '~/lib/payments/paypal-fake.server';
import { shortOrderId } from '~/lib/platform/shared/format';
import { DEFAULT_ZONES, shippingCents } from '~/lib/selling/shipping-zones';
import { withSiteDb } from '../helpers/db';
import { makeFramings, makePhoto, makeVariant } from '../helpers/factories';
import { CUSTOMER } from '../helpers/fixtures';
import { waitForOutbox } from '../helpers/outbox';
import { type RunningServer, startServer } from '../helpers/server';

let site: RunningServer;
let paypal: Awaited<ReturnType<typeof startPaypalFakeServer>>;
let fake: PaypalFake;

const VARIANTS = [
  { id: 'v-tay-s-m', size: 'small', finish: 'matte', cents: 4500 },
  { id: 'v-tay-m-g', size: 'medium', finish: 'gloss', cents: 7500 },
  { id: 'v-tay-l-g', size: 'large', finish: 'gloss', cents: 11000 },
  { id: 'v-bray-s-g', size: 'small', finish: 'gloss', cents: 4999 },
] as const;
const FRAMES = { small: 2500, medium: 3000, large: 4000 } as const;
const customerData = CUSTOMER;

function db() {
  return new Database(join(site.dataDir, 'site.sqlite'));
}

beforeAll(async () => {
  paypal = await startPaypalFakeServer();
  fake = paypal.fake;
  site = await startServer({
    PAYPAL_CLIENT_ID: fake.clientId,
    PAYPAL_CLIENT_SECRET: fake.clientSecret,
    PAYPAL_API_BASE: paypal.url,
    // Payments PayPal holds for review are asked about again every second here (10 minutes by default).
    PAYMENT_RECHECK_SECONDS: '1',
    // The test speaks as many clients through X-Forwarded-For, as a local reverse proxy would.
    TRUSTED_PROXIES: '127.0.0.1',
  });
  // Let the pending-payment check run first, as it does in production a few seconds after start:
  // it makes the PayPal client first, and PayPal's errors must still be recognised by the endpoints.
  await new Promise((r) => setTimeout(r, 1500));
  withSiteDb(site.dataDir, (d) => {
    makePhoto(d, { id: 'p-tay', title: 'Lough Tay', category: 'mountains' });
    makePhoto(d, { id: 'p-bray', title: 'Bray Head', category: 'coastal' });
    makePhoto(d, { id: 'p-old', title: 'Retired', category: 'other', isActive: false });
    for (const v of VARIANTS) {
      const photoId = v.id.startsWith('v-tay') ? 'p-tay' : 'p-bray';
      makeVariant(d, { id: v.id, photoId, size: v.size, finish: v.finish, priceCents: v.cents });
    }
    makeVariant(d, { id: 'v-old', photoId: 'p-old', size: 'small', finish: 'matte', priceCents: 100 });
    makeFramings(d, FRAMES);
  });
});

afterAll(async () => {
  await site?.stop();
  await paypal?.stop();
});

beforeEach(() => {
  fake.captureBehaviour = 'complete';
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${site.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

// One address may start 20 orders an hour: each order here comes from an address of its own (the
// front trusts X-Forwarded-For from this machine only).
let clients = 0;
const nextClient = () => {
  clients += 1;
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
};

async function createOrder(lines: unknown[], extra: Record<string, unknown> = {}) {
  const res = await post(
    '/api/paypal/order',
    { lines, country: 'IE', currency: 'EUR', intent: 'CAPTURE', ...extra },
    { 'x-forwarded-for': nextClient() },
  );
  return { res, body: (await res.json()) as { id?: string; message?: string } };
}

const paidCount = (paypalOrderId: string) =>
  (
    db()
      .prepare("select count(*) as n from orders where paypal_order_id = ? and payment_status = 'completed'")
      .get(paypalOrderId) as { n: number }
  ).n;

const IRELAND = DEFAULT_ZONES.find((z) => z.id === 'ie')!;

describe('creating an order', () => {
  it('asks PayPal for the server’s amount whatever the browser claims (1,000 cases)', async () => {
    const line = fc.record({
      variant: fc.constantFrom(...VARIANTS),
      framed: fc.boolean(),
      quantity: fc.integer({ min: 1, max: 100 }),
      // Tampering: prices, totals and extra fields the browser may add. None may matter.
      unitCents: fc.integer({ min: -10_000, max: 10_000_000 }),
      price: fc.oneof(fc.constant('0.01'), fc.double({ noNaN: true }).map(String)),
    });
    await fc.assert(
      fc.asyncProperty(
        // Different prints per order: the same print is capped at 100 copies once its lines are combined.
        fc.uniqueArray(line, { minLength: 1, maxLength: 4, selector: (l) => `${l.variant.id}|${l.framed}` }),
        fc.double({ noNaN: true }),
        async (lines, amount) => {
          const sent = lines.map((l) => ({
            variantId: l.variant.id,
            framing: l.framed ? l.variant.size : null,
            quantity: l.quantity,
            unitCents: l.unitCents,
            price: l.price,
          }));
          const items = lines.reduce(
            (sum, l) => sum + (l.variant.cents + (l.framed ? FRAMES[l.variant.size] : 0)) * l.quantity,
            0,
          );
          // Shipped to Ireland at the default zone's rates.
          const prints = lines.reduce((n, l) => n + l.quantity, 0);
          const framed = lines.reduce((n, l) => n + (l.framed ? l.quantity : 0), 0);
          const expected = items + shippingCents(IRELAND, prints, framed, items);
          const { res, body } = await createOrder(sent, {
            amount: { currency_code: 'EUR', value: String(amount) },
            total: amount,
          });
          expect(res.status).toBe(201);
          const order = fake.orders.get(body.id as string);
          expect(order?.purchaseUnits[0]?.amount).toMatchObject({
            currency_code: 'EUR',
            value: `${Math.floor(expected / 100)}.${String(expected % 100).padStart(2, '0')}`,
          });
          const stored = db()
            .prepare('select total_amount_cents as cents from orders where paypal_order_id = ?')
            .get(body.id) as { cents: number };
          expect(stored.cents).toBe(expected);
        },
      ),
      { numRuns: 1000 },
    );
  }, 300_000);

  it('refuses tampered quantities and variants with a 400 and no PayPal order', async () => {
    const before = fake.orders.size;
    for (const lines of [
      [{ variantId: 'v-tay-s-m', framing: null, quantity: 0 }],
      [{ variantId: 'v-tay-s-m', framing: null, quantity: -2 }],
      [{ variantId: 'v-tay-s-m', framing: null, quantity: 1.5 }],
      [{ variantId: 'v-tay-s-m', framing: null, quantity: 101 }],
      [{ variantId: 'v-nope', framing: null, quantity: 1 }],
      [{ variantId: 'v-old', framing: null, quantity: 1 }],
      [{ variantId: 'v-tay-s-m', framing: 'large', quantity: 1 }],
      [],
    ]) {
      const { res, body } = await createOrder(lines);
      expect(res.status, JSON.stringify(lines)).toBe(400);
      expect(body.message).toBeTruthy();
    }
    expect(fake.orders.size).toBe(before);
  });

  it('fetches the OAuth token once for many orders', async () => {
    for (let i = 0; i < 5; i++) await createOrder([{ variantId: 'v-tay-s-m', framing: null, quantity: 1 }]);
    expect(fake.tokensIssued).toBe(1);
  });
});

describe('capturing', () => {
  const newOrder = async () => {
    const { body } = await createOrder([{ variantId: 'v-tay-l-g', framing: 'large', quantity: 1 }]);
    return body.id as string;
  };
  const capture = (id: string, body: unknown = { customerData, cartItems: [] }) =>
    post(`/api/paypal/order/${id}/capture`, body);

  it('marks the order paid for a COMPLETED capture of the stored amount, and sends both mails', async () => {
    const id = await newOrder();
    const res = await capture(id);
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body.status).toBe('COMPLETED');
    expect(body.order.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(paidCount(id)).toBe(1);
    const row = db().prepare('select * from orders where paypal_order_id = ?').get(id) as Record<
      string,
      unknown
    >;
    expect(row).toMatchObject({
      customer_name: 'Aoife Byrne',
      customer_email: 'aoife@example.ie',
      total_amount_cents: 15000,
      // PayPal keys are set (sandbox): a real order, not a test order.
      test_mode: 0,
    });
    // Both mails are queued with the payment and delivered by the sender just after.
    const mails = await waitForOutbox(
      site.dataDir,
      (all) => all.filter((m) => m.text.includes(body.order.id)).length >= 2,
    );
    expect(
      mails
        .filter((m) => m.text.includes(body.order.id))
        .map((m) => m.to)
        .sort(),
    ).toEqual(['aoife@example.ie', 'owner@example.com']);
  });

  for (const behaviour of ['wrong-amount', 'wrong-currency', 'pending', 'declined'] as const) {
    it(`leaves 0 orders paid when the capture is ${behaviour}`, async () => {
      const id = await newOrder();
      fake.captureBehaviour = behaviour;
      const res = await capture(id);
      const body = await res.json();
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(body.message).toBe(
        behaviour.startsWith('wrong')
          ? 'Order creation failed on server'
          : 'Payment was not completed successfully',
      );
      expect(paidCount(id)).toBe(0);
    });
  }

  it('hands INSTRUMENT_DECLINED back with a 422, and a 500 at PayPal as PayPal payment failed', async () => {
    const id = await newOrder();
    fake.captureBehaviour = 'instrument-declined';
    const declined = await capture(id);
    expect(declined.status, site.output().slice(-2000)).toBe(422);
    expect(await declined.json()).toMatchObject({
      message: 'PayPal payment failed',
      issue: 'INSTRUMENT_DECLINED',
    });
    const id2 = await newOrder();
    fake.captureBehaviour = 'fail500';
    const failed = await capture(id2);
    expect(failed.status).toBe(502);
    expect((await failed.json()).message).toBe('PayPal payment failed');
    expect(paidCount(id) + paidCount(id2)).toBe(0);
  });

  it('gives exactly 1 paid order for 10 concurrent captures, and answers a repeat as paid', async () => {
    const id = await newOrder();
    const results = await Promise.all(Array.from({ length: 10 }, () => capture(id)));
    const bodies = await Promise.all(results.map((r) => r.json()));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(bodies.map((b) => b.order.id)).size).toBe(1);
    expect(paidCount(id)).toBe(1);
    const again = await capture(id);
    expect(again.status).toBe(200);
    expect(paidCount(id)).toBe(1);
  });

  it('refuses an invalid order id with a 400 and makes 0 outbound calls', async () => {
    // Captures only: the pending-payment check runs every second here and makes calls of its own.
    const posts = () => fake.calls.filter((c) => c.path.endsWith('/capture')).length;
    const calls = posts();
    for (const bad of ['abc', 'A'.repeat(37), 'AB%2F..%2Fv1', 'AB-CD', 'ab12']) {
      const res = await capture(bad);
      expect(res.status, bad).toBe(400);
    }
    expect(posts()).toBe(calls);
  });

  it('refuses a capture without customer data with the message the owner wrote', async () => {
    const id = await newOrder();
    const res = await capture(id, { cartItems: [] });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('Customer data is required for order creation');
    const invalid = await capture(id, { customerData: { ...customerData, email: 'x' } });
    expect(invalid.status).toBe(400);
    expect(paidCount(id)).toBe(0);
  });

  it('refuses a buyer whose details hold a line break or another control character, before PayPal is asked', async () => {
    const id = await newOrder();
    // The capture is what must not be asked for (the site's sweep may look the order up meanwhile).
    const captures = () => fake.calls.filter((c) => c.path.endsWith(`/${id}/capture`)).length;
    const cases: [keyof typeof customerData, string, string][] = [
      ['name', 'Aoife Byrne\r\nBcc: victim@example.com', 'Name'],
      ['name', 'Aoife\tByrne', 'Name'],
      ['phone', '+353 1 234\n5678', 'Phone number'],
      ['street', '12 Main Street\u2028Bcc: victim@example.com', 'Street address'],
      ['city', 'Wick\u0085low', 'City'],
      ['postalCode', 'A67\u0000X123', 'Postal code'],
      ['country', 'Ire\u007fland', 'Country'],
    ];
    for (const [field, value, label] of cases) {
      const res = await capture(id, { customerData: { ...customerData, [field]: value }, cartItems: [] });
      expect(res.status, JSON.stringify(value)).toBe(400);
      const body = await res.json();
      expect(body.message).toBe(
        `${label} must be one line of text, without line breaks, tabs or invisible characters`,
      );
      expect(body.field).toBe(`customerData.${field}`);
    }
    const email = await capture(id, {
      customerData: { ...customerData, email: 'aoife@example.ie\r\nBcc: victim@example.com' },
    });
    expect(email.status).toBe(400);
    expect(captures()).toBe(0);
    expect(paidCount(id)).toBe(0);
    const stored = db().prepare('select customer_name from orders where paypal_order_id = ?').get(id);
    expect(stored).toEqual({ customer_name: '' });
  });

  it('answers the setup call with a client token and the mode', async () => {
    const res = await fetch(`${site.url}/api/paypal/setup`);
    expect(await res.json()).toMatchObject({
      mode: 'sandbox',
      clientId: fake.clientId,
      clientToken: expect.any(String),
    });
  });

  it('opens 60 payment sessions an hour per address, then answers 429 without calling PayPal', async () => {
    const setup = (client: string) =>
      fetch(`${site.url}/api/paypal/setup`, { headers: { 'x-forwarded-for': client } });
    const client = nextClient();
    for (let i = 0; i < 60; i++) expect((await setup(client)).status, `session ${i + 1}`).toBe(200);
    const lastCall = fake.calls.at(-1);
    const refused = await setup(client);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect((await refused.json()).message).toBe(
      'Too many payment sessions were opened from your connection. Please try again in 60 minutes.',
    );
    expect(fake.calls.at(-1)).toBe(lastCall);
    // Other addresses are not held back.
    expect((await setup(nextClient())).status).toBe(200);
  });

  it('serves only active photos and options on the shop reads', async () => {
    const variants = await (await fetch(`${site.url}/api/photos/p-tay/variants`)).json();
    expect(variants.map((v: { id: string }) => v.id).sort()).toEqual(['v-tay-l-g', 'v-tay-m-g', 'v-tay-s-m']);
    expect(await (await fetch(`${site.url}/api/photos/p-old/variants`)).json()).toEqual([]);
    const all = await (await fetch(`${site.url}/api/product-variants`)).json();
    expect(all.some((v: { id: string }) => v.id === 'v-old')).toBe(false);
    const products = await (await fetch(`${site.url}/api/products`)).json();
    expect(products[0]).toMatchObject({ price: expect.any(String), photo: { title: expect.any(String) } });
    const framing = await (await fetch(`${site.url}/api/framing-options`)).json();
    expect(framing).toHaveLength(3);
  });
});

describe('the confirmation page', () => {
  const page = (query: string, cookie?: string) =>
    fetch(`${site.url}/checkout?${query}`, { headers: cookie ? { cookie } : {} });
  /** The receipt cookie of a capture's answer, as the browser sends it back. */
  const receiptOf = (res: Response) => {
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(
      /^receipt-[0-9a-f-]{36}=[\w-]{43}; Path=\/checkout; Max-Age=604800; HttpOnly; SameSite=Lax$/,
    );
    return setCookie.split(';')[0] as string;
  };
  const paidOrder = async () => {
    const { body } = await createOrder([{ variantId: 'v-tay-s-m', framing: null, quantity: 1 }]);
    const res = await post(`/api/paypal/order/${body.id}/capture`, { customerData, cartItems: [] });
    expect(res.status).toBe(200);
    return { orderId: ((await res.json()) as { order: { id: string } }).order.id, cookie: receiptOf(res) };
  };
  const expectNeutral = async (res: Response) => {
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('We could not find that order');
    expect(html).not.toMatch(/Payment Successful|Payment Pending|Thank you for your order/);
    expect(html).toContain('href="/shop"');
  };

  it('shows a paid order as paid in the browser that paid for it, and to no one else', async () => {
    const { orderId, cookie } = await paidOrder();
    const mine = await page(`success=true&orderId=${orderId}`, cookie);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    const html = await mine.text();
    expect(html).toContain('Payment Successful!');
    // The same short order number as the admin shows.
    expect(html).toContain(shortOrderId(orderId));
    // Another browser (no receipt), a made-up order, another order's receipt, a forged receipt.
    await expectNeutral(await page(`success=true&orderId=${orderId}`));
    await expectNeutral(await page('success=true&orderId=0f5e1c2a-1111-4222-8333-944455556666', cookie));
    await expectNeutral(await page('success=true&orderId=no-such-order'));
    await expectNeutral(
      await page(`success=true&orderId=${orderId}`, cookie.replace(/=.*/, `=${'A'.repeat(43)}`)),
    );
    const other = await paidOrder();
    await expectNeutral(
      await page(`success=true&orderId=${orderId}`, other.cookie.replace(other.orderId, orderId)),
    );
    // Both receipts together: each order shows in this browser.
    for (const id of [orderId, other.orderId]) {
      expect((await page(`success=true&orderId=${id}`, `${cookie}; ${other.cookie}`)).status).toBe(200);
    }
  });

  it('shows the order as stored: a success link for an unpaid order says it is not paid', async () => {
    const { body } = await createOrder([{ variantId: 'v-bray-s-g', framing: null, quantity: 1 }]);
    fake.captureBehaviour = 'pending';
    const res = await post(`/api/paypal/order/${body.id}/capture`, { customerData, cartItems: [] });
    expect(res.status).toBe(422);
    const { orderId } = (await res.json()) as { orderId: string };
    const cookie = receiptOf(res);
    for (const flag of ['pending', 'success']) {
      const html = await (await page(`${flag}=true&orderId=${orderId}`, cookie)).text();
      expect(html).toContain('Payment Pending');
      expect(html).not.toContain('Payment Successful!');
    }
    await expectNeutral(await page(`pending=true&orderId=${orderId}`));
  });

  it('gives no receipt for a capture that fails', async () => {
    const { body } = await createOrder([{ variantId: 'v-bray-s-g', framing: null, quantity: 1 }]);
    fake.captureBehaviour = 'declined';
    const res = await post(`/api/paypal/order/${body.id}/capture`, { customerData, cartItems: [] });
    expect(res.status).toBe(422);
    expect(res.headers.get('set-cookie')).toBeNull();
  });
});

describe('payments PayPal holds for review', () => {
  const pendingCapture = async () => {
    const { body } = await createOrder([{ variantId: 'v-bray-s-g', framing: null, quantity: 2 }]);
    fake.captureBehaviour = 'pending';
    const res = await post(`/api/paypal/order/${body.id}/capture`, { customerData, cartItems: [] });
    const answer = await res.json();
    expect(res.status).toBe(422);
    expect(answer).toMatchObject({ message: 'Payment was not completed successfully', status: 'PENDING' });
    expect(answer.orderId).toMatch(/^[0-9a-f-]{36}$/);
    return { paypalOrderId: body.id as string, orderId: answer.orderId as string };
  };
  const row = (orderId: string) =>
    db().prepare('select payment_status, payment_id from orders where id = ?').get(orderId) as {
      payment_status: string;
      payment_id: string | null;
    };
  /** The outbox messages whose text contains `needle` (RFC 822 files; quoted-printable soft breaks undone). */
  const mailsWith = (needle: string) =>
    readdirSync(join(site.dataDir, 'outbox')).filter((f) =>
      readFileSync(join(site.dataDir, 'outbox', f), 'utf8')
        .replace(/=\r?\n/g, '')
        .includes(needle),
    );

  it('keeps the order pending, then marks it paid and mails the customer when PayPal completes it', async () => {
    const { paypalOrderId, orderId } = await pendingCapture();
    expect(row(orderId)).toMatchObject({ payment_status: 'pending', payment_id: expect.any(String) });
    // Still under review: asking again changes nothing.
    await new Promise((r) => setTimeout(r, 1500));
    expect(paidCount(paypalOrderId)).toBe(0);

    fake.settlePendingCaptures('COMPLETED');
    await expect.poll(() => paidCount(paypalOrderId), { timeout: 10_000 }).toBe(1);
    // The mails are written just after the order is marked paid.
    await expect.poll(() => mailsWith(orderId).length, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    expect(mailsWith('is confirmed').length).toBeGreaterThan(0);
  });

  it('marks the order failed and tells the customer when PayPal does not complete it', async () => {
    const { paypalOrderId, orderId } = await pendingCapture();
    fake.settlePendingCaptures('DECLINED');
    await expect.poll(() => row(orderId).payment_status, { timeout: 10_000 }).toBe('failed');
    expect(paidCount(paypalOrderId)).toBe(0);
    // The mails are written just after the order is marked failed, the owner's and the customer's
    // each in its own time: wait for each one.
    await expect
      .poll(() => mailsWith('Subject: Payment not completed for order').length, { timeout: 5_000 })
      .toBeGreaterThan(0);
    const toCustomer = () =>
      mailsWith('You are not charged for it').filter((f) =>
        readFileSync(join(site.dataDir, 'outbox', f), 'utf8').includes('To: aoife@example.ie'),
      );
    await expect.poll(() => toCustomer().length, { timeout: 5_000 }).toBeGreaterThan(0);
  });
});
