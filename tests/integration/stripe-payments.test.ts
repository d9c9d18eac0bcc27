// Card payments over HTTP, against the built server with its Stripe keys pointing at the local
// Stripe double: the PaymentIntent is made for the server's total (an amount in the body is
// ignored); a webhook with a good signature pays the order once, a replay changes nothing, a bad or
// missing signature is a 400 that changes nothing, an event about an unknown payment is a 200 that
// changes nothing; the return page settles a paid order when no webhook came.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeDouble, startStripeDouble } from '~/lib/payments/stripe-double.server';
import { withSiteDb } from '../helpers/db';
import { makePhoto, makeVariant } from '../helpers/factories';
import { CUSTOMER } from '../helpers/fixtures';
import { type RunningServer, startServer } from '../helpers/server';

const WEBHOOK_SECRET = 'whsec_integration0123456789';
let double: StripeDouble;
let site: RunningServer;
let variantId: string;

beforeAll(async () => {
  double = await startStripeDouble();
  site = await startServer({
    STRIPE_SECRET_KEY: 'sk_test_integration0123456789',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_integration0123456789',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: double.url,
  });
  variantId = withSiteDb(site.dataDir, (db) => {
    const photo = makePhoto(db, { title: 'Lough Dan' });
    return makeVariant(db, { photoId: photo.id, size: 'small', priceCents: 4500 }).id;
  });
});

afterAll(async () => {
  await site?.stop();
  await double?.close();
});

function readOrder(orderId: string) {
  const db = new Database(join(site.dataDir, 'site.sqlite'), { readonly: true });
  try {
    return db.prepare('select * from orders where id = ?').get(orderId) as Record<string, unknown>;
  } finally {
    db.close();
  }
}
/** Every mail queued on the site so far. */
function mailCount(): number {
  const db = new Database(join(site.dataDir, 'site.sqlite'), { readonly: true });
  try {
    return (db.prepare('select count(*) as n from mail_queue').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

async function startPayment() {
  const res = await fetch(`${site.url}/api/stripe/payment-intent`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      lines: [{ variantId, framing: null, quantity: 2 }],
      country: 'IE',
      customerData: CUSTOMER,
      amount: 1,
    }),
  });
  expect(res.status).toBe(201);
  expect(res.headers.get('set-cookie')).toMatch(/^receipt-/);
  const body = (await res.json()) as { clientSecret: string; orderId: string };
  const intentId = body.clientSecret.split('_secret_')[0] as string;
  return { ...body, intent: double.intents.get(intentId) };
}

const webhook = (payload: string, signature?: string) =>
  fetch(`${site.url}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    body: payload,
  });

describe('card payments over HTTP', () => {
  it('makes the PaymentIntent for the server’s total, never the body’s amount', async () => {
    const { orderId, intent } = await startPayment();
    const order = readOrder(orderId);
    expect(intent?.amount).toBe(order.total_amount_cents);
    expect(intent?.amount).toBeGreaterThanOrEqual(9000);
    expect(intent?.metadata).toEqual({ orderId });
    expect(order).toMatchObject({ payment_provider: 'stripe', payment_status: 'pending', test_mode: 1 });
  });

  it('refuses a webhook without a signature or with a bad one, and changes nothing', async () => {
    const { orderId, intent } = await startPayment();
    if (!intent) throw new Error('no intent');
    double.confirm(intent.id);
    const signed = double.signedEvent('payment_intent.succeeded', intent, WEBHOOK_SECRET);
    expect((await webhook(signed.payload)).status).toBe(400);
    const forged = double.signedEvent('payment_intent.succeeded', intent, 'whsec_forged0123456789');
    expect((await webhook(forged.payload, forged.signature)).status).toBe(400);
    expect((await webhook(`${signed.payload} `, signed.signature)).status).toBe(400);
    expect(readOrder(orderId).payment_status).toBe('pending');
  });

  it('pays the order once for a signed event, and a replay changes nothing', async () => {
    const { orderId, intent } = await startPayment();
    if (!intent) throw new Error('no intent');
    double.confirm(intent.id);
    const signed = double.signedEvent('payment_intent.succeeded', intent, WEBHOOK_SECRET);
    const first = await webhook(signed.payload, signed.signature);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ result: 'handled' });
    const paid = readOrder(orderId);
    expect(paid).toMatchObject({ payment_status: 'completed', payment_id: intent.id });
    const mails = mailCount();
    expect(mails).toBeGreaterThan(0);
    const again = await webhook(signed.payload, signed.signature);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ result: 'duplicate' });
    expect(readOrder(orderId)).toEqual(paid);
    expect(mailCount()).toBe(mails);
  });

  it('answers 200 to an event about an unknown payment, and changes nothing', async () => {
    const { intent } = await startPayment();
    if (!intent) throw new Error('no intent');
    const stranger = { ...intent, id: 'pi_unknown0123', status: 'succeeded' as const };
    const signed = double.signedEvent('payment_intent.succeeded', stranger, WEBHOOK_SECRET);
    const res = await webhook(signed.payload, signed.signature);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ result: 'ignored' });
  });

  it('settles a paid order on the return page when no webhook came', async () => {
    const { orderId, intent } = await startPayment();
    if (!intent) throw new Error('no intent');
    double.confirm(intent.id);
    const res = await fetch(`${site.url}/api/stripe/return?orderId=${orderId}`, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/checkout?success=true&orderId=${orderId}&paidBy=card`);
    expect(readOrder(orderId).payment_status).toBe('completed');
  });
});
