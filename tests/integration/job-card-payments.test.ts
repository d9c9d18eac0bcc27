// A drone job's deposit and balance by card over HTTP, on the built server: without Stripe keys the
// card routes answer 404 with a sentence; with test keys pointing at the local Stripe double, the
// deposit's route answers a PaymentIntent's client secret for the server's amount, a signed webhook
// pays it, the client's page says so (and allows Stripe.js in its CSP), and a second deposit is
// refused with a sentence; the balance is refused by card until it is invoiced.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeDouble, startStripeDouble } from '~/lib/payments/stripe-double.server';
import { type FiledMail, waitForOutbox } from '../helpers/outbox';
import { ownerRequests } from '../helpers/owner-requests';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';

const WEBHOOK_SECRET = 'whsec_jobcards0123456789';
let double: StripeDouble;
let site: RunningServer;
let bare: RunningServer;
let cookie: string;
const owner = ownerRequests(
  () => site,
  () => cookie,
);

beforeAll(async () => {
  double = await startStripeDouble();
  [site, bare] = await Promise.all([
    startServer({
      STRIPE_SECRET_KEY: 'sk_test_jobcards0123456789',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_jobcards0123456789',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: double.url,
    }),
    startServer(),
  ]);
  cookie = await signIn(site.url);
});
afterAll(async () => {
  await Promise.all([site?.stop(), bare?.stop()]);
  await double?.close();
});

const post = (on: RunningServer, path: string, body: unknown = {}) =>
  fetch(`${on.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: on.url },
    body: JSON.stringify(body),
  });

/** A quote of €317.00 without VAT (a deposit of 30%: €95.10), sent and accepted. */
async function acceptedQuote(email: string) {
  const made = await owner('POST', '/api/admin/quotes', {
    clientName: 'Áine Byrne',
    clientEmail: email,
    title: 'Aerial photos of a farm near Aughrim',
    location: 'Aughrim',
    shootDate: '',
    validUntil: '2099-12-31',
    terms: 'A deposit of 30% confirms the booking.',
    depositPercent: 30,
    lines: [
      { kind: 'package', description: 'Aerial photography, half day', quantity: 1, unitPriceCents: 29_900 },
      { kind: 'travel', description: 'Travel beyond 50 km', quantity: 30, unitPriceCents: 60 },
    ],
  });
  expect(made.status).toBe(201);
  const { id } = (await made.json()) as { id: string };
  expect((await owner('POST', `/api/admin/quotes/${id}/send`)).status).toBe(200);
  const mails = await waitForOutbox(site.dataDir, (all) => all.some((m) => m.to === email));
  const token = (mails.find((m) => m.to === email) as FiledMail).text.match(
    /\/quote\/([A-Za-z0-9_-]{43})/,
  )?.[1];
  expect(token).toHaveLength(43);
  const accepted = await post(site, `/api/quotes/${token}/accept`, {
    name: 'Áine Byrne',
    acceptTerms: true,
    totalCents: 31_700,
  });
  expect(accepted.status).toBe(200);
  return { id, token: token as string };
}

const payments = (quoteId: string) => {
  const db = new Database(join(site.dataDir, 'site.sqlite'), { readonly: true });
  try {
    return db.prepare('select * from job_payments where quote_id = ?').all(quoteId) as Record<
      string,
      unknown
    >[];
  } finally {
    db.close();
  }
};

describe('without Stripe keys', () => {
  it.each(['deposit', 'balance'])('the %s by card answers 404 with a sentence', async (kind) => {
    const res = await post(bare, `/api/quotes/${'a'.repeat(43)}/${kind}/card`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Card payments are not set up on this site.' });
  });
});

describe('with Stripe test keys', () => {
  it('answers a client secret for the server’s deposit; the webhook pays it; a second deposit is refused', async () => {
    const job = await acceptedQuote('card-deposit@example.ie');
    const res = await post(site, `/api/quotes/${job.token}/deposit/card`);
    expect(res.status).toBe(200);
    const { clientSecret } = (await res.json()) as { clientSecret: string };
    const intentId = clientSecret.split('_secret_')[0] as string;
    expect(double.intents.get(intentId)).toMatchObject({ amount: 9510, currency: 'eur' });
    expect(payments(job.id)).toEqual([
      expect.objectContaining({ provider: 'stripe', status: 'pending', provider_order_id: intentId }),
    ]);
    // The page of a quote offers cards: Stripe.js is allowed there.
    const page = await fetch(`${site.url}/quote/${job.token}`);
    expect(page.headers.get('content-security-policy')).toContain('js.stripe.com');

    const intent = double.confirm(intentId);
    const signed = double.signedEvent('payment_intent.succeeded', intent, WEBHOOK_SECRET);
    const hook = await fetch(`${site.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signed.signature },
      body: signed.payload,
    });
    expect(hook.status).toBe(200);
    expect(await hook.json()).toMatchObject({ result: 'handled' });
    expect(payments(job.id)[0]).toMatchObject({ status: 'paid', test_mode: 1 });

    const back = await fetch(`${site.url}/quote/${job.token}?card=deposit`);
    expect(await back.text()).toContain('Deposit of €95.10 paid on');
    const again = await post(site, `/api/quotes/${job.token}/deposit/card`);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toMatch(/^The deposit was paid on /);
    const mails = await waitForOutbox(site.dataDir, (all) =>
      all.some((m) => m.to === 'card-deposit@example.ie' && m.subject.startsWith('Deposit received')),
    );
    expect(mails.find((m) => m.subject.startsWith('Deposit received'))?.text).toContain('€95.10');
  });

  it('settles a paid deposit when the client comes back, when no webhook came', async () => {
    const job = await acceptedQuote('card-return@example.ie');
    const { clientSecret } = (await (await post(site, `/api/quotes/${job.token}/deposit/card`)).json()) as {
      clientSecret: string;
    };
    double.confirm(clientSecret.split('_secret_')[0] as string);
    const back = await fetch(`${site.url}/quote/${job.token}?card=deposit`);
    expect(back.status).toBe(200);
    expect(await back.text()).toContain('Deposit of €95.10 paid on');
    expect(payments(job.id)[0]).toMatchObject({ status: 'paid' });
  });

  it('refuses the balance by card with a sentence before it is invoiced', async () => {
    const job = await acceptedQuote('card-balance@example.ie');
    const res = await post(site, `/api/quotes/${job.token}/balance/card`);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toMatch(/has not been invoiced yet/);
  });

  it('refuses an amount in the body', async () => {
    const job = await acceptedQuote('card-amount@example.ie');
    const res = await post(site, `/api/quotes/${job.token}/deposit/card`, { amountCents: 1 });
    expect(res.status).toBe(400);
  });
});
