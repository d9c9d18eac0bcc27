// Past one box, proven on one: two site processes on one data directory, their media in one S3
// bucket, both serve / and /shop from their own page caches, and an owner's price change made
// through one is on the other's pages at its next request, because each cache's version signal is
// the database's (its content token, set by triggers), not anything in a process's memory.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { withSiteDb } from '../helpers/db';
import { makePhoto, makeVariant } from '../helpers/factories';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';

let a: RunningServer;
let b: RunningServer;

beforeAll(async () => {
  a = await startServer({ STORAGE: 's3' });
  withSiteDb(a.dataDir, (db) => {
    makePhoto(db, { id: 'p-tay', title: 'Lough Tay', width: 6000, height: 4000 });
    for (const size of ['small', 'medium', 'large'] as const) {
      for (const finish of ['matte', 'gloss'] as const) makeVariant(db, { photoId: 'p-tay', size, finish });
    }
  });
  b = await startServer({ DATA_DIR: a.dataDir, STORAGE: 's3' });
}, 120_000);

afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

const page = async (site: RunningServer, path: string) => {
  const res = await fetch(`${site.url}${path}`);
  return { status: res.status, cache: res.headers.get('x-cache'), html: await res.text() };
};

it('serves / and /shop from both, and a price saved through one is on the other at its next request', async () => {
  for (const site of [a, b]) {
    for (const path of ['/', '/shop']) {
      expect((await page(site, path)).status).toBe(200);
      expect((await page(site, path)).cache).toBe('hit');
    }
  }
  expect((await page(b, '/shop')).html).not.toContain('€39.00');

  const cookie = await signIn(a.url);
  const saved = await fetch(`${a.url}/api/admin/pricing`, {
    method: 'PUT',
    headers: { cookie, origin: a.url, 'content-type': 'application/json' },
    body: JSON.stringify({
      updates: [
        { size: 'small', finish: 'matte', price: '39' },
        { size: 'small', finish: 'gloss', price: '39' },
      ],
    }),
  });
  expect(saved.status).toBe(200);

  const shop = await page(b, '/shop');
  expect(shop.cache).toBe('miss');
  expect(shop.html).toContain('€39.00');
  const home = await page(b, '/');
  expect(home.cache).toBe('miss');
  expect(home.html).toContain('€39.00');
});
