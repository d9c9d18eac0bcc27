// The owner's selling settings over HTTP on the built server: shipping zones and countries, VAT
// rates, discount codes and the VAT report answer the owner only; bad input is a 400 (a duplicate
// code a 409) with a sentence, and changes nothing; the shop, the FAQ and the shipping page say
// what the zones charge on the next request, page cache or not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSiteDb } from '../helpers/db';
import { makeOrder } from '../helpers/factories';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';

let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  server = await startServer();
  cookie = await signIn(server.url);
  withSiteDb(server.dataDir, (db) => {
    makeOrder(db, {
      payment: 'paid',
      paidAt: new Date('2026-08-05T10:00:00Z'),
      items: [{ priceCents: 4500, vatRateBp: 2300, vatCents: 841 }],
      shippingCents: 800,
      shippingVatRateBp: 2300,
      shippingVatCents: 150,
      totalAmountCents: 5300,
    });
  });
});
afterAll(async () => {
  await server?.stop();
});

function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return fetch(`${server.url}${path}`, {
    method,
    headers: {
      cookie,
      origin: server.url,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}
const message = async (res: Response) => ((await res.json()) as { message: string }).message;
const ireland = {
  id: 'ie',
  firstPrint: '9.50',
  additionalPrint: '2',
  framedSurcharge: '15',
  freeOver: '150',
};

describe('only the owner', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/admin/shipping'],
    ['PUT', '/api/admin/shipping', { zones: [ireland] }],
    ['GET', '/api/admin/vat-rates'],
    ['PUT', '/api/admin/vat-rates', { rates: { print: 0 } }],
    ['GET', '/api/admin/discounts'],
    ['POST', '/api/admin/discounts', { code: 'SNEAKY', kind: 'percent', value: 100 }],
    ['PUT', '/api/admin/discounts/x', { active: true }],
    ['DELETE', '/api/admin/discounts/x'],
    ['GET', '/api/admin/vat-report?from=2026-07-01&to=2026-09-30'],
  ];
  it('answers 401 without a session, by any spelling of the path, and changes nothing', async () => {
    for (const [method, path, body] of routes) {
      for (const spelling of [
        path,
        path.replace('/api/', '//api/'),
        path.replace('/admin/', '/./admin/'),
        path.replace('/admin/', '/%61dmin/'),
      ]) {
        const res = await fetch(`${server.url}${spelling}`, {
          method,
          headers: { origin: server.url, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        expect([401, 404], `${method} ${spelling}`).toContain(res.status);
        expect(res.status, `${method} ${spelling}`).not.toBe(200);
      }
    }
    expect(
      ((await (await call('GET', '/api/admin/vat-rates')).json()) as { rates: { rate: number }[] }).rates[0]
        ?.rate,
    ).toBe(23);
    expect(
      ((await (await call('GET', '/api/admin/discounts')).json()) as { discounts: unknown[] }).discounts,
    ).toEqual([]);
  });

  it('refuses a change from another site, even with the owner’s cookie', async () => {
    const res = await call(
      'PUT',
      '/api/admin/vat-rates',
      { rates: { print: 0 } },
      { origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
    expect(
      ((await (await call('GET', '/api/admin/vat-rates')).json()) as { rates: { rate: number }[] }).rates[0]
        ?.rate,
    ).toBe(23);
  });
});

describe('shipping', () => {
  it('saves a zone and a moved country, and the shop, the FAQ and the shipping page say so next', async () => {
    const shop = async () => (await fetch(`${server.url}/shop`)).text();
    const before = await shop();
    expect(before).toContain('Shipping from €8.00, free to Ireland when the prints come to €150.00 or more.');
    // As a browser puts the line's words together: tags take no room, so every space must be in the text.
    const line = /<p[^>]*>\s*Prices include VAT[\s\S]*?<\/p>/.exec(before)?.[0] ?? '';
    expect(
      line
        .replace(/<[^>]+>/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    ).toBe(
      'Prices include VAT. Shipping from €8.00, free to Ireland when the prints come to €150.00 or more. Shipping costs',
    );
    const res = await call('PUT', '/api/admin/shipping', {
      zones: [{ ...ireland, firstPrint: '6.50' }],
      countries: [
        { country: 'NO', zone: 'eu' },
        { country: 'RU', zone: null },
      ],
    });
    expect(res.status).toBe(200);
    const saved = (await res.json()) as {
      zones: { id: string; firstPrint: string }[];
      countries: { country: string; zone: string | null }[];
    };
    expect(saved.zones[0]).toMatchObject({ id: 'ie', firstPrint: '6.50' });
    expect(saved.countries).toEqual([
      { country: 'NO', name: 'Norway', zone: 'eu', defaultZone: 'world' },
      { country: 'RU', name: 'Russia', zone: null, defaultZone: 'world' },
    ]);
    expect(await shop()).toContain(
      'Shipping from €6.50, free to Ireland when the prints come to €150.00 or more.',
    );
    const page = (await (await fetch(`${server.url}/shipping-returns`)).text()).replace(/<[^>]+>/g, '');
    expect(page).toContain(
      'Ireland: €6.50 for the first print and €2.00 for each further one, €15.00 more for each framed print; free when the prints come to €150.00 or more.',
    );
    expect(page).toContain(
      'European Union and Northern Ireland (the countries of the European Union, and Northern Ireland; also Norway)',
    );
    expect(page).toContain('Prints are not sent to Russia at the moment');
    const home = await (await fetch(`${server.url}/`)).text();
    expect(home).toContain('Ireland: €6.50 for the first print');
  });

  it('refuses a zone without a rate, an unknown country, garbage and a huge body, and keeps what was saved', async () => {
    const bad = [
      { zones: [{ id: 'ie', additionalPrint: '2', framedSurcharge: '15' }] },
      { zones: [{ ...ireland, firstPrint: '-3' }] },
      { countries: [{ country: 'ZZ', zone: 'eu' }] },
      { countries: [{ country: 'GB', zone: 'moon' }] },
      '{not json',
      [],
    ];
    for (const body of bad) {
      const res = await call('PUT', '/api/admin/shipping', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await message(res)).toMatch(/[A-Z].+\.$/);
    }
    const huge = await call(
      'PUT',
      '/api/admin/shipping',
      JSON.stringify({ countries: [{ country: 'x'.repeat(300_000), zone: null }] }),
    );
    expect(huge.status).toBe(413);
    const now = (await (await call('GET', '/api/admin/shipping')).json()) as {
      zones: { firstPrint: string }[];
      countries: unknown[];
    };
    expect(now.zones[0]?.firstPrint).toBe('6.50');
    expect(now.countries).toHaveLength(2);
  });
});

describe('VAT rates', () => {
  it('saves a rate in percent and refuses one over 100', async () => {
    const res = await call('PUT', '/api/admin/vat-rates', { rates: { edition: '13.5', shipping: 0 } });
    expect(res.status).toBe(200);
    expect(
      ((await res.json()) as { rates: { vatClass: string; rate: number }[] }).rates.map((r) => [
        r.vatClass,
        r.rate,
      ]),
    ).toEqual([
      ['print', 23],
      ['edition', 13.5],
      ['framing', 23],
      ['shipping', 0],
    ]);
    const bad = await call('PUT', '/api/admin/vat-rates', { rates: { print: 101 } });
    expect(bad.status).toBe(400);
    expect(await message(bad)).toBe(
      'The VAT rate of open-edition prints must be a percentage from 0 to 100 with at most 2 decimals (got 101).',
    );
  });
});

describe('discount codes', () => {
  it('creates a code, lists it, refuses its duplicate in any case, changes it and deletes it', async () => {
    const created = await call('POST', '/api/admin/discounts', {
      code: 'winter-10',
      kind: 'percent',
      value: '10',
      expiresOn: '2026-12-31',
      maxUses: '',
      minOrder: '40',
    });
    expect(created.status).toBe(201);
    const code = (await created.json()) as { id: string; code: string };
    expect(code).toMatchObject({
      code: 'WINTER-10',
      value: '10',
      expiresOn: '2026-12-31',
      minOrder: '40.00',
      uses: 0,
      revenue: '0.00',
    });
    const dup = await call('POST', '/api/admin/discounts', { code: 'Winter-10', kind: 'fixed', value: '5' });
    expect(dup.status).toBe(409);
    expect(await message(dup)).toBe('There is already a code WINTER-10: choose another.');
    for (const body of [
      { code: 'WITH SPACE', kind: 'percent', value: 10 },
      { code: 'A'.repeat(10_000), kind: 'percent', value: 10 },
      { code: 'OK-CODE', kind: 'percent', value: 0 },
      { code: 'OK-CODE', kind: 'percent', value: 10, expiresOn: 'tomorrow' },
    ]) {
      const res = await call('POST', '/api/admin/discounts', body);
      expect(res.status).toBe(400);
    }
    const off = await call('PUT', `/api/admin/discounts/${code.id}`, { active: false });
    expect(((await off.json()) as { state: string }).state).toBe('switched off');
    expect((await call('PUT', `/api/admin/discounts/${code.id}`, { active: 'no' })).status).toBe(400);
    expect((await call('PUT', '/api/admin/discounts/no-such-code', { active: true })).status).toBe(404);
    const list = (await (await call('GET', '/api/admin/discounts')).json()) as {
      discounts: { code: string }[];
    };
    expect(list.discounts.map((d) => d.code)).toEqual(['WINTER-10']);
    const gone = await call('DELETE', `/api/admin/discounts/${code.id}`);
    expect(await gone.json()).toEqual({ deleted: true, discount: null });
    expect((await call('DELETE', `/api/admin/discounts/${code.id}`)).status).toBe(404);
  });
});

describe('the VAT report', () => {
  it('answers a CSV to download, per rate', async () => {
    const res = await call('GET', '/api/admin/vat-report?from=2026-07-01&to=2026-09-30');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="vat-report-2026-07-01-to-2026-09-30.csv"',
    );
    expect(await res.text()).toBe(
      'VAT rate,Net (EUR),VAT (EUR),Gross (EUR)\r\n23%,43.09,9.91,53.00\r\nTotal,43.09,9.91,53.00\r\n',
    );
  });

  it('refuses bad dates, from after to, and a period over five years with a 400 and a sentence', async () => {
    const cases: [string, string][] = [
      ['', 'The start date is missing: give a date written YYYY-MM-DD.'],
      ['?from=2026-07-01', 'The end date is missing: give a date written YYYY-MM-DD.'],
      ['?from=2026-02-30&to=2026-03-31', 'The start date must be a date written YYYY-MM-DD.'],
      ['?from=01/07/2026&to=2026-09-30', 'The start date must be a date written YYYY-MM-DD.'],
      ['?from=2026-09-30&to=2026-07-01', 'The start date must be on or before the end date.'],
      ['?from=2000-01-01&to=2026-01-01', 'A VAT report covers at most five years: choose a shorter period.'],
    ];
    for (const [query, sentence] of cases) {
      const res = await call('GET', `/api/admin/vat-report${query}`);
      expect(res.status, query).toBe(400);
      expect(await message(res)).toBe(sentence);
    }
  });
});
