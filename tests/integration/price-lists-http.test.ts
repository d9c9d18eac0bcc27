// The price lists over HTTP on the built demo site: the owner creates a list, gives it to a
// collection and a photo's print answers its price, and deletes it; every route answers the owner
// only, refuses another site's change, garbage and a huge body with a sentence, a name in use with
// a 409, an unknown list with a 404, and changes nothing then.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSiteDb } from '../helpers/db';
import { message, ownerRequests } from '../helpers/owner-requests';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';

let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: '1' });
  cookie = await signIn(server.url);
});
afterAll(() => server?.stop());

const call = ownerRequests(
  () => server,
  () => cookie,
);
const grid = (small: number, medium: number, large: number) => ({
  small: { matte: small, gloss: small },
  medium: { matte: medium, gloss: medium },
  large: { matte: large, gloss: large },
});
const list = { name: 'Large formats', prices: grid(60, 95, 150), editionPercent: 300 };
/** What the lists and the prints' prices are, to check that a refused request changed nothing. */
const stored = () =>
  withSiteDb(server.dataDir, (db) => ({
    lists: db.$client.prepare('select * from price_lists order by id').all(),
    prices: db.$client.prepare('select id, price_cents from product_variants order by id').all(),
  }));

describe('price lists over HTTP', () => {
  it('answers 401 without a session and 403 from another site, changing nothing', async () => {
    const before = stored();
    for (const [method, path] of [
      ['GET', '/api/admin/price-lists'],
      ['POST', '/api/admin/price-lists'],
      ['PUT', '/api/admin/price-lists/default'],
      ['PUT', '/api/admin/price-lists/collections'],
      ['DELETE', '/api/admin/price-lists/x'],
    ] as const) {
      for (const spelling of [path, path.replace('/api/', '//api/'), path.replace('/admin/', '/./admin/')]) {
        const res = await fetch(`${server.url}${spelling}`, {
          method,
          headers: { origin: server.url, 'content-type': 'application/json' },
          body: method === 'GET' ? undefined : JSON.stringify(list),
        });
        expect(res.status, `${method} ${spelling}`).toBe(401);
      }
      if (method !== 'GET') {
        const res = await call(method, path, list, { origin: 'https://evil.example' });
        expect(res.status, `${method} ${path} from another site`).toBe(403);
      }
    }
    expect(stored()).toEqual(before);
  });

  it('refuses garbage with a 400 and a sentence, and a huge body with a 413', async () => {
    const before = stored();
    const margins = [
      { ...list, labMarkupPercent: 5000 },
      { ...list, labMarkupPercent: -1 },
      { ...list, labMarkupPercent: '150' },
    ];
    for (const body of [
      '{',
      '[]',
      'null',
      { name: '' },
      { ...list, prices: grid(-1, 95, 150) },
      ...margins,
    ]) {
      const res = await call('POST', '/api/admin/price-lists', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await message(res)).toMatch(/[A-Z“].+[.!]$/);
    }
    const huge = JSON.stringify({ ...list, name: 'x'.repeat(400_000) });
    expect((await call('POST', '/api/admin/price-lists', huge)).status).toBe(413);
    expect(stored()).toEqual(before);
  });

  it('creates a list, prices a collection with it, refuses a name in use, and deletes it', async () => {
    const largeMountain = () =>
      withSiteDb(server.dataDir, (db) =>
        db.$client
          .prepare(
            `select v.price_cents as cents from product_variants v join photos p on p.id = v.photo_id
             where p.category = 'mountains' and p.edition_size is null and v.size = 'large'
               and v.finish = 'matte' order by p.id limit 1`,
          )
          .get(),
      ) as { cents: number };
    const before = largeMountain().cents;
    expect(before).not.toBe(15000);

    const made = await call('POST', '/api/admin/price-lists', list);
    expect(made.status).toBe(201);
    const { list: created } = (await made.json()) as { list: { id: string } };
    const again = await call('POST', '/api/admin/price-lists', { ...list, name: 'large FORMATS' });
    expect(again.status).toBe(409);
    expect(await message(again)).toMatch(/[A-Z“].+\.$/);

    const given = await call('PUT', '/api/admin/price-lists/collections', {
      collections: { mountains: created.id },
    });
    expect(given.status).toBe(200);
    expect(largeMountain().cents).toBe(15000);

    expect((await call('DELETE', '/api/admin/price-lists/no-such-list')).status).toBe(404);
    const gone = await call('DELETE', `/api/admin/price-lists/${created.id}`);
    expect(gone.status).toBe(200);
    expect(largeMountain().cents).toBe(before);
  });
});
