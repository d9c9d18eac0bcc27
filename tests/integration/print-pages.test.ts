// The page of each print over HTTP on the built server: /prints/{slug} with its photo, its prices
// from the server's variants, Product and Offer structured data and its own share image; a 404 for
// an unknown slug and for a photo that is not for sale; a 301 from an old slug after the owner
// renames the photo, and from the slug in capitals; the spellings a router folds (//, /./, escapes);
// the page cache; the sitemap, the shop's cards and the viewer's list linking to every print on sale.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPhotoActive } from '~/lib/photos/photo-admin.server';
import { createPhoto } from '~/lib/photos/photos.server';
import type { PhotoForm } from '~/lib/photos/schemas';
import { formatEuro } from '~/lib/platform/shared/format';
import { productVariants } from '~db/schema';
import { withSiteDb } from '../helpers/db';
import { makeFramings } from '../helpers/factories';
import { exactPathRequest } from '../helpers/raw-http';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';

let server: RunningServer;
let cookie: string;
const ids: Record<string, string> = {};

const form = (title: string, featured = true): PhotoForm => ({
  title,
  description: 'Evening light on the upper lake, the round tower in shadow.',
  category: 'mountains',
  location: 'Glendalough, Co. Wicklow',
  featured,
});
const media = (mediaId: string, width = 6000, height = 4000) => ({
  mediaId,
  width,
  height,
  dominantColor: '#445566',
  placeholder: null,
  imageUrl: `/media/${mediaId}/1920.jpg`,
});

beforeAll(async () => {
  server = await startServer();
  cookie = await signIn(server.url);
  withSiteDb(server.dataDir, (db) => {
    makeFramings(db);
    ids.dusk = createPhoto(db, form('Glendalough at Dúsk'), media('duskmedia01')).id;
    ids.snow = createPhoto(db, form('Sugarloaf in Snow'), media('snowmedia01')).id;
    // 1680 px: no size has 150 pixels per inch, so it has variants but none on sale.
    ids.small = createPhoto(db, form('Too Small to Print'), media('smallmedia1', 1680, 1120)).id;
    ids.hidden = createPhoto(db, form('Hidden Lake'), media('hiddenmedia')).id;
    setPhotoActive(db, ids.hidden, false);
  });
});
afterAll(async () => {
  await server?.stop();
});

/** A GET sent with its path exactly as written (fetch would fold `//` and `/./` first). */
const rawGet = async (path: string) => {
  const res = await exactPathRequest(server.url, 'GET', path);
  return { ...res, location: res.headers.location };
};

const get = (path: string) => fetch(`${server.url}${path}`, { redirect: 'manual' });
const meta = (html: string, property: string) =>
  new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1];
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1] as string) as Record<string, unknown>,
  );
}

describe('a print page', () => {
  it('shows the photo, its sizes at the server prices, Product and Offer data and its own share image', async () => {
    const res = await get('/prints/glendalough-at-dusk');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>Glendalough at Dúsk: Fine-Art Print | Wicklow Light Photography</title>');
    expect(html).toMatch(/<h1[^>]*>Glendalough at Dúsk<\/h1>/);
    expect(meta(html, 'description')).toBe('Evening light on the upper lake, the round tower in shadow.');
    expect(meta(html, 'og:image')).toBe('http://localhost:4321/media/duskmedia01/1280.jpg');
    expect(meta(html, 'og:image:width')).toBe('1280');
    expect(meta(html, 'og:image:height')).toBe('853');
    expect(meta(html, 'og:type')).toBe('product');
    expect(html).toContain('<link rel="canonical" href="http://localhost:4321/prints/glendalough-at-dusk">');
    // The photo as responsive derivatives, with its size so nothing shifts.
    expect(html).toMatch(/<source type="image\/webp" srcset="\/media\/duskmedia01\/320\.webp 320w, /);
    expect(html).toMatch(
      /<img src="\/media\/duskmedia01\/1280\.jpg" alt="Glendalough at Dúsk, Glendalough, Co\. Wicklow" width="6000" height="4000"/,
    );

    const variants = withSiteDb(server.dataDir, (db) =>
      db
        .select()
        .from(productVariants)
        .all()
        .filter((v) => v.photoId === ids.dusk),
    );
    expect(variants).toHaveLength(6);
    const product = jsonLd(html).find((d) => d['@type'] === 'Product') as {
      name: string;
      image: string[];
      offers: { '@type': string; price: string; priceCurrency: string; availability: string; sku: string }[];
    };
    expect(product.name).toBe('Glendalough at Dúsk (fine-art print)');
    expect(product.image).toEqual(['http://localhost:4321/media/duskmedia01/1280.jpg']);
    expect(product.offers).toHaveLength(6);
    for (const offer of product.offers) {
      const variant = variants.find((v) => v.id === offer.sku);
      expect(offer).toMatchObject({
        '@type': 'Offer',
        priceCurrency: 'EUR',
        availability: 'https://schema.org/MadeToOrder',
        price: ((variant?.priceCents ?? 0) / 100).toFixed(2),
      });
    }
    for (const v of variants) expect(html).toContain(formatEuro(v.priceCents));
    expect(html).toContain('Add to Cart');
  });

  it('offers only the sizes the photo has the pixels for', async () => {
    withSiteDb(server.dataDir, (db) => {
      ids.medium = createPhoto(db, form('Two Sizes Only', false), media('twosizes01', 2400, 1800)).id;
    });
    const html = await (await get('/prints/two-sizes-only')).text();
    expect(html).toMatch(/name="size" value="small"/);
    expect(html).toMatch(/name="size" value="medium"/);
    expect(html).not.toMatch(/name="size" value="large"/);
    const product = jsonLd(html).find((d) => d['@type'] === 'Product') as { offers: { name: string }[] };
    expect(product.offers.map((o) => o.name.split(' ')[0])).toEqual(['Small', 'Small', 'Medium', 'Medium']);
  });

  it('is kept by the page cache like the shop, and refreshed after a write', async () => {
    await get('/prints/glendalough-at-dusk');
    const cached = await get('/prints/glendalough-at-dusk');
    expect(cached.headers.get('x-cache')).toBe('hit');
    withSiteDb(server.dataDir, (db) =>
      db.$client
        .prepare("update product_variants set price_cents = 12345 where photo_id = ? and size = 'small'")
        .run(ids.dusk),
    );
    const fresh = await get('/prints/glendalough-at-dusk');
    expect(fresh.headers.get('x-cache')).toBe('miss');
    expect(await fresh.text()).toContain('€123.45');
  });

  it('answers 404 for an unknown slug, a photo too small for any size and a hidden photo', async () => {
    for (const path of [
      '/prints/no-such-print',
      '/prints/too-small-to-print',
      '/prints/hidden-lake',
      '/prints',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toContain('Page Not Found');
    }
  });

  it('moves with a rename by the owner: the old address answers 301 to the new one', async () => {
    const body = new FormData();
    for (const [k, v] of Object.entries({ ...form('Sugarloaf after the Snow'), featured: 'true' }))
      body.set(k, v);
    const edit = await fetch(`${server.url}/api/admin/photos/${ids.snow}`, {
      method: 'PUT',
      headers: { cookie, origin: server.url },
      body,
    });
    expect(edit.status).toBe(200);
    expect(((await edit.json()) as { slug: string }).slug).toBe('sugarloaf-after-the-snow');
    const old = await get('/prints/sugarloaf-in-snow');
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe('/prints/sugarloaf-after-the-snow');
    expect((await get('/prints/sugarloaf-after-the-snow')).status).toBe(200);
    // The same address in capitals is sent to its lower-case form.
    const capitals = await get('/prints/Glendalough-At-Dusk');
    expect(capitals.status).toBe(301);
    expect(capitals.headers.get('location')).toBe('/prints/glendalough-at-dusk');
  });

  it('treats the spellings a router folds as the same page, and refuses what cannot be judged', async () => {
    for (const path of [
      '//prints/glendalough-at-dusk',
      '/prints/./glendalough-at-dusk',
      '/prints//glendalough-at-dusk',
      '/prints/glendalough-at-dusk/',
      '/x/../prints/glendalough-at-dusk',
      '/prints/glendalough%2Dat-dusk',
      '/%70rints/%67lendalough-at-dusk',
    ]) {
      const res = await rawGet(path);
      expect(res.status, path).toBe(200);
      expect(res.body, path).toMatch(/<h1[^>]*>Glendalough at Dúsk<\/h1>/);
    }
    // The title's own letters are not its address: the slug is ASCII.
    expect((await rawGet('/prints/glendalough-at-d%C3%BAsk')).status).toBe(404);
    expect((await rawGet('/prints/glendalough-at-dusk%3Fsize=large')).status).toBe(404);
    expect((await rawGet('/prints/%2e%2e/shop')).status).toBe(200);
    const old = await rawGet('//prints/./sugarloaf-in-snow');
    expect(old.status).toBe(301);
    expect(old.location).toBe('/prints/sugarloaf-after-the-snow');
    for (const path of [
      '/prints/glendalough%252Dat-dusk',
      '/prints/glendalough-at-dusk%00',
      '/prints/a%5Cb',
    ]) {
      expect((await rawGet(path)).status, path).toBe(400);
    }
  });
});

describe('links to the print pages', () => {
  it('lists every print on sale in the sitemap, and no other', async () => {
    const sitemap = await (await get('/sitemap.xml')).text();
    const locs = [...sitemap.matchAll(/<loc>http:\/\/localhost:4321(\/prints\/[^<]+)<\/loc>/g)].map(
      (m) => m[1],
    );
    expect(locs.sort()).toEqual([
      '/prints/glendalough-at-dusk',
      '/prints/sugarloaf-after-the-snow',
      '/prints/two-sizes-only',
    ]);
    expect(sitemap).toContain('<loc>http://localhost:4321/shop</loc>');
  });

  it('links each shop card of a print on sale to its page ("Buy a print")', async () => {
    const html = await (await get('/shop')).text();
    expect(html).toMatch(
      /<a href="\/prints\/glendalough-at-dusk"[^>]*aria-label="Buy a print: Glendalough at Dúsk"[^>]*>Buy a print<\/a>/,
    );
    expect(html).not.toContain('href="/prints/too-small-to-print"');
    const rows = (await (await get('/shop/data.json')).json()) as unknown[][];
    // A photo too small to print at any size is not in the shop at all.
    expect(rows.map((r) => r[12]).sort()).toEqual(
      ['glendalough-at-dusk', 'sugarloaf-after-the-snow', 'two-sizes-only'].sort(),
    );
  });

  it("gives the viewer's photos on sale their print page, and none to a photo not on sale", async () => {
    const { photos } = (await (await get('/viewer/featured.json')).json()) as {
      photos: { id: string; printHref?: string }[];
    };
    const byId = Object.fromEntries(photos.map((p) => [p.id, p.printHref]));
    expect(byId[ids.dusk as string]).toBe('/prints/glendalough-at-dusk');
    expect(byId[ids.snow as string]).toBe('/prints/sugarloaf-after-the-snow');
    expect(Object.keys(byId)).toContain(ids.small);
    expect(byId[ids.small as string]).toBeUndefined();
  });
});

describe('photos from before print pages', () => {
  it('get their page at the next start', async () => {
    const first = await startServer();
    let id = '';
    withSiteDb(first.dataDir, (db) => {
      id = createPhoto(db, form('Lough Dan in Rain'), media('danmedia001')).id;
      // As the photo was before the slug column existed.
      db.$client.prepare('update photos set slug = null where id = ?').run(id);
    });
    await first.stop();
    const again = await startServer({ DATA_DIR: first.dataDir });
    try {
      const res = await fetch(`${again.url}/prints/lough-dan-in-rain`);
      expect(res.status).toBe(200);
      expect(again.output()).toContain('Gave 1 photo(s) the address of their print page.');
    } finally {
      await again.stop();
    }
  });
});
