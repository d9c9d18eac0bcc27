// One sign-in limit for every way in, over HTTP: the full-page form at /api/login and
// better-auth's own /api/auth/sign-in/email share the counters; the owner's account is limited
// across addresses; X-Forwarded-For from a peer that is not a trusted proxy changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RawResponse, rawRequest } from '../helpers/raw-http';
import { type RunningServer, startServer } from '../helpers/server';
import {
  type AttemptOptions,
  attempt as attemptAt,
  OWNER,
  RIGHT_PASSWORD as RIGHT,
  type Way,
} from '../helpers/sign-in-attempt';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

const attempt = (way: Way, email: string, password: string, opts?: AttemptOptions) =>
  attemptAt(server.url, way, email, password, opts);

const refusedForWaiting = (res: RawResponse) => {
  expect(res.status).toBe(429);
  expect(res.body).toMatch(/Too many sign-in attempts\. Please wait \d+ (?:second|minute)s?/);
};

describe('one sign-in limit for /api/login and /api/auth/sign-in/*', () => {
  it('X-Forwarded-For from loopback (no TRUSTED_PROXIES) does not give each guess a new address', async () => {
    const results: number[] = [];
    for (let i = 0; i < 11; i++) {
      // A different e-mail each time, so that only the limit per address can stop them.
      const res = await attempt(i % 2 ? 'auth' : 'login', `guess${i}@example.com`, 'wrong-password', {
        forwardedFor: `198.51.100.${i + 1}`,
      });
      results.push(res.status);
      if (i === 10) refusedForWaiting(res);
    }
    expect(results.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(results[10]).toBe(429);
  });

  it("the owner's e-mail: wrong passwords from many addresses, spread over both ways in, end in 429 on both; the right password is refused during the wait", async () => {
    const statuses: string[] = [];
    for (let i = 0; i < 10; i++) {
      const way: Way = i % 2 ? 'auth' : 'login';
      const res = await attempt(way, i % 3 ? OWNER : 'Owner@Example.COM', 'wrong-password', {
        localAddress: `127.0.0.${20 + i}`,
      });
      statuses.push(`${way} ${res.status}`);
    }
    expect(statuses).toEqual(Array.from({ length: 10 }, (_, i) => `${i % 2 ? 'auth' : 'login'} 401`));
    // From fresh addresses: only the account's limit can refuse these.
    refusedForWaiting(await attempt('login', OWNER, 'wrong-password', { localAddress: '127.0.0.40' }));
    refusedForWaiting(await attempt('auth', OWNER, 'wrong-password', { localAddress: '127.0.0.41' }));
    // The right password during the wait does not reach the password check either.
    const login = await attempt('login', OWNER, RIGHT, { localAddress: '127.0.0.42' });
    refusedForWaiting(login);
    expect(login.headers['set-cookie']).toBeUndefined();
    const auth = await attempt('auth', OWNER, RIGHT, { localAddress: '127.0.0.43' });
    refusedForWaiting(auth);
    expect(auth.headers['set-cookie']).toBeUndefined();
    expect(Number(auth.headers['retry-after'])).toBeGreaterThan(0);
    // A repeated field cannot make the limit key on another e-mail than the one checked.
    const repeated = await rawRequest(`${server.url}/api/login`, {
      headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
      prefix: `email=someone%40example.com&email=${encodeURIComponent(OWNER)}&password=${RIGHT}`,
      localAddress: '127.0.0.44',
    });
    refusedForWaiting(repeated);
  });
});
