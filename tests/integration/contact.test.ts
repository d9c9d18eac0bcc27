// POST /api/contact over HTTP on the built server: valid, invalid, oversized, header injection,
// the rate limit of 5 per address per hour; plus the public reads of the site.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuedMailCount, waitForOutbox } from '../helpers/outbox';
import { type RunningServer, startServer } from '../helpers/server';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ OWNER_EMAIL: 'owner@example.com' });
});
afterAll(async () => {
  await server?.stop();
});

const post = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const valid = {
  firstName: 'Aoife',
  lastName: 'Byrne',
  email: 'aoife@example.ie',
  serviceInterest: 'drone',
  message: 'Could you film our farm near Tinahely in May?',
};

const outbox = () => {
  try {
    return readdirSync(join(server.dataDir, 'outbox')).map((f) =>
      readFileSync(join(server.dataDir, 'outbox', f), 'utf8'),
    );
  } catch {
    return [];
  }
};

describe('POST /api/contact', () => {
  it('stores a valid enquiry and mails the owner (to the outbox without SMTP)', async () => {
    const res = await post(valid);
    expect(res.status).toBe(201);
    const { id } = await res.json();
    const db = new Database(join(server.dataDir, 'site.sqlite'), { readonly: true });
    const row = db.prepare('select * from contact_inquiries where id = ?').get(id) as Record<string, string>;
    db.close();
    expect(row).toMatchObject({ first_name: 'Aoife', email: 'aoife@example.ie', service_interest: 'drone' });
    // The mail is queued with the enquiry and delivered by the sender just after.
    await waitForOutbox(server.dataDir, (mails) => mails.some((m) => m.text.includes('Tinahely')));
    const mail = outbox().find((m) => m.includes('Tinahely'));
    expect(mail).toBeDefined();
    expect(mail).toMatch(/^To: owner@example\.com/m);
    expect(mail).toMatch(/^Reply-To: aoife@example\.ie/m);
    expect(mail).toContain('Drone Photography/Video');
  });

  it('refuses invalid input with 400 and a message', async () => {
    for (const body of [
      { ...valid, email: 'not-an-address' },
      { ...valid, message: '' },
      { ...valid, firstName: undefined },
      { ...valid, serviceInterest: 'weddings' },
      'not json',
    ]) {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBeTruthy();
    }
  });

  it('refuses a message over 5,000 characters (400) and a huge body (413)', async () => {
    const long = await post({ ...valid, email: 'long@example.ie', message: 'x'.repeat(5001) });
    expect(long.status).toBe(400);
    expect((await long.json()).message).toMatch(/5,000/);
    const huge = await post({ ...valid, email: 'huge@example.ie', message: 'x'.repeat(100_000) });
    expect(huge.status).toBe(413);
  });

  it('lets no header be injected through a name or the address', async () => {
    const before = queuedMailCount(server.dataDir);
    const a = await post({ ...valid, firstName: 'Eve\r\nBcc: victim@example.com' });
    const b = await post({ ...valid, email: 'eve@example.ie\r\nBcc: victim@example.com' });
    expect(a.status).toBe(400);
    expect(b.status).toBe(400);
    // Nothing was queued, so nothing will be sent.
    expect(queuedMailCount(server.dataDir)).toBe(before);
  });

  it('allows 5 enquiries per address per hour, then answers 429', async () => {
    const email = `limit-${Date.now()}@example.ie`;
    for (let i = 0; i < 5; i++) expect((await post({ ...valid, email })).status).toBe(201);
    const sixth = await post({ ...valid, email: email.toUpperCase() });
    expect(sixth.status).toBe(429);
    expect((await sixth.json()).message).toMatch(/5 messages in the last hour/);
    expect((await post({ ...valid, email: `other-${email}` })).status).toBe(201);
  });

  it('answers a plain HTML form post with a redirect back to the form', async () => {
    const res = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...valid, email: 'form@example.ie' }).toString(),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/?sent=1#contact');
  });
});

describe('public reads', () => {
  it('serve the views the pages use', async () => {
    const get = async (path: string) => {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(200);
      return res;
    };
    expect(await (await get('/api/photos')).json()).toEqual([]);
    expect(await (await get('/api/drone-media')).json()).toEqual([]);
    expect(await (await get('/api/background-images')).json()).toEqual([]);
    expect(await (await get('/api/homepage-hero')).json()).toMatchObject({ imageUrl: null });
    expect(await (await get('/api/admin/profile')).json()).toEqual({ bioPictureUrl: null });
    expect(await (await get('/api/website-content/hero')).json()).toEqual([]);
    const og = await get('/api/photos/featured/og-image');
    expect(og.headers.get('content-type')).toBe('image/jpeg');
    const sitemap = await (await get('/sitemap.xml')).text();
    expect(sitemap).toContain('<loc>http://localhost:4321/drone-services</loc>');
    expect(await (await get('/robots.txt')).text()).toContain('Sitemap: http://localhost:4321/sitemap.xml');
    for (const page of ['/terms', '/privacy', '/shipping-returns']) await get(page);
  });

  it('refuses an edit of page text without the owner', async () => {
    const res = await fetch(`${server.url}/api/website-content`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ section: 'hero', key: 'title', content: 'x' }),
    });
    expect(res.status).toBe(401);
  });
});
