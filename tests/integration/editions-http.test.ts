// The owner's edition endpoint and the certificates over HTTP against the built server: bad edition
// sizes are a 400 with a sentence and change nothing, the rules on copies sold are a 409, no one
// but the owner may set an edition; a certificate shows its copy without the buyer, is never
// indexed, and any other code, path tricks included, is a 404 that serves no file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSiteDb } from '../helpers/db';
import { makeEditionCopy, makePhoto, makeVariant } from '../helpers/factories';
import { exactPathRequest } from '../helpers/raw-http';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';

let site: RunningServer;
let cookie: string;
let photoId: string;
let orderId: string;
const CODE = 'abcdefghijklmnopqrstuvwx';

beforeAll(async () => {
  site = await startServer();
  cookie = await signIn(site.url);
  photoId = withSiteDb(site.dataDir, (db) => {
    const photo = makePhoto(db, { title: 'Powerscourt Falls', editionSize: 10 });
    const variant = makeVariant(db, { photoId: photo.id, size: 'medium', finish: 'gloss' });
    const copy = makeEditionCopy(db, {
      photoId: photo.id,
      number: 1,
      soldAt: new Date('2026-03-14T12:00:00Z'),
      certificateCode: CODE,
    });
    // The copy's order line is of the medium gloss print, framed, bought by someone whose name must not show.
    db.$client
      .prepare(
        'update order_items set product_variant_id = ?, framing_size = ?, edition_size = 10 where id = ?',
      )
      .run(variant.id, 'medium', copy.orderItemId);
    db.$client.prepare("update orders set customer_name = 'Siobhán Kavanagh' where id = ?").run(copy.orderId);
    orderId = copy.orderId;
    return photo.id;
  });
});
afterAll(async () => {
  await site?.stop();
});

const edition = (body: string, who = cookie, origin = site.url) =>
  fetch(`${site.url}/api/admin/photos/${photoId}/edition`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', origin, ...(who ? { cookie: who } : {}) },
    body,
  });
const storedSize = () =>
  withSiteDb(site.dataDir, (db) =>
    db.$client.prepare('select edition_size as n from photos where id = ?').get(photoId),
  ) as {
    n: number | null;
  };

describe('PUT /api/admin/photos/{id}/edition', () => {
  it('refuses 0, 31, "ten", 2.5, a missing size and garbage with a 400 sentence, changing nothing', async () => {
    for (const body of [
      '{"editionSize":0}',
      '{"editionSize":31}',
      '{"editionSize":"ten"}',
      '{"editionSize":2.5}',
      '{}',
      '{"editionSize":',
      'x'.repeat(300_000),
    ]) {
      const res = await edition(body);
      expect([400, 413], body.slice(0, 30)).toContain(res.status);
      const answer = (await res.json()) as { message: string };
      expect(answer.message).toMatch(
        /^(The edition size must be a whole number of copies from 1 to 30, or null for an open edition|The request body must be valid JSON|The request is too large)\.$/,
      );
      expect(storedSize().n).toBe(10);
    }
  });

  it('answers 409 below the copies sold or back to open after a sale, 404 for an unknown photo', async () => {
    withSiteDb(site.dataDir, (db) =>
      makeEditionCopy(db, { photoId, number: 2, soldAt: new Date(), certificateCode: 'b'.repeat(24) }),
    );
    const below = await edition('{"editionSize":1}');
    expect(below.status).toBe(409);
    expect(((await below.json()) as { message: string }).message).toMatch(/cannot be smaller than 2\.$/);
    const open = await edition('{"editionSize":null}');
    expect(open.status).toBe(409);
    expect(((await open.json()) as { message: string }).message).toMatch(
      /cannot become an open edition again/,
    );
    const unknown = await fetch(`${site.url}/api/admin/photos/no-such-photo/edition`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: site.url, cookie },
      body: '{"editionSize":3}',
    });
    expect(unknown.status).toBe(404);
    const ok = await edition('{"editionSize":2}');
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ editionSize: 2, sold: 2, reserved: 0, left: 0 });
    expect(storedSize().n).toBe(2);
  });

  it('lets no one but the owner set it, nor another site', async () => {
    expect((await edition('{"editionSize":5}', '')).status).toBe(401);
    expect((await edition('{"editionSize":5}', cookie, 'https://evil.example')).status).toBe(403);
    expect(storedSize().n).toBe(2);
  });
});

describe('a sold-out edition for visitors', () => {
  // The edition is now 2 copies, both sold (the tests above).
  it('stays in the shop, its card and print page say Sold out, with nothing to add to the cart', async () => {
    const shop = await (await fetch(`${site.url}/shop`)).text();
    expect(shop).toContain('Powerscourt Falls');
    expect(shop).toContain('Limited edition of 2 · Sold out');
    expect(shop).not.toContain('aria-label="Customise print: Powerscourt Falls"');
    const rows = (await (await fetch(`${site.url}/shop/data.json`)).json()) as unknown[][];
    expect(rows.find((r) => r[0] === photoId)?.slice(16)).toEqual([2, 0]);
    const page = await (await fetch(`${site.url}/prints/powerscourt-falls`)).text();
    expect(page).toContain('Limited edition of 2 · Sold out');
    expect(page).toContain('Sold out. No copy of this limited edition is left.');
    expect(page).not.toContain('Add to Cart');
    const blocks = [...page.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
      (m) => JSON.parse(m[1] as string) as Record<string, unknown>,
    );
    expect(blocks.find((b) => b['@type'] === 'VisualArtwork')).toMatchObject({
      name: 'Powerscourt Falls',
      artform: 'Photograph',
      artEdition: 2,
    });
    const product = blocks.find((b) => b['@type'] === 'Product') as { offers: { availability: string }[] };
    expect(product.offers.every((o) => o.availability === 'https://schema.org/SoldOut')).toBe(true);
    const dialog = await fetch(`${site.url}/api/photos/${photoId}/edition`);
    expect(dialog.headers.get('cache-control')).toBe('no-store');
    expect(await dialog.json()).toEqual({ editionSize: 2, left: 0 });
  });
});

/** A GET with the path sent exactly as written (fetch would fold `..` and `//`). */
const rawGet = (path: string) => exactPathRequest(site.url, 'GET', path);

describe('the owner’s order', () => {
  it('names each numbered copy on the packing slip and gives its certificate in the order details', async () => {
    const slip = await fetch(`${site.url}/admin/orders/${orderId}/packing-slip`, { headers: { cookie } });
    expect(slip.status).toBe(200);
    expect(await slip.text()).toContain('Edition 1 of 10');
    const details = await fetch(`${site.url}/api/admin/orders/${orderId}`, { headers: { cookie } });
    expect(((await details.json()) as { editionCopies: unknown[] }).editionCopies).toEqual([
      expect.objectContaining({ number: 1, editionSize: 10, certificateCode: CODE }),
    ]);
  });
});

describe('GET /certificate/{code}', () => {
  it('shows the copy, its print and its QR code, never the buyer, and is not indexed', async () => {
    const res = await rawGet(`/certificate/${CODE}`);
    expect(res.status).toBe(200);
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.body).toContain('<meta name="robots" content="noindex"');
    for (const text of [
      'Powerscourt Falls',
      'Edition 1 of 10',
      'Medium',
      'Gloss',
      'Framed',
      '14 March 2026',
      'Signature',
    ]) {
      expect(res.body).toContain(text);
    }
    expect(res.body).toMatch(/<svg[^>]*viewBox/);
    expect(res.body).toContain(`/certificate/${CODE}`);
    expect(res.body).not.toContain('Siobhán');
    expect(res.body).not.toContain('Kavanagh');
  });

  it('answers 404 (or 400) to unknown codes and path tricks, and never serves a file', async () => {
    const tricks = [
      '/certificate/aaaaaaaaaaaaaaaaaaaaaaaa',
      `/certificate/${CODE.toUpperCase()}`,
      `/certificate/${CODE}x`,
      '/certificate/..%2f..%2fsite.sqlite',
      '/certificate/%2e%2e/%2e%2e/etc/passwd',
      '/certificate/../../package.json',
      `/certificate/${CODE}%00`,
      `/certificate/${'a'.repeat(10_000)}`,
    ];
    for (const path of tricks) {
      const res = await rawGet(path);
      expect([400, 404, 414, 431], path.slice(0, 60)).toContain(res.status);
      expect(res.body).not.toContain('SQLite format');
      expect(res.body).not.toContain('root:');
      expect(res.body).not.toContain('"dependencies"');
      expect(res.body).not.toContain('Certificate of authenticity');
    }
  });
});
