// Reviews over HTTP on the built server: the owner marks a paid order delivered and the buyer's
// mail holds the review link; the link's page (never cached, never indexed) lists the prints; a
// review per print, once (409), then the link is used up (410); bad input (400), unknown links and
// prints (404), another site's form (403), a plain form post without JavaScript (303 back to the
// page), the rate limit (429). The owner lists reviews, pending first, and approves one: /shop, kept
// by the front's page cache, shows its stars at once, and showed none before; the print's page lists
// it under a line saying where reviews come from, which the shop says too while it shows stars. A
// test order invites no one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEWS_SOURCE_NOTE } from '~/lib/reviews/reviews';
import { withSiteDb } from '../helpers/db';
import { makeDeliveredOrder, makePhoto } from '../helpers/factories';
import { readOutbox, waitForOutbox } from '../helpers/outbox';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';

let site: RunningServer;
let cookie: string;

beforeAll(async () => {
  site = await startServer();
  cookie = await signIn(site.url);
  withSiteDb(site.dataDir, (db) => {
    makePhoto(db, { id: 'p-tay', title: 'Lough Tay at dawn' });
    makePhoto(db, { id: 'p-bray', title: 'Bray Head in winter' });
    makePhoto(db, { id: 'p-other', title: 'Glendalough' });
    makeDeliveredOrder(db, {
      id: 'order-review-aaa111',
      status: 'shipped',
      customerName: 'Siobhán Walsh',
      customerEmail: 'siobhan@example.ie',
      photoIds: ['p-tay', 'p-bray'],
    });
    makeDeliveredOrder(db, {
      id: 'order-review-bbb222',
      status: 'shipped',
      customerEmail: 'plain-form@example.ie',
      photoIds: ['p-other'],
    });
    makeDeliveredOrder(db, {
      id: 'order-review-test33',
      status: 'shipped',
      testMode: true,
      customerEmail: 'tester@example.ie',
      photoIds: ['p-other'],
    });
  });
});

afterAll(async () => {
  await site?.stop();
});

const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${site.url}${path}`, {
    method,
    redirect: 'manual',
    headers: {
      origin: site.url,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
const asOwner = (method: string, path: string, body?: unknown) => call(method, path, body, { cookie });

/** Marks an order delivered as the owner, and returns the token of the review link mailed to `to`. */
async function deliver(orderId: string, to: string): Promise<string> {
  const res = await asOwner('PUT', `/api/admin/orders/${orderId}/status`, { status: 'delivered' });
  expect(res.status).toBe(200);
  const mails = await waitForOutbox(site.dataDir, (all) => all.some((m) => m.to === to));
  const mail = mails.find((m) => m.to === to);
  const token = /\/review\/([A-Za-z0-9_-]{43})\b/.exec(mail?.text ?? '')?.[1];
  expect(token, mail?.text).toBeTruthy();
  return token as string;
}

const valid = {
  rating: 5,
  text: 'The blues of the lake are perfect on paper.',
  name: 'Siobhán',
  place: 'Co. Kerry',
};
let token = '';

describe('the review link', () => {
  it('is mailed when the owner marks a paid order delivered', async () => {
    token = await deliver('order-review-aaa111', 'siobhan@example.ie');
    const mail = readOutbox(site.dataDir).find((m) => m.to === 'siobhan@example.ie');
    expect(mail?.subject).toBe('Your order #AAA111 has been delivered: how do you like it?');
    // The link is on the site's public address (SITE_URL, here its default).
    expect(mail?.text).toContain(`http://localhost:4321/review/${token}`);
  });

  it('opens a page of the order’s prints, private, never cached and not for robots', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await call('GET', `/review/${token}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('x-cache')).toBeNull();
      const html = await res.text();
      expect(html).toContain('Lough Tay at dawn');
      expect(html).toContain('Bray Head in winter');
      expect(html).toContain('<meta name="robots" content="noindex"');
      // Prefilled from the order.
      expect(html).toMatch(/name="name"[^>]*value="Siobhán"/);
      expect(html).toMatch(/name="place"[^>]*value="Ireland"/);
    }
    const robots = await (await call('GET', '/robots.txt')).text();
    expect(robots).toContain('Disallow: /review');
  });

  it('answers an unknown link with a 404 page that says so', async () => {
    const res = await call('GET', `/review/${'Z'.repeat(43)}`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('This review link is not known');
  });
});

describe('POST /api/reviews', () => {
  it('refuses bad input with 400 and a sentence', async () => {
    const cases: [unknown, RegExp][] = [
      [{ ...valid, token, photoId: 'p-tay', rating: 0 }, /1 to 5 stars/],
      [{ ...valid, token, photoId: 'p-tay', rating: 6 }, /1 to 5 stars/],
      [{ ...valid, token, photoId: 'p-tay', rating: undefined }, /1 to 5 stars/],
      [{ ...valid, token, photoId: 'p-tay', name: '' }, /first name/],
      [{ ...valid, token, photoId: 'p-tay', place: 'a\nb' }, /one line/],
      [{ ...valid, token, photoId: 'p-tay', text: 'x'.repeat(2001) }, /at most 2000 characters/],
      [{ ...valid, token: 'short', photoId: 'p-tay' }, /not valid/],
      ['not json', /valid JSON/],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', '/api/reviews', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect((await res.json()).message).toMatch(message);
    }
  });

  it('refuses an unknown link and a print that is not in the order with 404', async () => {
    const unknown = await call('POST', '/api/reviews', { ...valid, token: 'Q'.repeat(43), photoId: 'p-tay' });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toMatch(/not known/);
    const other = await call('POST', '/api/reviews', { ...valid, token, photoId: 'p-other' });
    expect(other.status).toBe(404);
    expect((await other.json()).message).toBe('That print is not part of this order.');
  });

  it('refuses a review sent from another site’s page (403)', async () => {
    const res = await call(
      'POST',
      '/api/reviews',
      { ...valid, token, photoId: 'p-tay' },
      { origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
  });

  it('takes one review per print: 201, then 409 for the same print, then 410 once every print is reviewed', async () => {
    const first = await call('POST', '/api/reviews', { ...valid, token, photoId: 'p-tay' });
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({
      review: { rating: 5, authorName: 'Siobhán', authorPlace: 'Co. Kerry' },
      message: expect.stringMatching(/once the photographer has read it/),
    });
    const again = await call('POST', '/api/reviews', { ...valid, token, photoId: 'p-tay', rating: 1 });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toMatch(/reviewed already/);

    const page = await (await call('GET', `/review/${token}`)).text();
    expect(page).toContain('Bray Head in winter');
    expect(page).not.toContain('Lough Tay at dawn');

    const second = await call('POST', '/api/reviews', {
      ...valid,
      token,
      photoId: 'p-bray',
      rating: 4,
      text: '',
    });
    expect(second.status).toBe(201);
    expect((await second.json()).review.text).toBeNull();
    const used = await call('POST', '/api/reviews', { ...valid, token, photoId: 'p-bray' });
    expect(used.status).toBe(410);
    expect((await used.json()).message).toMatch(/Every print of this order has been reviewed/);
    const done = await call('GET', `/review/${token}`);
    expect(done.status).toBe(410);
    expect(await done.text()).toContain('Thank you for your reviews');
  });

  it('takes a plain form post without JavaScript and goes back to the page', async () => {
    const plain = await deliver('order-review-bbb222', 'plain-form@example.ie');
    const form = (fields: Record<string, string>) =>
      call('POST', '/api/reviews', new URLSearchParams(fields).toString(), {
        'content-type': 'application/x-www-form-urlencoded',
      });
    const fields = { token: plain, photoId: 'p-other', name: 'Cian', place: 'Ireland', text: '' };
    const bad = await form(fields);
    expect(bad.status).toBe(303);
    expect(bad.headers.get('location')).toBe(`/review/${plain}?failed=1`);
    expect(await (await call('GET', `/review/${plain}?failed=1`)).text()).toContain('could not be saved');
    const good = await form({ ...fields, rating: '3' });
    expect(good.status).toBe(303);
    expect(good.headers.get('location')).toBe(`/review/${plain}?sent=1`);
    expect(await (await call('GET', `/review/${plain}?sent=1`)).text()).toContain(
      'Thank you for your reviews',
    );
  });

  it('invites no one for a test order', async () => {
    const res = await asOwner('PUT', '/api/admin/orders/order-review-test33/status', { status: 'delivered' });
    expect(res.status).toBe(200);
    expect((await res.json()).history.at(-1)).toMatchObject({
      toStatus: 'delivered',
      customerNotified: false,
    });
    // Mails are delivered in the order queued: one queued after it has arrived, so none was queued before.
    await deliverAnotherMail();
    expect(readOutbox(site.dataDir).filter((m) => m.to === 'tester@example.ie')).toEqual([]);
  });
});

/** Queues a mail (an enquiry to the owner) and waits until it has been filed. */
async function deliverAnotherMail() {
  const res = await call('POST', '/api/contact', {
    firstName: 'Nora',
    lastName: 'Marker',
    email: 'nora@example.ie',
    message: 'A marker mail.',
  });
  expect(res.status).toBe(201);
  await waitForOutbox(site.dataDir, (all) => all.some((m) => m.text.includes('A marker mail.')));
}

describe('the owner’s reviews and the shop', () => {
  interface Listed {
    id: string;
    state: string;
    photoId: string;
    photoTitle: string;
    orderRef: string;
  }

  it('lists them waiting first with the number waiting, approves one, and the shop shows its stars at once', async () => {
    // Anonymous, through the page cache: no stars before approval, for any print.
    const before = await call('GET', '/shop');
    const beforeHtml = await before.text();
    expect(beforeHtml).not.toMatch(/out of 5 stars/);
    expect(beforeHtml).not.toContain('AggregateRating');
    const cached = await call('GET', '/shop');
    expect(cached.headers.get('x-cache')).toMatch(/hit/i);

    const list = await asOwner('GET', '/api/admin/reviews');
    expect(list.status).toBe(200);
    const body = (await list.json()) as { reviews: Listed[]; pending: number };
    expect(body.pending).toBe(3);
    expect(body.reviews.every((r) => r.state === 'pending')).toBe(true);
    const tay = body.reviews.find((r) => r.photoId === 'p-tay') as Listed;
    expect(tay).toMatchObject({ photoTitle: 'Lough Tay at dawn', orderRef: '#AAA111' });

    // Before approval, the print's page lists no review, so says nothing of where reviews come from.
    const printPage = async () => {
      const res = await call('GET', '/prints/lough-tay-at-dawn');
      expect(res.status).toBe(200);
      return res.text();
    };
    expect(await printPage()).not.toContain(REVIEWS_SOURCE_NOTE);
    expect(beforeHtml).not.toContain(REVIEWS_SOURCE_NOTE);

    const approved = await asOwner('PATCH', `/api/admin/reviews/${tay.id}`, { state: 'approved' });
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ id: tay.id, state: 'approved' });
    const waiting = (await (await asOwner('GET', '/api/admin/reviews?state=pending')).json()) as {
      pending: number;
    };
    expect(waiting.pending).toBe(2);

    const after = await (await call('GET', '/shop')).text();
    const card = after.slice(
      after.indexOf('id="photo-p-tay"'),
      after.indexOf('</li>', after.indexOf('id="photo-p-tay"')),
    );
    expect(card).toContain('aria-label="5 out of 5 stars, 1 review"');
    expect(card).toContain('(1)');
    // The other prints have reviews too, but none approved: no stars.
    expect(after.match(/out of 5 stars/g)).toHaveLength(1);
    expect(after).toContain('"aggregateRating":{"@type":"AggregateRating","ratingValue":5,"reviewCount":1');
    const rows = (await (await call('GET', '/shop/data.json')).json()) as unknown[][];
    // A row: id, title, …, the keywords (13), then the stars and the count (14, 15) once one is approved.
    expect(rows.find((r) => r[0] === 'p-tay')?.slice(14)).toEqual([5, 1]);
    expect(rows.find((r) => r[0] === 'p-bray')).toHaveLength(14);

    // Where the stars are shown, the shop says where reviews come from; the print's page says it
    // under the heading of its reviews.
    expect(after).toContain(REVIEWS_SOURCE_NOTE);
    const shown = await printPage();
    const section = shown.slice(shown.indexOf('class="review-list'));
    const heading = section.indexOf('>Reviews</h2>');
    expect(heading).toBeGreaterThan(-1);
    expect(section.indexOf(`>${REVIEWS_SOURCE_NOTE}</p>`)).toBeGreaterThan(heading);
    expect(section).toContain(valid.text);

    const hidden = await asOwner('PATCH', `/api/admin/reviews/${tay.id}`, { state: 'hidden' });
    expect(hidden.status).toBe(200);
    const hiddenShop = await (await call('GET', '/shop')).text();
    expect(hiddenShop).not.toMatch(/out of 5 stars/);
    expect(hiddenShop).not.toContain(REVIEWS_SOURCE_NOTE);
  });

  it('answers 400 for an unknown state and 404 for an unknown review', async () => {
    const bad = await asOwner('PATCH', '/api/admin/reviews/anything', { state: 'published' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/^A review's state must be one of/);
    const badFilter = await asOwner('GET', '/api/admin/reviews?state=published');
    expect(badFilter.status).toBe(400);
    const missing = await asOwner('PATCH', '/api/admin/reviews/no-such-review', { state: 'approved' });
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toBe('That review was not found.');
  });
});

describe('the rate limit', () => {
  it('refuses more than 60 reviews an hour from one address with 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      statuses.push(
        (await call('POST', '/api/reviews', { ...valid, token: 'R'.repeat(43), photoId: 'p-tay' })).status,
      );
    }
    // Earlier tests sent some from this address already: the limit is reached within these 61.
    expect(statuses).toContain(429);
    const refused = await call('POST', '/api/reviews', { ...valid, token: 'R'.repeat(43), photoId: 'p-tay' });
    expect(refused.status).toBe(429);
    expect((await refused.json()).message).toMatch(/Too many reviews/);
  });
});
