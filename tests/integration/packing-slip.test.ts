// The packing slip over HTTP against the built server: the owner sees the shop, the order, the
// ship-to block and every line with its size and quantity, and no price (a test order says it is
// one); the lines the print lab makes and sends are left out and counted in one sentence, and an
// order the lab makes whole says there is nothing to pack; a visitor gets 401, a
// signed-in account that is not the owner's 403, and an unknown order the 404 page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertContent } from '~/lib/content/content.server';
import { CONTENT_DEFAULTS } from '~/lib/content/content-defaults';
import { LOCATION, OWNER_NAME } from '~/lib/site/constants';
import { withSiteDb } from '../helpers/db';
import { makeOrder, makePhoto, makeVariant } from '../helpers/factories';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';

const ORDER_ID = 'order-slip-0a1b2c';
const SLIP = `/admin/orders/${ORDER_ID}/packing-slip`;
const TEST_ORDER_ID = 'order-slip-7e5707';
const MIXED_ORDER_ID = 'order-slip-31ab00';
const LAB_ORDER_ID = 'order-slip-1ab0001';
const slipOf = (id: string) => `/admin/orders/${id}/packing-slip`;

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
    makePhoto(db, { id: 'p-tay', title: 'Lough Tay at Dawn' });
    makePhoto(db, { id: 'p-glen', title: 'Glendalough Upper Lake' });
    makeVariant(db, { id: 'v-tay', photoId: 'p-tay', size: 'small', finish: 'matte', priceCents: 4500 });
    makeVariant(db, { id: 'v-glen', photoId: 'p-glen', size: 'large', finish: 'gloss', priceCents: 12_000 });
    makeOrder(db, {
      id: ORDER_ID,
      payment: 'paid',
      customerName: 'Síofra Ní Bhriain',
      customerAddress: '4 Church Road\nGreystones\nA63 K2P0 Co. Wicklow',
      phoneNumber: '+353 87 555 0101',
      items: [
        { productVariantId: 'v-tay', quantity: 2, priceCents: 4500, description: 'Lough Tay, small matte' },
        {
          productVariantId: 'v-glen',
          quantity: 1,
          priceCents: 15_500,
          framingSize: 'large',
          framingPriceCents: 3500,
          description: 'Glendalough, large gloss, framed',
        },
      ],
    });
    makeOrder(db, { id: TEST_ORDER_ID, payment: 'test', customerName: 'Tess Tester' });
    // One print the owner packs, and three the lab makes and sends; and an order the lab makes whole.
    makeOrder(db, {
      id: MIXED_ORDER_ID,
      payment: 'paid',
      items: [
        { productVariantId: 'v-tay', quantity: 1, description: 'Lough Tay, small matte' },
        {
          productVariantId: 'v-glen',
          quantity: 3,
          description: 'Glendalough, large gloss',
          labSku: 'GLOBAL-FAP-16X20',
        },
      ],
    });
    makeOrder(db, {
      id: LAB_ORDER_ID,
      payment: 'paid',
      items: [
        {
          productVariantId: 'v-glen',
          quantity: 1,
          description: 'Glendalough, large gloss',
          labSku: 'GLOBAL-FAP-16X20',
        },
      ],
    });
    // One social link set by the owner, two left empty.
    upsertContent(db, 'footer', 'social1Url', '');
    upsertContent(db, 'footer', 'social2Url', 'https://www.instagram.com/wicklowlight.example/');
    upsertContent(db, 'footer', 'social3Url', '');
  });
});

afterAll(async () => {
  await site?.stop();
});

const get = (path: string, cookie?: string) =>
  fetch(`${site.url}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });

/** The page's visible text, roughly: tags and scripts out, entities decoded, spaces folded. */
const textOf = (html: string) =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ');

describe('the packing slip', () => {
  it('shows the owner the shop, the order, the ship-to block and every line, and no price', async () => {
    const res = await get(SLIP, owner);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const html = await res.text();
    const text = textOf(html);
    expect(text).toContain(OWNER_NAME);
    expect(text).toContain(LOCATION);
    expect(text).toContain('#0A1B2C');
    expect(text).toContain(ORDER_ID);
    expect(text).toContain('Síofra Ní Bhriain');
    for (const line of ['4 Church Road', 'Greystones', 'A63 K2P0 Co. Wicklow']) expect(text).toContain(line);
    expect(text).toContain('+353 87 555 0101');
    expect(text).toMatch(/Lough Tay at Dawn Small · 8 × 12 in \(20 × 30 cm\) Matte No framing 2 /);
    // The framed line says so once, in the frame's column.
    expect(text).toMatch(/Glendalough Upper Lake Large · 16 × 20 in \(41 × 51 cm\) Gloss Framed 1 /);
    expect(text.match(/framed/gi)).toHaveLength(1);
    expect(text).toMatch(/Prints in all 3 /);
    expect(html).not.toMatch(/€|&euro;|&#8364;|EUR\b/);
    for (const price of ['45.00', '155.00', '35.00', '245.00']) expect(text).not.toContain(price);
    expect(html).toContain('href="/admin?tab=orders"');
    expect(html).toMatch(/<meta name="robots" content="noindex"/);
  });

  it('says a test order is one, with no payment taken; a paid order’s slip does not', async () => {
    const test = textOf(await (await get(`/admin/orders/${TEST_ORDER_ID}/packing-slip`, owner)).text());
    expect(test).toContain('Tess Tester');
    expect(test).toContain('Test order — no payment taken');
    expect(textOf(await (await get(SLIP, owner)).text())).not.toContain('Test order');
  });

  it('lists only what the owner packs, and says in one line what the lab sends separately', async () => {
    const text = textOf(await (await get(slipOf(MIXED_ORDER_ID), owner)).text());
    expect(text).toMatch(/Lough Tay at Dawn Small · 8 × 12 in \(20 × 30 cm\) Matte No framing 1 /);
    expect(text).not.toContain('Glendalough Upper Lake');
    expect(text).toMatch(/Prints in all 1 /);
    expect(text).toContain('3 prints of this order are made and sent separately by the print lab.');
    // An order without lab prints says nothing of the lab.
    expect(textOf(await (await get(SLIP, owner)).text())).not.toContain('print lab');
  });

  it('says there is nothing to pack, instead of an empty table, when the lab makes the whole order', async () => {
    const html = await (await get(slipOf(LAB_ORDER_ID), owner)).text();
    const text = textOf(html);
    expect(text).toContain(
      'Nothing for you to pack: the print lab makes and sends all of this order (1 print).',
    );
    expect(html).not.toContain('<table');
    expect(text).not.toContain('Prints in all');
    expect(text).not.toContain('Glendalough Upper Lake');
  });

  it('shows the owner the footer’s real texts or nothing: no editor’s placeholder, no Edit button', async () => {
    const html = await (await get(SLIP, owner)).text();
    const text = textOf(html);
    expect(text).not.toMatch(/Click to edit/i);
    expect(html).not.toMatch(/>\s*Edit\s*</);
    expect(text).toContain(CONTENT_DEFAULTS.footer.text);
    expect(text).toContain('Instagram');
    // The same owner still edits the footer on the site's pages.
    expect(textOf(await (await get('/terms', owner)).text())).toContain('Click to edit');
  });

  it('answers a visitor 401 and an account that is not the owner’s 403', async () => {
    expect((await get(SLIP)).status).toBe(401);
    const refused = await get(SLIP, former);
    expect(refused.status).toBe(403);
    expect(await refused.text()).not.toContain('Síofra');
  });

  it('answers the 404 page for an unknown order', async () => {
    const res = await get('/admin/orders/no-such-order/packing-slip', owner);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Page Not Found');
  });
});
