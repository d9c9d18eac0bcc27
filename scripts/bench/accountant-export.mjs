// The accountant's orders CSV at 10,000 orders (orders-seed.mjs: two years of a print shop, most
// of them paid): the time to the last byte of five years' export and the server's memory while it
// streams (its resident memory sampled every 10 ms, peak less before), beside the same orders and
// lines read with raw SQL from the same database file. `node scripts/bench/accountant-export.mjs`
// runs it alone on a site of its own.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rssOf } from './gallery-delivery.mjs';
import { met, printTable, signInOwner, startSite, waitForMediaQueue } from './lib.mjs';
import { seedOrders } from './orders-seed.mjs';
import { serverPid } from './server-cpu.mjs';

const MIB = 1024 * 1024;
const RUNS = 3;

/** Five years up to today (Irish days are close enough to UTC's for a bench's period). */
function fiveYears() {
  const to = new Date();
  const from = new Date(to.getTime() - (5 * 365 - 1) * 86_400_000);
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
}

/** The same paid orders and their lines, read with raw SQL, joined into text: ms. */
async function rawRead(dbFile) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    const t = performance.now();
    let size = 0;
    for (const row of db
      .prepare(
        `select o.*, oi.* from orders o join order_items oi on oi.order_id = o.id
         where o.test_mode = 0 and o.paid_at is not null
           and (o.payment_status = 'completed' or o.refund_id is not null)
         order by o.paid_at, o.id, oi.rowid`,
      )
      .iterate()) {
      size += Object.values(row).join(',').length;
    }
    return { ms: performance.now() - t, size };
  } finally {
    db.close();
  }
}

/** One download: ms to the last byte, bytes, rows, and the server's peak memory growth. */
async function download(url, cookie, pid) {
  const before = rssOf(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 10);
  const t = performance.now();
  try {
    const res = await fetch(url, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
    let bytes = 0;
    let rows = 0;
    for await (const chunk of res.body) {
      bytes += chunk.length;
      for (const b of chunk) if (b === 0x0a) rows++;
    }
    return { ms: performance.now() - t, bytes, rows: rows - 1, growth: peak - before };
  } finally {
    clearInterval(sampler);
  }
}

/** The row of the bench table: the best of RUNS downloads, and the largest memory growth. */
export async function ordersCsvRows(base, cookie, dbFile, pid) {
  const period = fiveYears();
  const url = `${base}/api/admin/exports/orders.csv?from=${period.from}&to=${period.to}`;
  await download(url, cookie, pid); // warm-up
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await download(url, cookie, pid));
  const best = runs.reduce((a, b) => (b.ms < a.ms ? b : a));
  const growth = Math.max(...runs.map((r) => r.growth));
  const raw = await rawRead(dbFile);
  return [
    [
      `orders CSV of five years at 10,000 orders: ${best.rows} rows, ${(best.bytes / MIB).toFixed(1)} MiB (best of ${RUNS})`,
      `${best.ms.toFixed(0)} ms; server memory +${(growth / MIB).toFixed(0)} MB`,
      `${raw.ms.toFixed(0)} ms (raw SQL of the same orders and lines)`,
      `${(best.ms / raw.ms).toFixed(1)}×`,
      '≤ 2,000 ms; memory growth ≤ 64 MB',
      met(best.ms <= 2000 && growth <= 64 * MIB),
    ],
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dataDir = mkdtempSync(join(tmpdir(), 'wicklow-bench-export-'));
  const dbFile = join(dataDir, 'site.sqlite');
  const password = 'bench-password-123';
  const site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: '1', OWNER_PASSWORD: password });
  try {
    await waitForMediaQueue(dbFile, { quiet: true });
    await seedOrders(dbFile, 10_000);
    const cookie = await signInOwner(site.url, password);
    printTable(await ordersCsvRows(site.url, cookie, dbFile, serverPid(dataDir)));
  } finally {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
