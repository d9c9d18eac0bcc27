// The owner's sales over HTTP on the built server: only the owner may list or make them, bad input
// is a 400 with a sentence that saves nothing, a change a sale's state forbids a 409 (as is deleting
// one that has begun), a running sale prices the print page (with the true
// lowest price of the 30 days before it) and the quote, and a sale that starts with no write to the
// database still shows on the cached page.
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { irishDateTimeText } from '~/lib/platform/shared/irish-dates';
import { priceHistory, priceSalePhotos, priceSales } from '~db/schema';
import { withSiteDb } from '../helpers/db';
import { makeFramings, makePhoto, makeVariant } from '../helpers/factories';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';

let server: RunningServer;
let cookie: string;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  server = await startServer();
  cookie = await signIn(server.url);
  withSiteDb(server.dataDir, (db) => {
    makePhoto(db, { id: 'p-tay', title: 'Lough Tay' });
    makePhoto(db, { id: 'p-bray', title: 'Bray Head' });
    makeVariant(db, { id: 'v-tay', photoId: 'p-tay', size: 'small', finish: 'matte', priceCents: 4500 });
    makeVariant(db, { id: 'v-bray', photoId: 'p-bray', size: 'small', finish: 'matte', priceCents: 4500 });
    makeFramings(db);
    // Both prints have cost 45.00 for the last 10 days.
    db.update(priceHistory)
      .set({ fromAt: new Date(Date.now() - 10 * DAY) })
      .run();
  });
});
afterAll(async () => {
  await server?.stop();
});

function call(method: string, path: string, body?: unknown, withCookie = true) {
  return fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(withCookie ? { cookie } : {}),
      origin: server.url,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
const irish = (at: number) => irishDateTimeText(new Date(at));
const sale = (patch: object = {}) => ({
  name: 'Winter sale',
  percentOff: 10,
  allPhotos: false,
  photoIds: ['p-tay'],
  startsAt: irish(Date.now() - HOUR),
  endsAt: irish(Date.now() + DAY),
  ...patch,
});
const html = async (path: string) => {
  const res = await fetch(`${server.url}${path}`);
  return { cache: res.headers.get('x-cache'), text: (await res.text()).replace(/\s+/g, ' ') };
};

describe('the owner’s sales', () => {
  it('are the owner’s alone', async () => {
    expect((await call('GET', '/api/admin/price-sales', undefined, false)).status).toBe(401);
    expect((await call('POST', '/api/admin/price-sales', sale(), false)).status).toBe(401);
  });

  it('refuse bad input with a 400 and a sentence, and save nothing', async () => {
    const cases: [object, string][] = [
      [{ endsAt: irish(Date.now() - 2 * HOUR) }, 'The sale must end after it starts.'],
      [{ percentOff: 95 }, 'The percentage off must be from 1 to 90.'],
      [{ photoIds: ['p-tay', 'p-nowhere'] }, 'There is no print with the id "p-nowhere".'],
    ];
    for (const [patch, message] of cases) {
      const res = await call('POST', '/api/admin/price-sales', sale(patch));
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toContain(message);
    }
    const list = (await (await call('GET', '/api/admin/price-sales')).json()) as { sales: unknown[] };
    expect(list.sales).toEqual([]);
  });

  it('price the print page and the quote while they run, beside the true prior price', async () => {
    const before = await html('/prints/lough-tay');
    expect(before.text).not.toContain('lowest price in the 30 days');
    const res = await call('POST', '/api/admin/price-sales', sale());
    expect(res.status).toBe(201);
    const { text } = await html('/prints/lough-tay');
    expect(text).toContain('€40.50, was €45.00 (lowest price in the 30 days before the sale)');
    // A print the sale is not on keeps its price.
    expect((await html('/prints/bray-head')).text).not.toContain('lowest price in the 30 days');
    const quote = await fetch(`${server.url}/api/checkout/quote`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ lines: [{ variantId: 'v-tay', framing: null, quantity: 1 }], country: 'IE' }),
    });
    expect(quote.status).toBe(200);
    expect(((await quote.json()) as { itemTotal: string }).itemTotal).toBe('40.50');
  });

  it('are changed and deleted by the owner, with the same checks', async () => {
    const made = await call(
      'POST',
      '/api/admin/price-sales',
      sale({ name: 'Spring', startsAt: '2030-03-01T09:00', endsAt: '2030-03-08T09:00' }),
    );
    const { sale: created } = (await made.json()) as { sale: { id: string } };
    const path = `/api/admin/price-sales/${created.id}`;
    const bad = await call('PUT', path, sale({ percentOff: 0 }));
    expect(bad.status).toBe(400);
    const changed = await call(
      'PUT',
      path,
      sale({ name: 'Spring', percentOff: 25, startsAt: '2030-03-01T09:00', endsAt: '2030-03-08T09:00' }),
    );
    expect(((await changed.json()) as { sale: { percentOff: number; startsAt: string } }).sale).toMatchObject(
      {
        percentOff: 25,
        startsAt: '2030-03-01T09:00',
      },
    );
    expect((await call('PUT', path, sale(), false)).status).toBe(401);
    expect((await call('DELETE', path, undefined, false)).status).toBe(401);
    expect((await call('DELETE', path)).status).toBe(200);
    expect((await call('DELETE', path)).status).toBe(404);
  });

  it('refuse a changed sale’s bad input with a sentence that names no field, and the field apart', async () => {
    const made = await call(
      'POST',
      '/api/admin/price-sales',
      sale({ name: 'Autumn', startsAt: '2031-10-01T09:00', endsAt: '2031-10-08T09:00' }),
    );
    const { sale: created } = (await made.json()) as { sale: { id: string } };
    const path = `/api/admin/price-sales/${created.id}`;
    const planned = { name: 'Autumn', startsAt: '2031-10-01T09:00' };
    const cases: [object, string, string][] = [
      [{ endsAt: '2031-09-01T09:00' }, 'The sale must end after it starts.', 'endsAt'],
      [{ percentOff: 91 }, 'The percentage off must be from 1 to 90.', 'percentOff'],
    ];
    for (const [patch, message, field] of cases) {
      const res = await call('PUT', path, sale({ ...planned, endsAt: '2031-10-08T09:00', ...patch }));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message, field });
    }
    expect((await call('DELETE', path)).status).toBe(200);
  });

  it('let a running sale change its end, never its start, percentage or prints, and an ended one nothing', async () => {
    const startsAt = irish(Date.now() - HOUR);
    const made = await call('POST', '/api/admin/price-sales', sale({ name: 'Running', startsAt }));
    const { sale: running } = (await made.json()) as { sale: { id: string; endsAt: string } };
    const path = `/api/admin/price-sales/${running.id}`;
    const later = irish(Date.now() + 3 * DAY);
    const changed = await call('PUT', path, sale({ name: 'Running', startsAt, endsAt: later }));
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { sale: object }).sale).toMatchObject({
      endsAt: later,
      photoIds: ['p-tay'],
      state: 'running',
    });
    const prints = await call(
      'PUT',
      path,
      sale({ name: 'Running', startsAt, endsAt: later, photoIds: ['p-tay', 'p-bray'] }),
    );
    expect(prints.status).toBe(409);
    expect(((await prints.json()) as { field: string; message: string }).field).toBe('photoIds');
    const percent = await call(
      'PUT',
      path,
      sale({ name: 'Running', startsAt, endsAt: later, percentOff: 30 }),
    );
    expect(percent.status).toBe(409);
    expect(await percent.json()).toEqual({
      message:
        'This sale is running, so its percentage cannot change: prints have been priced at it. End the sale and make a new one instead.',
      field: 'percentOff',
    });
    const start = await call(
      'PUT',
      path,
      sale({ name: 'Running', startsAt: irish(Date.now() - DAY), endsAt: later }),
    );
    expect(start.status).toBe(409);
    expect(((await start.json()) as { field: string }).field).toBe('startsAt');
    // Nothing of the refused changes was kept.
    const list = (await (await call('GET', '/api/admin/price-sales')).json()) as {
      sales: { id: string; percentOff: number; startsAt: string }[];
    };
    expect(list.sales.find((s) => s.id === running.id)).toMatchObject({
      percentOff: 10,
      startsAt,
      photoIds: ['p-tay'],
    });
    // A sale that has begun is the record of what prints sold at: it is not deleted.
    const deleted = await call('DELETE', path);
    expect(deleted.status).toBe(409);
    expect(((await deleted.json()) as { message: string }).message).toMatch(
      /^A sale that has begun cannot be deleted/,
    );
    const kept = (await (await call('GET', '/api/admin/price-sales')).json()) as { sales: { id: string }[] };
    expect(kept.sales.map((s) => s.id)).toContain(running.id);

    withSiteDb(server.dataDir, (db) => {
      db.insert(priceSales)
        .values({
          id: 's-over',
          name: 'Over',
          percentOff: 10,
          startsAt: new Date(Date.now() - 3 * DAY),
          endsAt: new Date(Date.now() - 2 * DAY),
        })
        .run();
    });
    const ended = await call(
      'PUT',
      '/api/admin/price-sales/s-over',
      sale({ name: 'Over again', endsAt: later }),
    );
    expect(ended.status).toBe(409);
    expect(((await ended.json()) as { message: string }).message).toMatch(
      /^This sale has ended and can no longer be changed/,
    );
    expect((await call('DELETE', '/api/admin/price-sales/s-over')).status).toBe(409);
    // The test's own sales go, so that the next tests' prices are their own.
    withSiteDb(server.dataDir, (db) => {
      db.delete(priceSales)
        .where(inArray(priceSales.id, ['s-over', running.id]))
        .run();
    });
  });

  it('shows a sale that starts with no write to the database on the cached page', async () => {
    const startsAt = Date.now() + 2500;
    withSiteDb(server.dataDir, (db) => {
      db.insert(priceSales)
        .values({
          id: 's-soon',
          name: 'Flash',
          percentOff: 20,
          startsAt: new Date(startsAt),
          endsAt: new Date(startsAt + DAY),
        })
        .run();
      db.insert(priceSalePhotos).values({ saleId: 's-soon', photoId: 'p-bray' }).run();
    });
    expect((await html('/prints/bray-head')).text).not.toContain('€36.00');
    expect((await html('/prints/bray-head')).cache).toBe('hit');
    await new Promise((r) => setTimeout(r, startsAt - Date.now() + 200));
    const during = await html('/prints/bray-head');
    expect(during.cache).toBe('miss');
    expect(during.text).toContain('€36.00, was €45.00 (lowest price in the 30 days before the sale)');
  });
});
