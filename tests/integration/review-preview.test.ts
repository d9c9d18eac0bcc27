// The owner's preview of the review flow over HTTP on the built server: the mail of a test order
// (the site runs in test mode) as JSON and the review page's preview, for the owner only (a visitor
// 401, a signed-in account that is not the owner's 403, also through the spellings an attacker
// tries); an unknown order is 404; nothing is stored or queued.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailQueue, reviewInvites, reviews } from '~db/schema';
import { withSiteDb } from '../helpers/db';
import { makeDeliveredOrder, makePhoto } from '../helpers/factories';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';

const ORDER_ID = 'order-preview-7e5701';
const API = `/api/admin/reviews/preview?order=${ORDER_ID}`;
const PAGE = `/admin/review-preview?order=${ORDER_ID}`;

let site: RunningServer;
let owner: string;
let former: string;

beforeAll(async () => {
  // An account that is no longer the owner's: made when OWNER_EMAIL named it, kept after.
  const first = await startServer({ OWNER_EMAIL: 'former@example.com' });
  await first.stop();
  site = await startServer({ DATA_DIR: first.dataDir });
  owner = await signIn(site.url);
  former = await signIn(site.url, 'former@example.com');
  withSiteDb(site.dataDir, (db) => {
    makePhoto(db, { id: 'p-preview', title: 'Lough Tay at dawn' });
    makeDeliveredOrder(db, {
      id: ORDER_ID,
      payment: 'test',
      status: 'processing',
      customerName: 'Tess Tester',
      customerEmail: 'tess@example.ie',
      photoIds: ['p-preview'],
    });
  });
});

afterAll(async () => {
  await site?.stop();
});

const get = (path: string, cookie?: string) =>
  fetch(`${site.url}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });

const stored = () =>
  withSiteDb(site.dataDir, (db) => ({
    invites: db.select().from(reviewInvites).all().length,
    reviews: db.select().from(reviews).all().length,
    mails: db.select().from(mailQueue).all().length,
  }));

describe('the review flow’s preview', () => {
  it('gives the owner a test order’s mail and the orders to choose from, storing nothing', async () => {
    const before = stored();
    const res = await get(API, owner);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const body = await res.json();
    expect(body.orders).toContainEqual({ id: ORDER_ID, label: '#7E5701 · Tess Tester · test order' });
    expect(body.mail).toMatchObject({
      sample: false,
      to: 'tess@example.ie',
      subject: 'Your order #7E5701 has been delivered: how do you like it?',
      pagePath: PAGE,
      prints: 1,
    });
    expect(body.mail.text).toContain('Dear Tess Tester,');
    // The link stands for the buyer's own: here it opens the preview, at the site's address.
    expect(body.mail.text.split('\n')).toContainEqual(
      expect.stringMatching(/^https?:\/\/\S+\/admin\/review-preview\?order=order-preview-7e5701$/),
    );
    expect(body.mail.when).toContain('test order');
    expect(stored()).toEqual(before);
  });

  it('gives a sample order’s mail without an order, and 404 for an unknown one', async () => {
    const sample = await (await get('/api/admin/reviews/preview', owner)).json();
    expect(sample.mail).toMatchObject({ sample: true, orderRef: '#SAMPLE' });
    const unknown = await get('/api/admin/reviews/preview?order=no-such-order', owner);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toMatch(/not found/);
    expect((await get(`/api/admin/reviews/preview?order=${'x'.repeat(65)}`, owner)).status).toBe(400);
  });

  it('shows the owner the buyer’s review page marked as a preview, with forms that post nowhere', async () => {
    const before = stored();
    const res = await get(PAGE, owner);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const html = await res.text();
    expect(html).toContain('Preview of the review page: nothing here is sent or stored.');
    expect(html).toContain('Lough Tay at dawn');
    expect(html).toContain('Review your print');
    expect(html).toMatch(/<meta name="robots" content="noindex"/);
    expect(html).not.toContain('action="/api/reviews"');
    expect(html).not.toContain('name="token"');
    expect(stored()).toEqual(before);
    expect((await get('/admin/review-preview?order=no-such-order', owner)).status).toBe(404);
  });

  it('answers a visitor 401 and an account that is not the owner’s 403, however the path is spelled', async () => {
    for (const path of [
      API,
      PAGE,
      `//api/admin/reviews/preview`,
      `/api/admin/%72eviews/preview`,
      `/./${PAGE}`,
    ]) {
      expect((await get(path)).status, path).toBe(401);
      const refused = await get(path, former);
      expect(refused.status, path).toBe(403);
      expect(await refused.text(), path).not.toContain('Tess');
    }
  });
});
