// Signing out over HTTP: it takes a same-site POST, so a link, an image or a form on another site
// cannot sign the owner out. GET only shows a page with the button.
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

/** Whether the cookie still opens an owner-only call. */
const sessionWorks = async (cookie: string) =>
  (await fetch(`${server.url}/api/admin/dashboard`, { headers: { cookie } })).status === 200;

describe('signing out', () => {
  it('GET shows a Sign out page with a button that posts, and does not sign out', async () => {
    const cookie = await signIn(server.url);
    const res = await fetch(`${server.url}/api/logout`, { headers: { cookie }, redirect: 'manual' });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toBeNull();
    const html = await res.text();
    expect(html).toMatch(/<h1[^>]*>\s*Sign out\s*<\/h1>/);
    expect(html).toMatch(
      /<form[^>]*method="post"[^>]*action="\/api\/logout"|<form[^>]*action="\/api\/logout"[^>]*method="post"/,
    );
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>\s*Sign out\s*<\/button>/);
    expect(await sessionWorks(cookie)).toBe(true);
  });

  it('refuses a POST from another site with 403 and keeps the session', async () => {
    const cookie = await signIn(server.url);
    const res = await fetch(`${server.url}/api/logout`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await sessionWorks(cookie)).toBe(true);
  });

  it('signs out on a same-site POST: 303 to /, not cached, and the session is gone', async () => {
    const cookie = await signIn(server.url);
    const res = await fetch(`${server.url}/api/logout`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, origin: server.url },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(res.headers.getSetCookie().some((c) => /session_token=;/.test(c))).toBe(true);
    expect(await sessionWorks(cookie)).toBe(false);
  });

  it('answers a POST without a session with 303 to / and clears the cookie', async () => {
    const res = await fetch(`${server.url}/api/logout`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: server.url, cookie: 'better-auth.session_token=forged' },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    expect(res.headers.getSetCookie().some((c) => /session_token=;/.test(c))).toBe(true);
  });
});
