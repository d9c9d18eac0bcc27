// PayPal for unit tests: the fake that test mode runs in-process, and the real client talking to
// it through its fetch, wired the way the site wires them when no PayPal credentials are set.
import { createServer, type Server } from 'node:http';
import { PaypalClient } from '~/lib/payments/paypal-client.server';
import { PaypalFake } from '~/lib/payments/paypal-fake.server';

/**
 * invoiceBalance's option for a site that takes real payments: a unit test's site runs PayPal's
 * built-in fake with no card keys, so it takes only test payments and would invoice by a specimen.
 */
export const TAKES_REAL_PAYMENTS = { specimen: false } as const;

export function paypalFake(): { fake: PaypalFake; client: PaypalClient } {
  const fake = new PaypalFake();
  const client = new PaypalClient({
    apiBase: 'http://paypal-fake.invalid',
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    fetch: fake.fetch,
  });
  return { fake, client };
}

/**
 * The fake over HTTP, holding back the answer to every capture for `holdMs` after PayPal has
 * recorded it: the window in which a crash or a stop leaves a capture the site has not heard of.
 */
export async function startHoldingPaypal(
  fake: PaypalFake,
  holdMs: number,
): Promise<{ url: string; server: Server; stop: () => Promise<void> }> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
    const response = await fake.handle(
      new Request(`http://fake${req.url}`, {
        method: req.method,
        headers,
        body: req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(chunks),
      }),
    );
    if (req.url?.endsWith('/capture')) await new Promise((r) => setTimeout(r, holdMs));
    const out = Buffer.from(await response.arrayBuffer());
    if (res.destroyed) return;
    res.writeHead(response.status, { 'content-type': 'application/json', 'content-length': out.length });
    res.end(out);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { url, server, stop: () => new Promise((r) => server.close(() => r())) };
}
