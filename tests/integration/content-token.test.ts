// The page cache over HTTP follows the database's content token: a change saved by another
// connection is on the next page, a write of the visit counts leaves pages cached, and without the
// token's row (deleted by hand) no page is served stale.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { withSiteDb } from '../helpers/db';
import { makePhoto } from '../helpers/factories';
import { type RunningServer, startServer } from '../helpers/server';

let site: RunningServer;

beforeAll(async () => {
  site = await startServer();
  withSiteDb(site.dataDir, (db) => {
    makePhoto(db, { id: 'p-tay', title: 'Lough Tay', featured: true, width: 6000, height: 4000 });
  });
}, 120_000);

afterAll(async () => {
  await site?.stop();
});

const home = async () => {
  const res = await fetch(`${site.url}/`);
  return { cache: res.headers.get('x-cache'), html: await res.text() };
};
const retitle = (title: string) =>
  withSiteDb(site.dataDir, (db) =>
    db.$client.prepare("UPDATE photos SET title = ? WHERE id = 'p-tay'").run(title),
  );

it('shows a change made through another connection, and never a stale page without the token', async () => {
  await home();
  expect((await home()).cache).toBe('hit');

  retitle('Lough Tay at first light');
  const changed = await home();
  expect(changed.cache).toBe('miss');
  expect(changed.html).toContain('Lough Tay at first light');

  withSiteDb(site.dataDir, (db) => db.$client.prepare('DELETE FROM content_changes').run());
  await home();
  retitle('Lough Tay in winter');
  const afterDelete = await home();
  expect(afterDelete.cache).toBe('miss');
  expect(afterDelete.html).toContain('Lough Tay in winter');
});
