// Visitor numbers without cookies, over HTTP against the built server: page views are counted from
// the page requests themselves (cached or rendered), never from robots, prefetches, non-pages or the
// owner; a flood from one address counts once a minute; no cookie is set; and the public events
// endpoint refuses other sites, huge bodies and garbage. The owner reads the figures.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VisitReport } from '~/lib/visits/report';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let server: RunningServer;
let owner: string;

beforeAll(async () => {
  // The test stands in for a reverse proxy on this machine, so each request may come from its own address.
  server = await startServer({ TRUSTED_PROXIES: '127.0.0.1' });
  owner = await signIn(server.url);
});
afterAll(async () => {
  await server?.stop();
});

/** A page opened by a person's browser from `address`. */
const visit = (path: string, address: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, {
    headers: {
      'user-agent': CHROME,
      'sec-fetch-dest': 'document',
      'sec-fetch-mode': 'navigate',
      'accept-encoding': 'br',
      'x-forwarded-for': address,
      ...headers,
    },
  });

/**
 * A cart event whose body never ends: chunks of 8 KB are sent until the server answers (or 64 MB
 * have gone). Resolves with the answer's status and the bytes sent.
 */
const endlessEvent = (url: URL) =>
  new Promise<{ status: number; sent: number }>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: '/api/visits',
        method: 'POST',
        headers: { origin: url.origin },
      },
      (res) => {
        answered = true;
        res.resume();
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, sent });
        });
      },
    );
    req.on('error', (err) => (answered ? undefined : reject(err)));
    const chunk = Buffer.alloc(8192, 'x');
    const more = () => {
      while (!answered && sent < 64 * 1024 * 1024) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', more);
      }
    };
    req.write('{"event":"cart","pad":"');
    more();
  });

const report = async (): Promise<VisitReport> => {
  const res = await fetch(`${server.url}/api/admin/visits`, { headers: { cookie: owner } });
  expect(res.status).toBe(200);
  return (await res.json()) as VisitReport;
};

const postEvent = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/api/visits`, {
    method: 'POST',
    headers: {
      'user-agent': CHROME,
      origin: server.url,
      'content-type': 'text/plain;charset=UTF-8',
      'x-forwarded-for': '87.198.0.1',
      ...headers,
    },
    body,
  });

describe('counting page views', () => {
  it('counts pages answered from the page cache, once a minute per address, with no cookie', async () => {
    const first = await visit('/', '8.8.8.8', { referer: 'https://www.instagram.com/wicklowlight/' });
    expect(first.status).toBe(200);
    expect(first.headers.get('set-cookie')).toBeNull();
    await first.arrayBuffer();
    // A flood from one address: 150 more views of the same page count as nothing more. They are
    // answered from the page cache: the day's salt, written by the first view of the day, is in a
    // table no page shows, so it leaves the cached pages as they are.
    let hits = 0;
    for (let i = 0; i < 150; i++) {
      const res = await visit('/', '8.8.8.8');
      if (res.headers.get('x-cache') === 'hit') hits++;
      await res.arrayBuffer();
    }
    expect(hits).toBe(150);
    await (await visit('/privacy', '8.8.8.8', { referer: `${server.url}/` })).arrayBuffer();
    await (await visit('/', '87.198.0.1')).arrayBuffer();

    const figures = await report();
    // Reading the report wrote the counts to the database; the pages stay cached all the same.
    const after = await visit('/', '87.198.0.2');
    expect(after.headers.get('x-cache')).toBe('hit');
    await after.arrayBuffer();
    expect(figures.counting).toBe(true);
    expect(figures.days).toHaveLength(30);
    expect(figures.totals).toEqual({ visitors: 2, views: 3 });
    expect(figures.topPages).toEqual([
      { key: '/', count: 2 },
      { key: '/privacy', count: 1 },
    ]);
    expect(figures.referrers).toEqual([{ key: 'instagram.com', count: 1 }]);
    expect(figures.countries).toEqual([
      { key: 'IE', count: 1 },
      { key: 'US', count: 1 },
    ]);
  });

  it('leaves out robots, prefetches, what is not a page, and the owner', async () => {
    const before = (await report()).totals;
    const quiet = [
      visit('/shop', '9.9.9.9', {
        'user-agent': 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      }),
      visit('/shop', '9.9.9.10', { 'user-agent': '' }),
      visit('/shop', '9.9.9.11', { 'sec-purpose': 'prefetch' }),
      visit('/shop', '9.9.9.12', { 'sec-fetch-dest': 'image' }),
      visit('/shop/data.json', '9.9.9.13', { 'sec-fetch-dest': 'empty' }),
      visit('/no-such-page', '9.9.9.14'),
      visit('/shop', '9.9.9.15', { cookie: owner }),
    ];
    for (const res of await Promise.all(quiet)) await res.arrayBuffer();
    expect((await report()).totals).toEqual(before);
  });
});

describe('POST /api/visits', () => {
  it('counts a print added to a cart once a minute per address', async () => {
    for (let i = 0; i < 20; i++) {
      const res = await postEvent('{"event":"cart"}');
      expect(res.status).toBe(204);
    }
    expect((await report()).funnel.carts).toBe(1);
  });

  it('refuses another site (403), a huge body (413), garbage (400) and an unknown event (400)', async () => {
    const other = await postEvent('{"event":"cart"}', { origin: 'https://evil.example' });
    expect(other.status).toBe(403);
    const huge = await postEvent(JSON.stringify({ event: 'cart', pad: 'x'.repeat(50_000) }));
    expect(huge.status).toBe(413);
    const garbage = await postEvent('{"event": cart');
    expect(garbage.status).toBe(400);
    expect(((await garbage.json()) as { message: string }).message).toBe(
      'The request body must be valid JSON.',
    );
    const unknown = await postEvent('{"event":"purchase"}');
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { message: string }).message).toMatch(/event/);
  });

  it('takes the event at any spelling of its address, and never counts the owner', async () => {
    const before = (await report()).funnel.carts;
    const spellings: [string, string][] = [
      ['//api/visits', '87.198.0.21'],
      ['/./api/visits', '87.198.0.22'],
      ['/api/%76isits', '87.198.0.23'],
    ];
    for (const [path, address] of spellings) {
      const res = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'user-agent': CHROME, origin: server.url, 'x-forwarded-for': address },
        body: '{"event":"cart"}',
      });
      expect(res.status, path).toBe(204);
    }
    const fromOwner = await postEvent('{"event":"cart"}', {
      cookie: owner,
      'x-forwarded-for': '87.198.0.24',
    });
    expect(fromOwner.status).toBe(204);
    expect((await report()).funnel.carts).toBe(before + 3);
  });

  it('stops an endless body at 1 KB with a 413, and keeps serving', async () => {
    const { status, sent } = await endlessEvent(new URL(server.url));
    expect(status).toBe(413);
    expect(sent).toBeLessThan(64 * 1024 * 1024);
    expect((await postEvent('{"event":"cart"}', { 'x-forwarded-for': '87.198.0.30' })).status).toBe(204);
  });

  it('is the owner-only report for everyone else', async () => {
    expect((await fetch(`${server.url}/api/admin/visits`)).status).toBe(401);
  });
});

describe('with counting turned off', () => {
  let off: RunningServer;
  beforeAll(async () => {
    off = await startServer({ TRUSTED_PROXIES: '127.0.0.1', VISITOR_COUNTING: '0' });
  });
  afterAll(async () => {
    await off?.stop();
  });

  it('counts nothing, and the report says counting is off', async () => {
    for (const address of ['8.8.8.8', '87.198.0.1']) {
      const res = await fetch(`${off.url}/`, {
        headers: { 'user-agent': CHROME, 'sec-fetch-dest': 'document', 'x-forwarded-for': address },
      });
      await res.arrayBuffer();
    }
    const cookie = await signIn(off.url);
    const figures = (await (
      await fetch(`${off.url}/api/admin/visits`, { headers: { cookie } })
    ).json()) as VisitReport;
    expect(figures.counting).toBe(false);
    expect(figures.totals).toEqual({ visitors: 0, views: 0 });
  });
});
