// The security headers of every kind of answer, the page cache's key, and the CSP's script
// hashes, over HTTP against the built server.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaUrl } from '~/lib/media/media-urls';
import { derivativePath, newMediaId } from '~/lib/platform/server/storage/storage';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';

const scriptHash = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;

let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  server = await startServer();
  cookie = await signIn(server.url);
});
afterAll(async () => {
  await server?.stop();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { headers, redirect: 'manual' });

function expectSecurityHeaders(res: Response, what: string): void {
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("object-src 'none'");
  expect(csp, what).toContain("base-uri 'self'");
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('permissions-policy'), what).toContain('camera=()');
  expect(res.headers.get('x-frame-options'), what).toBe('DENY');
}

describe('security headers', () => {
  it('are on every kind of answer, cached or not', async () => {
    const mediaId = newMediaId();
    const file = derivativePath(mediaId, 640, 'jpg', server.dataDir);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, Buffer.from([0xff, 0xd8, 0xff, 0xd9]));

    await get('/');
    const cached = await get('/');
    expect(cached.headers.get('x-cache')).toBe('hit');
    const etag = cached.headers.get('etag') ?? '';
    const kinds: Array<[string, Response]> = [
      ['cached page', cached],
      ['revalidated page (304)', await get('/', { 'if-none-match': etag })],
      ['page that is never cached', await get('/checkout?success=true&orderId=ABC')],
      ['owner page', await get('/admin', { cookie })],
      ['owner page refused (401)', await get('/admin')],
      ['API', await get('/api/photos')],
      ['API error', await get('/api/admin/dashboard')],
      ['media', await get(mediaUrl(mediaId, 640, 'jpg'))],
      ['built asset', await get('/favicon.svg')],
      ['404 page', await get('/no-such-page')],
      ['bad address (400)', await get('/%2561dmin')],
      ['redirect', await get('/api/login?next=/shop', { cookie })],
      ['health check', await get('/healthz')],
    ];
    expect(kinds.find(([what]) => what === 'redirect')?.[1].status).toBe(303);
    expect(kinds.find(([what]) => what === 'revalidated page (304)')?.[1].status).toBe(304);
    for (const [what, res] of kinds) expectSecurityHeaders(res, what);
    expect(cached.headers.get('strict-transport-security')).toBeNull();
  });

  it('add HSTS when the site is served over https', async () => {
    const https = await startServer({ SITE_URL: 'https://wicklow.example' });
    try {
      for (const path of ['/', '/api/photos', '/favicon.svg']) {
        const res = await fetch(`${https.url}${path}`);
        expect(res.headers.get('strict-transport-security'), path).toBe('max-age=31536000');
      }
    } finally {
      await https.stop();
    }
  });
});

describe('the page cache', () => {
  it('answers a new query string that the page does not read from the cache', async () => {
    await get('/shop?bust=first');
    for (const q of ['bust=2', 'bust=3&utm_source=x', 'page=1', 'page=abc']) {
      expect((await get(`/shop?${q}`)).headers.get('x-cache'), q).toBe('hit');
    }
  });

  it('keys on the query a page reads', async () => {
    const first = await get('/shop?page=2&bust=1');
    expect(first.status).toBe(200);
    expect((await get('/shop?page=2&bust=2')).headers.get('x-cache')).toBe('hit');
  });
});

describe('the CSP of a page', () => {
  it('never allows a script that content put into the page, and shows the owner edit at once', async () => {
    const injected = '<script>alert(2)</script>';
    await get('/');
    const res = await fetch(`${server.url}/api/website-content`, {
      method: 'PUT',
      headers: { cookie, origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify({ section: 'hero', key: 'description', content: injected }),
    });
    expect(res.ok).toBe(true);
    const page = await get('/');
    const html = await page.text();
    expect(html).toContain('&lt;script&gt;alert(2)&lt;/script&gt;');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).not.toContain(scriptHash('alert(2)'));
    expect(csp).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+;/);
  });
});
