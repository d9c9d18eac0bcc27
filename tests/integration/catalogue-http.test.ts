// The owner's "Products the shop sells" over HTTP on the built server: the endpoint answers the owner
// only (however its path is spelled), refuses another site's change, garbage, an unknown size, an
// empty list and a huge body with a sentence, and a product turned on without a price with a 422
// naming its field, changing nothing then; a good save reaches the shop's variants and GET.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVariantsForPhoto } from '~/lib/shop/products.server';
import { ORIGINAL_PRODUCTS } from '~/lib/site/catalogue';
import { withSiteDb } from '../helpers/db';
import { makePhoto } from '../helpers/factories';
import { message, ownerRequests } from '../helpers/owner-requests';
import { exactPathRequest } from '../helpers/raw-http';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';

let server: RunningServer;
let cookie: string;
let wideId: string;
let squareId: string;

beforeAll(async () => {
  server = await startServer();
  cookie = await signIn(server.url);
  ({ wideId, squareId } = withSiteDb(server.dataDir, (db) => {
    const wide = makePhoto(db, { title: 'Lough Tay Wide', width: 6000, height: 4000 });
    const square = makePhoto(db, { title: 'Lough Tay Square', width: 5000, height: 5000 });
    createVariantsForPhoto(db, wide.id);
    createVariantsForPhoto(db, square.id);
    return { wideId: wide.id, squareId: square.id };
  }));
});
afterAll(() => server?.stop());

const PATH = '/api/admin/catalogue';
const call = ownerRequests(
  () => server,
  () => cookie,
);
const CANVAS = { size: '16x24', finish: 'canvas' };
const withCanvas = { products: [...ORIGINAL_PRODUCTS, { ...CANVAS, price: 180 }] };

/** The status of a request sent with its path exactly as written (fetch folds `//` and `/./`). */
const rawStatus = async (method: string, path: string, body?: string): Promise<number> =>
  (await exactPathRequest(server.url, method, path, { body, headers: { origin: server.url } })).status;

/** What a refused request must leave as it was. */
const stored = () =>
  withSiteDb(server.dataDir, (db) => ({
    offers: db.$client.prepare('select size, finish from catalogue_offers order by size, finish').all(),
    prices: db.$client
      .prepare("select key, value from app_meta where key like 'print-price:%' order by key")
      .all(),
    variants: db.$client
      .prepare('select id, size, finish, price_cents from product_variants order by id')
      .all(),
  }));

interface View {
  products: { size: string; finish: string; priceCents: number | null; photoCount: number }[];
  activePhotos: number;
}

describe('/api/admin/catalogue', () => {
  it('answers 401 without a session however the path is spelled, and 403 from another site', async () => {
    const before = stored();
    for (const spelling of [
      PATH,
      `/${PATH}`,
      `/.${PATH}`,
      '/api/admin/%63atalogue',
      '/api/%61dmin/catalogue',
    ]) {
      expect(await rawStatus('GET', spelling), `GET ${spelling}`).toBe(401);
      expect(await rawStatus('PUT', spelling, JSON.stringify(withCanvas)), `PUT ${spelling}`).toBe(401);
    }
    const res = await call('PUT', PATH, withCanvas, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(stored()).toEqual(before);
  });

  it('refuses garbage, an unknown size, an empty list and a huge body with a sentence', async () => {
    const before = stored();
    const cases: [unknown, RegExp][] = [
      ['{', /^The request body must be valid JSON\.$/],
      ['null', /^Please check what was sent/],
      [{ products: 'all' }, /^Give the products the shop sells as a list\.$/],
      [{ products: [{ size: '7x7', finish: 'matte' }] }, /^That print size is not in the catalogue\.$/],
      [{ products: [{ size: 'large', finish: 'velvet' }] }, /^That material is not in the catalogue\.$/],
      [{ products: [] }, /^The shop must sell at least one product\.$/],
      [{ products: [CANVAS, CANVAS] }, /^Each product may be given only once\.$/],
      [{ products: [{ ...CANVAS, price: -5 }] }, /^The price of 16x24 canvas prints must be .+\.$/],
    ];
    for (const [body, sentence] of cases) {
      const res = await call('PUT', PATH, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await message(res), JSON.stringify(body)).toMatch(sentence);
    }
    const huge = JSON.stringify({ products: [{ ...CANVAS, note: 'x'.repeat(400_000) }] });
    expect((await call('PUT', PATH, huge)).status).toBe(413);
    expect(stored()).toEqual(before);
  });

  it('refuses a product turned on without a price with a 422 naming it, saving nothing', async () => {
    const before = stored();
    const res = await call('PUT', PATH, {
      products: [...ORIGINAL_PRODUCTS, { size: '20x30', finish: 'acrylic' }],
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { message: string; field: string };
    expect(body).toEqual({
      message: 'Give 20x30 acrylic prints a price: they have none yet.',
      field: 'products.6.price',
    });
    expect(stored()).toEqual(before);
  });

  it('turns canvas 16x24 on: offered for the 3:2 photo, not the square one, and read back', async () => {
    const saved = await call('PUT', PATH, withCanvas);
    expect(saved.status).toBe(200);
    const canvas = { ...CANVAS, priceCents: 18000, photoCount: 1 };
    expect(((await saved.json()) as View).products).toContainEqual(canvas);

    const read = await call('GET', PATH);
    expect(read.status).toBe(200);
    expect(read.headers.get('cache-control')).toMatch(/no-store/);
    const view = (await read.json()) as View;
    expect(view.products).toHaveLength(7);
    expect(view.products).toContainEqual(canvas);
    expect(view.activePhotos).toBe(2);

    const variants = (await (await fetch(`${server.url}/api/product-variants`)).json()) as {
      photoId: string;
      size: string;
      finish: string;
      priceCents: number;
    }[];
    const canvases = variants.filter((v) => v.finish === 'canvas');
    expect(canvases.map((v) => [v.photoId, v.size, v.priceCents])).toEqual([[wideId, '16x24', 18000]]);
    expect(variants.filter((v) => v.photoId === squareId)).toHaveLength(6);
  });
});
