// Anyone can lock the owner's account with ten wrong passwords (the e-mail is printed on the
// site), but not lock the owner out: a browser that has signed in to the account before, by either
// way in, carries a signed device cookie and is let past the account's lock. It still counts
// against its address's limit, and a forged cookie or one made for another account is worth
// nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceToken } from '~/lib/platform/server/auth/device-cookie';
import type { RawResponse } from '../helpers/raw-http';
import { type RunningServer, startServer } from '../helpers/server';
import { attempt, OWNER, RIGHT_PASSWORD, setCookies, signsIn, type Way } from '../helpers/sign-in-attempt';
import { freePort } from '../helpers/smtp';

const AUTH_SECRET = 'device-cookie-test-secret-of-32-characters-or-more';
const WAYS: Way[] = ['login', 'auth'];
let server: RunningServer;
/** The device cookie each way in set on a successful sign-in, as `name=value`. */
const device: Partial<Record<Way, string>> = {};

beforeAll(async () => {
  // On a known port, so that better-auth accepts the Origin a browser sends with its cookies.
  server = await startServer({ AUTH_SECRET, PORT: String(await freePort()) });
});
afterAll(async () => {
  await server?.stop();
});

const signedIn = (res: RawResponse, way: Way) => {
  expect(res.status, way).toBe(way === 'login' ? 303 : 200);
  expect(signsIn(res), way).toBe(true);
};
const refused = (res: RawResponse, label: string) => {
  expect(res.status, label).toBe(429);
  expect(res.body, label).toMatch(/Too many sign-in attempts/);
  expect(signsIn(res), label).toBe(false);
};

describe('a browser the account has signed in from', () => {
  it('gets a long-lived, HttpOnly, SameSite=Lax device cookie for the two sign-in paths on each successful sign-in, by either way in', async () => {
    for (const [i, way] of WAYS.entries()) {
      const res = await attempt(server.url, way, OWNER, RIGHT_PASSWORD, {
        localAddress: `127.0.0.${10 + i}`,
      });
      signedIn(res, way);
      const cookies = setCookies(res).filter((c) => c.startsWith('wicklow.device='));
      expect(cookies.map((c) => /;\s*Path=([^;]+)/i.exec(c)?.[1]).sort()).toEqual([
        '/api/auth/sign-in',
        '/api/login',
      ]);
      for (const cookie of cookies) {
        expect(cookie).toMatch(/;\s*HttpOnly/i);
        expect(cookie).toMatch(/;\s*SameSite=Lax/i);
        expect(Number(/;\s*Max-Age=(\d+)/i.exec(cookie)?.[1])).toBeGreaterThanOrEqual(364 * 24 * 60 * 60);
        // The site is served over http in this test: no Secure flag, which a browser would refuse.
        expect(cookie).not.toMatch(/;\s*Secure/i);
        expect(cookie).not.toContain(OWNER);
      }
      device[way] = cookies[0]?.split(';')[0];
    }
  });

  it("after others lock the account, signs in with the right password by either way in, where a browser without the cookie, or with a forged or another account's cookie, gets 429", async () => {
    for (let i = 0; i < 10; i++) {
      const res = await attempt(server.url, WAYS[i % 2] as Way, OWNER, 'wrong-password', {
        localAddress: `127.0.0.${20 + i}`,
      });
      expect(res.status).toBe(401);
    }
    const owner = device.login as string;
    const [name, value] = owner.split('=') as [string, string];
    const [issuedAt, mac] = value.split('.') as [string, string];
    const otherAccount = `${name}=${deviceToken(AUTH_SECRET, 'someone-else@example.com')}`;
    const forged = [
      `${name}=${Number(issuedAt) - 1}.${mac}`,
      `${name}=${issuedAt}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`,
      `${name}=${deviceToken(`${AUTH_SECRET}-guessed`, OWNER)}`,
      `${name}=${OWNER}`,
    ];
    for (const [i, way] of WAYS.entries()) {
      refused(
        await attempt(server.url, way, OWNER, RIGHT_PASSWORD, { localAddress: `127.0.0.${40 + i}` }),
        way,
      );
      for (const [j, cookie] of [otherAccount, ...forged].entries()) {
        const res = await attempt(server.url, way, OWNER, RIGHT_PASSWORD, {
          localAddress: `127.0.0.${42 + i}`,
          cookie,
        });
        refused(res, `${way} ${j}`);
      }
      // The cookie either way in set works for both.
      for (const [j, cookie] of [device.login, device.auth].entries()) {
        const res = await attempt(server.url, way, OWNER, RIGHT_PASSWORD, {
          localAddress: `127.0.0.${50 + 2 * i + j}`,
          cookie: `other=1; ${cookie}`,
        });
        signedIn(res, way);
      }
    }
  });

  it("still counts its wrong passwords against its address's limit, while the account stays locked", async () => {
    const cookie = device.auth as string;
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await attempt(server.url, WAYS[i % 2] as Way, OWNER, 'wrong-password', {
        localAddress: '127.0.0.60',
        cookie,
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual(Array(10).fill(401));
    for (const way of WAYS) {
      refused(
        await attempt(server.url, way, OWNER, RIGHT_PASSWORD, { localAddress: '127.0.0.60', cookie }),
        way,
      );
    }
    // Another known browser elsewhere still gets in; a browser without the cookie still does not.
    signedIn(
      await attempt(server.url, 'login', OWNER, RIGHT_PASSWORD, { localAddress: '127.0.0.61', cookie }),
      'login',
    );
    refused(
      await attempt(server.url, 'login', OWNER, RIGHT_PASSWORD, { localAddress: '127.0.0.62' }),
      'login',
    );
  });
});
