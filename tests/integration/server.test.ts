// The built server over HTTP: health, the page cache in the front, signals, bad config.
import { spawnSync } from 'node:child_process';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertContent } from '~/lib/content/content.server';
import { withSiteDb } from '../helpers/db';
import { type RunningServer, startServer } from '../helpers/server';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('the built server', () => {
  it('answers /healthz with the database reachable', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('serves the home page compressed, with an ETag, and 304 on revalidation', async () => {
    const first = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'br' } });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-encoding')).toBe('br');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(`${server.url}/`, {
      headers: { 'accept-encoding': 'br', 'if-none-match': etag as string },
    });
    expect(again.status).toBe(304);
  });

  it('shows a change in the database on the next anonymous request', async () => {
    const before = await (await fetch(`${server.url}/shop`)).text();
    expect(before).not.toContain('A title changed behind the cache');
    // Another connection writes, as an admin endpoint or a script would.
    withSiteDb(server.dataDir, (db) =>
      upsertContent(db, 'shop', 'title', 'A title changed behind the cache'),
    );
    const after = await (await fetch(`${server.url}/shop`)).text();
    expect(after).toContain('A title changed behind the cache');
  });

  it('answers an unknown path with the 404 page', async () => {
    const res = await fetch(`${server.url}/no-such-page`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Page Not Found');
  });

  it('refuses owner-only endpoints without a session', async () => {
    const read = await fetch(`${server.url}/api/admin/dashboard`);
    expect(read.status).toBe(401);
    expect((await read.json()).message).toMatch(/sign in/i);
    const write = await fetch(`${server.url}/api/website-content`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ section: 'hero', key: 'title', content: 'x' }),
    });
    expect(write.status).toBe(401);
  });

  it('refuses a cross-site mutation', async () => {
    const res = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: '{}',
    });
    expect(res.status).toBe(403);
  });

  it('refuses an oversized JSON body with 413 and stores nothing', async () => {
    const lines = Array.from({ length: 5000 }, (_, i) => ({
      variantId: `v-${i}-${'x'.repeat(50)}`,
      quantity: 1,
    }));
    const res = await fetch(`${server.url}/api/paypal/order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lines, currency: 'EUR', intent: 'CAPTURE' }),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).message).toMatch(/too large/);
    const db = new Database(`${server.dataDir}/site.sqlite`, { readonly: true });
    expect(db.prepare('select count(*) as n from orders').get()).toEqual({ n: 0 });
    db.close();
  });

  it('closes cleanly on SIGTERM', async () => {
    const other = await startServer();
    const code = await other.stop();
    expect(code).toBe(0);
    expect(other.output()).toContain('SIGTERM received');
  });
});

describe('a bad configuration', () => {
  it('stops the server with a message naming the variable', () => {
    const run = spawnSync(process.execPath, ['dist/server/entry.mjs'], {
      env: { PATH: process.env.PATH ?? '', PORT: 'abc', DATA_DIR: '/tmp/wicklow-bad-config' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('PORT');
  });
});
