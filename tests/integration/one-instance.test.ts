// One copy of every stateful module in the running server. Each such module registers itself
// when it is loaded (src/lib/platform/server/instances.ts) and a second copy throws, so a server built in
// a way that loads the server modules twice fails to start or fails these requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('the running server', () => {
  it('serves pages, API endpoints, sign-in, enquiries and payments with one copy of each module', async () => {
    const json = { 'content-type': 'application/json', origin: server.url };
    const cookie = await signIn(server.url);
    const answers = [
      await fetch(`${server.url}/healthz`),
      await fetch(`${server.url}/`),
      await fetch(`${server.url}/shop?page=2`),
      await fetch(`${server.url}/api/photos`),
      await fetch(`${server.url}/api/admin/dashboard`, { headers: { cookie } }),
      await fetch(`${server.url}/admin`, { headers: { cookie } }),
      await fetch(`${server.url}/api/contact`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({
          firstName: 'Aoife',
          lastName: 'Byrne',
          email: 'a@example.ie',
          message: 'Hello',
        }),
      }),
      await fetch(`${server.url}/api/paypal/order`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ lines: [{ variantId: 'none', framing: null, quantity: 1 }], country: 'IE' }),
      }),
      await fetch(`${server.url}/api/objects/upload`, {
        method: 'POST',
        headers: { ...json, cookie },
        body: '{}',
      }),
    ];
    for (const res of answers) expect(res.status, res.url).toBeLessThan(500);
    expect(server.output()).not.toMatch(/second copy/i);
    expect(server.process.exitCode).toBeNull();
  });
});
