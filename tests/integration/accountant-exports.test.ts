// The accountant's exports over HTTP on the built server: the orders CSV of a period and the VAT
// report per country answer the owner only, by any spelling of the path; the CSV comes as a
// download named by its period, UTF-8 with a BOM, a row per line; a bad period is a 400 with a
// sentence.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortOrderId } from '~/lib/platform/shared/format';
import { withSiteDb } from '../helpers/db';
import { makeOrder } from '../helpers/factories';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';

let server: RunningServer;
let cookie: string;
let orderNumber: string;
let captureId: string;

beforeAll(async () => {
  server = await startServer();
  cookie = await signIn(server.url);
  withSiteDb(server.dataDir, (db) => {
    const order = makeOrder(db, {
      payment: 'paid',
      paidAt: new Date('2026-08-05T10:00:00Z'),
      items: [
        {
          description: 'Lough Tay, small (8x12 inches) matte',
          priceCents: 4500,
          vatRateBp: 2300,
          vatCents: 841,
        },
      ],
      shipCountry: 'IE',
      shippingCents: 800,
      shippingVatRateBp: 2300,
      shippingVatCents: 150,
      totalAmountCents: 5300,
    });
    orderNumber = shortOrderId(order.id);
    captureId = order.paymentId ?? '';
    makeOrder(db, { payment: 'test', paidAt: new Date('2026-08-06T10:00:00Z'), shipCountry: 'FR' });
  });
});
afterAll(async () => {
  await server?.stop();
});

const get = (path: string, headers: Record<string, string> = { cookie }) =>
  fetch(`${server.url}${path}`, { headers });
/** The body as text with its byte-order mark kept (Response.text() drops it). */
const withBom = (bytes: ArrayBuffer | Uint8Array) =>
  new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
const ORDERS = '/api/admin/exports/orders.csv?from=2026-07-01&to=2026-09-30';
const BY_COUNTRY = '/api/admin/vat-report?from=2026-07-01&to=2026-09-30&by=country';

describe('only the owner', () => {
  it('answers 401 without a session, by any spelling of the path', async () => {
    for (const path of [ORDERS, BY_COUNTRY, `${BY_COUNTRY}&format=json`]) {
      for (const spelling of [
        path,
        path.replace('/api/', '//api/'),
        path.replace('/admin/', '/./admin/'),
        path.replace('/admin/', '/%61dmin/'),
        path.replace('/exports/', '/EXPORTS/'),
      ]) {
        const res = await get(spelling, {});
        expect([401, 404], spelling).toContain(res.status);
        expect(await res.text(), spelling).not.toContain('Lough Tay');
      }
    }
  });
});

describe('the orders CSV', () => {
  it('is a download of the paid orders of the period, a row per line and one for the shipping', async () => {
    const res = await get(ORDERS);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="orders-2026-07-01-to-2026-09-30.csv"',
    );
    expect(res.headers.get('cache-control')).toContain('no-store');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(withBom(bytes).split('\r\n')).toEqual([
      '\uFEFFDate,Order,Invoice,Country,Item,Quantity,VAT rate,Net (EUR),VAT (EUR),Gross (EUR),Discount code,Discount (EUR),Payment ID,Status,Refunded,Refunded (EUR)',
      `2026-08-05,${orderNumber},,IE,"Lough Tay, small (8x12 inches) matte",1,23%,36.59,8.41,45.00,,,${captureId},processing,no,`,
      `2026-08-05,${orderNumber},,IE,Shipping,,23%,6.50,1.50,8.00,,,${captureId},processing,no,`,
      '',
    ]);
  });

  it('refuses a bad period with a 400 and a sentence', async () => {
    const cases: [string, string][] = [
      ['', 'The start date is missing: give a date written YYYY-MM-DD.'],
      ['?from=2026-02-30&to=2026-03-31', 'The start date must be a date written YYYY-MM-DD.'],
      ['?from=2026-09-30&to=2026-07-01', 'The start date must be on or before the end date.'],
      ['?from=2020-01-01&to=2026-01-01', 'An export covers at most five years: choose a shorter period.'],
    ];
    for (const [query, sentence] of cases) {
      const res = await get(`/api/admin/exports/orders.csv${query}`);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(sentence);
    }
  });
});

describe('the VAT report per country', () => {
  it('is a CSV per country and rate, and the same rows as JSON for the screen', async () => {
    const res = await get(BY_COUNTRY);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="vat-by-country-2026-07-01-to-2026-09-30.csv"',
    );
    expect(withBom(await res.arrayBuffer())).toBe(
      '\uFEFFCountry,Country code,VAT rate,Net (EUR),VAT (EUR),Gross (EUR),Orders\r\n' +
        'Ireland,IE,23%,43.09,9.91,53.00,1\r\nTotal,,,43.09,9.91,53.00,\r\n',
    );
    const json = await (await get(`${BY_COUNTRY}&format=json`)).json();
    expect(json).toEqual({
      from: '2026-07-01',
      to: '2026-09-30',
      rows: [{ country: 'IE', rateBp: 2300, grossCents: 5300, vatCents: 991, orders: 1 }],
    });
  });

  it('keeps the report per rate as it was, and refuses a view it does not have', async () => {
    const res = await get('/api/admin/vat-report?from=2026-07-01&to=2026-09-30');
    expect(await res.text()).toBe(
      'VAT rate,Net (EUR),VAT (EUR),Gross (EUR)\r\n23%,43.09,9.91,53.00\r\nTotal,43.09,9.91,53.00\r\n',
    );
    for (const [query, sentence] of [
      ['&by=city', 'The report is by rate or by country.'],
      ['&by=country&format=xml', 'The format must be CSV or JSON.'],
      ['&format=json', 'format=json is given per country only: add by=country.'],
    ]) {
      const bad = await get(`/api/admin/vat-report?from=2026-07-01&to=2026-09-30${query}`);
      expect(bad.status, query).toBe(400);
      expect(((await bad.json()) as { message: string }).message).toBe(sentence);
    }
  });
});
