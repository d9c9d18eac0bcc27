// Signing in over HTTP: the page after sign-in is always a path on this site whatever `next` says,
// and no `next` gives a 500.
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

const isSameSitePath = (location: string | null) =>
  location !== null &&
  /^\/(?![/\\])/.test(location) &&
  !/\s/.test(location) &&
  ![...location].some((c) => c.charCodeAt(0) < 0x20) &&
  new URL(location, server.url).origin === new URL(server.url).origin;

// Sign-ins are rate limited (10 per address per 15 minutes): this file stays well under that.
describe('the page after sign-in', () => {
  it('shows the sign-in page for hostile `next` values, never a 500', async () => {
    for (const next of ['/%0a/x', '/%0d%0aSet-Cookie:%20a=1', '/%09/evil.example/phish', '/%E0%A4%A']) {
      const res = await fetch(`${server.url}/api/login?next=${next}`, { redirect: 'manual' });
      expect(res.status, next).toBe(200);
      const html = await res.text();
      expect(html, next).toContain('name="next" value="/admin"');
    }
  });

  it('sends a signed-in owner to a same-site path for hostile `next` values, never a 500', async () => {
    const cookie = await signIn(server.url);
    for (const next of [
      '/%0a/x',
      '/%0d%0aSet-Cookie:%20a=1',
      '/%09/evil.example/phish',
      '/%5Cevil.example',
    ]) {
      const res = await fetch(`${server.url}/api/login?next=${next}`, {
        headers: { cookie },
        redirect: 'manual',
      });
      expect(res.status, next).toBe(303);
      const location = res.headers.get('location');
      expect(isSameSitePath(location), `${next} -> ${location}`).toBe(true);
    }
  });

  it('redirects to a same-site path after sign-in whatever `next` holds', async () => {
    for (const next of ['/\t/evil.example/phish', '/\n/x', '/\\evil.example', '/.//evil.example']) {
      const res = await fetch(`${server.url}/api/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
        body: new URLSearchParams({ email: 'owner@example.com', password: 'integration-password', next }),
      });
      expect(res.status, JSON.stringify(next)).toBe(303);
      const location = res.headers.get('location');
      expect(isSameSitePath(location), `${JSON.stringify(next)} -> ${location}`).toBe(true);
    }
  });
});
