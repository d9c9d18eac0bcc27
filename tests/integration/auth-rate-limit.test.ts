// better-auth's own rate limit (30 requests a minute to each of its routes) counts each client by
// the address the site's own limits use: one busy client does not give every other client 429, and
// a client cannot dodge or fill someone else's count by writing X-Forwarded-For (no proxy is
// trusted here), nor by writing the header the site tells better-auth the address in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../helpers/raw-http';
import { type RunningServer, startServer } from '../helpers/server';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

async function getSession(localAddress: string, headers: Record<string, string> = {}): Promise<number> {
  const res = await rawRequest(`${server.url}/api/auth/get-session`, {
    method: 'GET',
    headers,
    localAddress,
  });
  return res.status;
}

async function burst(localAddress: string, headers?: Record<string, string>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 31; i++) statuses.push(await getSession(localAddress, headers));
  return statuses;
}

describe("better-auth's own rate limit", () => {
  it('limits one client to 30 get-session requests a minute without limiting another', async () => {
    const statuses = await burst('127.0.0.10');
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(statuses[30]).toBe(429);
    expect(await getSession('127.0.0.11')).toBe(200);
  });

  it('is not dodged by a client-written X-Forwarded-For or the address header the site sets itself', async () => {
    for (const [i, spoof] of ['198.51.100.7', '198.51.100.8, 198.51.100.9'].entries()) {
      expect(await getSession('127.0.0.10', { 'x-forwarded-for': spoof }), spoof).toBe(429);
      expect(await getSession('127.0.0.10', { 'x-wicklow-client-address': `198.51.100.${20 + i}` })).toBe(
        429,
      );
    }
  });

  it("is not turned against another client by writing that client's address in X-Forwarded-For", async () => {
    const statuses = await burst('127.0.0.20', { 'x-forwarded-for': '127.0.0.21' });
    expect(statuses[30]).toBe(429);
    expect(await getSession('127.0.0.21')).toBe(200);
    expect(await getSession('127.0.0.22', { 'x-forwarded-for': '127.0.0.21' })).toBe(200);
    expect(await getSession('127.0.0.23', { 'x-wicklow-client-address': '127.0.0.20' })).toBe(200);
  });
});
