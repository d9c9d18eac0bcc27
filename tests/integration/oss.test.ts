// The One-Stop-Shop over HTTP on the built server: the settings and the quarter's figures answer the
// owner only; a rate outside 0–100%, a country outside the table and a malformed quarter are 400s with
// a sentence that change nothing; once registered, the checkout's quote to Germany carries German VAT
// inside the same total, and the CSV of the quarter lists an OSS order per country and rate.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSiteDb } from '../helpers/db';
import { makeOrder, makePhoto, makeVariant } from '../helpers/factories';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';

let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  server = await startServer();
  cookie = await signIn(server.url);
  withSiteDb(server.dataDir, (db) => {
    const edition = makePhoto(db, { title: 'Glendalough', editionSize: 20 });
    makeVariant(db, { id: 'v-ed', photoId: edition.id, size: 'small', finish: 'gloss', priceCents: 4500 });
    makeOrder(db, {
      payment: 'paid',
      paidAt: new Date('2026-08-05T10:00:00Z'),
      items: [
        { description: 'Glendalough, small, edition of 20', priceCents: 4500, vatRateBp: 700, vatCents: 294 },
      ],
      itemTotalCents: 4500,
      shipCountry: 'DE',
      ossCountry: 'DE',
      shippingCents: 1500,
      shippingVatRateBp: 1900,
      shippingVatCents: 239,
      totalAmountCents: 6000,
    });
  });
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

const get = (path: string, headers: Record<string, string> = { cookie }) =>
  fetch(`${server.url}${path}`, { headers });
const put = (body: unknown, withCookie = true) =>
  fetch(`${server.url}/api/admin/oss`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', origin: server.url, ...(withCookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
const quoteTo = (country: string) =>
  fetch(`${server.url}/api/checkout/quote`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ lines: [{ variantId: 'v-ed', framing: null, quantity: 1 }], country }),
  }).then((r) => r.json());
const CSV = '/api/admin/exports/oss.csv?quarter=2026-Q3';
const REPORT = '/api/admin/oss-report?quarter=2026-Q3';

describe('only the owner', () => {
  it('answers 401 without a session, and changes nothing', async () => {
    for (const path of ['/api/admin/oss', CSV, REPORT, CSV.replace('/admin/', '/%61dmin/')]) {
      const res = await get(path, {});
      expect([401, 404], path).toContain(res.status);
      expect(await res.text(), path).not.toContain('Germany');
    }
    expect((await put({ registered: true }, false)).status).toBe(401);
    expect((await (await get('/api/admin/oss')).json()).registered).toBe(false);
  });
});

describe('the settings', () => {
  it('refuse a bad rate or country with a sentence and keep the table as it was', async () => {
    const before = await (await get('/api/admin/oss')).json();
    expect(before.countries).toHaveLength(27);
    const cases: [unknown, string][] = [
      [
        { registered: true, rates: { DE: { edition: 120 } } },
        'The VAT rate of limited editions in Germany must be a percentage from 0 to 100 with at most 2 decimals (got 120).',
      ],
      [
        { rates: { ZZ: { print: 19 } } },
        'Unknown country "ZZ": the One-Stop-Shop table holds the other EU member states and Northern Ireland (XI).',
      ],
      [
        { rates: { IE: { print: 23 } } },
        'Ireland’s rates are the VAT rates above, not a row of the One-Stop-Shop table.',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await put(body);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(message);
    }
    expect(await (await get('/api/admin/oss')).json()).toEqual(before);
  });

  it('once registered, make the quote to Germany carry German VAT inside the same total', async () => {
    const irish = await quoteTo('DE');
    // An edition alone, and its shipping with it, at the edition's rate: 5.35 + 1.78.
    expect(irish.vat).toEqual([{ rate: 13.5, amount: '7.13' }]);
    const res = await put({ registered: true });
    expect(res.status).toBe(200);
    expect((await res.json()).registered).toBe(true);
    const german = await quoteTo('DE');
    expect(german.total).toBe(irish.total);
    // Germany's 7% for a work of art by its creator, on the edition (2.94) and its shipping (0.98).
    expect(german.vat).toEqual([{ rate: 7, amount: '3.92' }]);
    expect((await quoteTo('US')).vat.map((v: { rate: number }) => v.rate)).toEqual([13.5]);
    const dashboard = await (await get('/api/admin/dashboard')).json();
    expect(dashboard.oss.registered).toBe(true);
  });
});

describe('the quarter’s figures', () => {
  it('come as a CSV download and on screen', async () => {
    const res = await get(CSV);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="oss-2026-Q3.csv"');
    expect((await res.text()).split('\r\n')).toEqual([
      'Member state of consumption,Country code,VAT rate,Taxable amount (EUR),VAT (EUR),Orders',
      'Germany,DE,19%,12.61,2.39,1',
      'Germany,DE,7%,42.06,2.94,1',
      'Total,,,54.67,5.33,',
      '',
    ]);
    const screen = await (await get(REPORT)).json();
    expect(screen.quarter).toBe('2026-Q3');
    expect(screen.rows).toHaveLength(2);
  });

  it('refuse a malformed quarter with a sentence', async () => {
    for (const q of ['2026-Q5', '2026-07', '']) {
      const res = await get(`/api/admin/exports/oss.csv?quarter=${q}`);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toMatch(
        /^The quarter must be a year, a dash and Q1 to Q4, such as 2026-Q3/,
      );
    }
    const none = await get('/api/admin/oss-report');
    expect(none.status).toBe(400);
    expect((await none.json()).message).toMatch(/^Choose a quarter\./);
  });
});
