// A minute of load on loopback: autocannon with 50 connections on /, /shop and /api/products for
// 60 s, while the owner saves a price every 2 s and a buyer completes a test-mode purchase every 5 s,
// and a backup is taken halfway. No request fails, every purchase is paid exactly once, the server's
// live memory after warm-up stays flat within 10%, and the backup restores into an empty data
// directory where the site serves, the owner signs in, and every order, photo and file is present.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDataDir } from '~/lib/platform/server/backup/backup';
import { restoreBackup } from '~/lib/platform/server/backup/restore';
import { withSiteDb } from '../helpers/db';
import { makeFramings, makePhoto, makeVariant } from '../helpers/factories';
import { CUSTOMER } from '../helpers/fixtures';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const WARM_UP_S = Math.min(15, Math.floor(SECONDS / 4));
let site: RunningServer;
let restored: RunningServer | undefined;
const work = mkdtempSync(join(tmpdir(), 'wicklow-soak-'));

const snapshots = join(work, 'heap');

const rssBytes = (pid: number) =>
  Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN) * 1024;

/**
 * The server's live JavaScript memory: it writes a heap snapshot on SIGUSR2, after a full garbage
 * collection, and the sizes of every object in it are summed. RSS alone cannot tell a leak from the
 * collector's timing: under this load the old generation grows by tens of MB before each full
 * collection, and falls back after it.
 */
async function liveHeapBytes(pid: number): Promise<number> {
  const before = new Set(readdirSync(snapshots));
  process.kill(pid, 'SIGUSR2');
  for (let waited = 0; waited < 60_000; waited += 250) {
    await new Promise((r) => setTimeout(r, 250));
    const file = readdirSync(snapshots).find((f) => f.endsWith('.heapsnapshot') && !before.has(f));
    if (!file) continue;
    const path = join(snapshots, file);
    const size = statSync(path).size;
    await new Promise((r) => setTimeout(r, 500));
    if (statSync(path).size !== size || size === 0) continue;
    try {
      const heap = JSON.parse(readFileSync(path, 'utf8')) as {
        snapshot: { meta: { node_fields: string[] } };
        nodes: number[];
      };
      const fields = heap.snapshot.meta.node_fields;
      const selfSize = fields.indexOf('self_size');
      let total = 0;
      for (let i = selfSize; i < heap.nodes.length; i += fields.length) total += heap.nodes[i] ?? 0;
      return total;
    } catch {
      // Still being written.
    }
  }
  throw new Error('the server wrote no heap snapshot');
}

beforeAll(async () => {
  mkdirSync(snapshots);
  site = await startServer({
    NODE_OPTIONS: `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${snapshots}`,
  });
  withSiteDb(site.dataDir, (d) => {
    for (const [id, title] of [
      ['p-soak-1', 'Powerscourt Falls'],
      ['p-soak-2', 'Bray Head'],
    ] as const) {
      makePhoto(d, { id, title, category: 'coastal' });
      makeVariant(d, { id: `${id}-sm`, photoId: id, size: 'small', finish: 'matte', priceCents: 4500 });
      makeVariant(d, { id: `${id}-lg`, photoId: id, size: 'large', finish: 'gloss', priceCents: 9500 });
    }
    makeFramings(d, { small: 2500, medium: 3000, large: 4000 });
  });
}, 120_000);

afterAll(async () => {
  await restored?.stop();
  await site?.stop();
  // The heap snapshots are tens of MB each.
  rmSync(work, { recursive: true, force: true });
});

describe(`soak: ${SECONDS} s of load with price saves, purchases and a backup`, () => {
  it(
    'fails no request, pays every purchase once, keeps memory flat, and backs up a copy that restores',
    async () => {
      const cookie = await signIn(site.url);
      const pid = site.process.pid as number;
      const samples: { t: number; rss: number }[] = [];
      const started = Date.now();
      const sampler = setInterval(
        () => samples.push({ t: (Date.now() - started) / 1000, rss: rssBytes(pid) }),
        1000,
      );
      // The live heap once warmed up, taken under load.
      const warmHeap = new Promise((r) => setTimeout(r, WARM_UP_S * 1000)).then(() => liveHeapBytes(pid));

      const load = autocannon({
        url: site.url,
        connections: 50,
        duration: SECONDS,
        requests: [{ path: '/' }, { path: '/shop' }, { path: '/api/products' }],
      });

      const saves: number[] = [];
      const purchases: { id: string; status: number }[] = [];
      let backup: ReturnType<typeof backupDataDir> | undefined;
      const end = started + SECONDS * 1000;
      const owner = (async () => {
        for (let i = 0; Date.now() < end - 1000; i++) {
          const res = await fetch(`${site.url}/api/admin/pricing`, {
            method: 'PUT',
            headers: { 'content-type': 'application/json', cookie, origin: site.url },
            body: JSON.stringify({
              updates: [{ size: 'small', finish: 'matte', price: (40 + (i % 10)).toFixed(2) }],
            }),
          });
          saves.push(res.status);
          await res.arrayBuffer();
          if (!backup && Date.now() - started > (SECONDS * 1000) / 2)
            backup = backupDataDir(site.dataDir, join(work, 'backup'));
          await new Promise((r) => setTimeout(r, 2000));
        }
      })();
      const buyer = (async () => {
        for (let i = 0; Date.now() < end - 2000; i++) {
          const created = await fetch(`${site.url}/api/paypal/order`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              lines: [
                {
                  variantId: i % 2 ? 'p-soak-1-sm' : 'p-soak-2-lg',
                  framing: i % 3 ? null : i % 2 ? 'small' : 'large',
                  quantity: 1 + (i % 2),
                },
              ],
              country: 'IE',
              currency: 'EUR',
              intent: 'CAPTURE',
            }),
          });
          const { id } = (await created.json()) as { id: string };
          const captured = await fetch(`${site.url}/api/paypal/order/${id}/capture`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ customerData: CUSTOMER, cartItems: [] }),
          });
          purchases.push({ id, status: captured.status });
          await captured.arrayBuffer();
          await new Promise((r) => setTimeout(r, 5000));
        }
      })();

      const result = await load;
      await Promise.all([owner, buyer]);
      clearInterval(sampler);
      const report = await backup;

      // Load: no error of any kind.
      expect(result.errors).toBe(0);
      expect(result.timeouts).toBe(0);
      expect(result.non2xx).toBe(0);
      expect(saves.every((s) => s === 200)).toBe(true);
      expect(saves.length).toBeGreaterThanOrEqual(Math.floor(SECONDS / 3));

      // Every purchase paid exactly once.
      expect(purchases.length).toBeGreaterThanOrEqual(Math.floor(SECONDS / 8));
      expect(purchases.map((p) => p.status)).toEqual(purchases.map(() => 200));
      const db = new Database(join(site.dataDir, 'site.sqlite'), { readonly: true });
      try {
        for (const p of purchases) {
          const rows = db
            .prepare(
              "select count(*) as n from orders where paypal_order_id = ? and payment_status = 'completed'",
            )
            .get(p.id) as { n: number };
          expect(rows.n, `purchase ${p.id}`).toBe(1);
        }
      } finally {
        db.close();
      }

      // Memory after warm-up: the live heap (after a full collection) flat within 10%. RSS is printed
      // for the record only: it follows the collector's timing, and each heap snapshot adds to it.
      const early = await warmHeap;
      const late = await liveHeapBytes(pid);
      const mb = (b: number) => (b / 1024 / 1024).toFixed(1);
      console.log(
        `soak: ${result.requests.total} requests (${result.requests.average} rps, p99 ${result.latency.p99} ms), ${result.errors} errors, ${result.non2xx} non-2xx; ${saves.length} price saves; ${purchases.length} purchases paid once each; live heap after ${WARM_UP_S} s warm-up ${mb(early)} MB, at the end ${mb(late)} MB (${((late / early - 1) * 100).toFixed(1)}%); backup of ${report?.tables.orders} orders in ${report?.ms} ms`,
      );
      console.log(`soak RSS samples (MB): ${samples.map((s) => (s.rss / 1024 / 1024).toFixed(0)).join(' ')}`);
      expect(Math.abs(late / early - 1)).toBeLessThanOrEqual(0.1);

      // The backup taken under load restores into an empty data directory and serves.
      expect(report).toBeDefined();
      const dataDir = join(work, 'restored');
      const restoredReport = restoreBackup(join(work, 'backup'), dataDir);
      expect(restoredReport.tables).toEqual(report?.tables);
      expect(restoredReport.files).toBe(report?.files);
      restored = await startServer({ DATA_DIR: dataDir });
      const rdb = new Database(join(dataDir, 'site.sqlite'), { readonly: true });
      try {
        expect(rdb.pragma('integrity_check', { simple: true })).toBe('ok');
        const counts = rdb
          .prepare('select (select count(*) from orders) as orders, (select count(*) from photos) as photos')
          .get() as {
          orders: number;
          photos: number;
        };
        expect(counts.orders).toBe(report?.tables.orders);
        expect(counts.photos).toBe(2);
      } finally {
        rdb.close();
      }
      expect((await fetch(`${restored.url}/shop`)).status).toBe(200);
      expect(await signIn(restored.url)).toContain('session_token');
    },
    (SECONDS + 240) * 1000,
  );
});
