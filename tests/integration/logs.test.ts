// The server's log after a sign-in, a password guess, an upload link and a full purchase against
// the PayPal fake (with real credentials, so the OAuth exchange happens): one JSON line per request
// with its id, method, path without query, status, time and role; errors carry the id of their
// request; and no password, session token, upload token, PayPal secret or access token appears in it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaypalFake, startPaypalFakeServer } from '~/lib/payments/paypal-fake.server';
import { withSiteDb } from '../helpers/db';
import { makePhoto, makeVariant } from '../helpers/factories';
import { CUSTOMER } from '../helpers/fixtures';
import { logLines, type RunningServer, startServer } from '../helpers/server';
import { grantUpload, putUpload } from '../helpers/uploads';

const PASSWORD = 'log-scan-owner-password-8841';
let paypal: Awaited<ReturnType<typeof startPaypalFakeServer>>;
let site: RunningServer;

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  method?: string;
  path?: string;
  status?: number;
  ms?: number;
  role?: string;
  err?: unknown;
}

const lines = () => logLines<Line>(site);

beforeAll(async () => {
  paypal = await startPaypalFakeServer(new PaypalFake('test-client-id', 'paypal-secret-never-in-logs-5521'));
  site = await startServer({
    OWNER_PASSWORD: PASSWORD,
    PAYPAL_CLIENT_ID: paypal.fake.clientId,
    PAYPAL_CLIENT_SECRET: 'paypal-secret-never-in-logs-5521',
    PAYPAL_API_BASE: paypal.url,
    LOG_LEVEL: 'debug',
  });
  withSiteDb(site.dataDir, (d) => {
    makePhoto(d, { id: 'p-log', title: 'Lough Dan', category: 'mountains' });
    makeVariant(d, { id: 'v-log', photoId: 'p-log', size: 'small', finish: 'matte', priceCents: 4500 });
  });
}, 120_000);

afterAll(async () => {
  await site?.stop();
  await paypal?.stop();
});

describe('the log', () => {
  it('has one line per request and no secret after a sign-in, an upload link and a purchase', async () => {
    const wrong = await fetch(`${site.url}/api/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.url },
      body: new URLSearchParams({ email: 'owner@example.com', password: 'a-wrong-guess-7730' }).toString(),
    });
    expect(wrong.status).toBe(401);
    const res = await fetch(`${site.url}/api/login?next=/admin`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.url },
      body: new URLSearchParams({ email: 'owner@example.com', password: PASSWORD }).toString(),
    });
    expect(res.status).toBe(303);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const sessionToken = decodeURIComponent(cookie.split('=')[1]?.split('.')[0] ?? '');
    expect(sessionToken.length).toBeGreaterThan(10);
    expect((await fetch(`${site.url}/admin`, { headers: { cookie } })).status).toBe(200);

    const uploadUrl = await grantUpload(site.url, cookie);
    const uploadToken = uploadUrl.split('/').at(-1) ?? '';
    // The link's token is in its path: a refused file still puts that path in the log.
    expect((await putUpload(site.url, uploadUrl, Buffer.from('not an image at all'))).status).toBe(415);

    const created = await fetch(`${site.url}/api/paypal/order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        lines: [{ variantId: 'v-log', framing: null, quantity: 1 }],
        country: 'IE',
        currency: 'EUR',
        intent: 'CAPTURE',
      }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const captured = await fetch(`${site.url}/api/paypal/order/${id}/capture`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ customerData: CUSTOMER, cartItems: [] }),
    });
    expect(captured.status).toBe(200);
    // An error: a capture that PayPal fails, logged with the request's id.
    paypal.fake.captureBehaviour = 'fail500';
    const second = await fetch(`${site.url}/api/paypal/order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        lines: [{ variantId: 'v-log', framing: null, quantity: 1 }],
        country: 'IE',
        currency: 'EUR',
        intent: 'CAPTURE',
      }),
    });
    const { id: failing } = (await second.json()) as { id: string };
    const failed = await fetch(`${site.url}/api/paypal/order/${failing}/capture`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ customerData: CUSTOMER, cartItems: [] }),
    });
    expect(failed.status).toBe(502);
    const failedId = failed.headers.get('x-request-id');
    await new Promise((r) => setTimeout(r, 500));

    const log = lines();
    const requests = log.filter((l) => l.msg === 'request');
    // One line per request, with what it should hold.
    const login = requests.find((l) => l.path === '/api/login' && l.status === 303);
    expect(login).toMatchObject({ method: 'POST', role: 'anonymous' });
    expect(typeof login?.ms).toBe('number');
    expect(requests.find((l) => l.path === '/admin')).toMatchObject({ status: 200, role: 'owner' });
    expect(requests.some((l) => l.path?.includes('?'))).toBe(false);
    expect(requests.filter((l) => l.path === `/api/paypal/order/${id}/capture`)).toHaveLength(1);
    // The error carries the id of its request.
    expect(failedId).toBeTruthy();
    const errors = log.filter((l) => l.level >= 50 && l.reqId === failedId);
    expect(errors.length).toBeGreaterThan(0);
    expect(requests.find((l) => l.reqId === failedId)).toMatchObject({ status: 502 });

    // No secret anywhere in the log.
    const text = site.output();
    for (const [what, secret] of [
      ['owner password', PASSWORD],
      ['guessed password', 'a-wrong-guess-7730'],
      ['session token', sessionToken],
      ['upload token', uploadToken],
      ['PayPal secret', 'paypal-secret-never-in-logs-5521'],
      ['customer phone', CUSTOMER.phone],
    ] as const) {
      expect(text.includes(secret), `${what} found in the log`).toBe(false);
    }
    const tokens = paypal.fake.issuedTokens();
    expect(tokens.length).toBeGreaterThan(0);
    for (const token of tokens)
      expect(text.includes(token), 'PayPal access token found in the log').toBe(false);
  }, 120_000);
});
