// /shop and a print's page with a sale running, beside the same pages without it measured in the
// same run on the same site (a warm-up pass, then 3 rounds of the sale on and off, each page timed
// 10 times in each state per round): the HTML's brotli 11 bytes (the sale adds the sale price and
// the "was" price with its words to every card and to the print page's sizes), the server's
// render (the page cache bypassed with a session-like cookie, p50 of 30) and the answer from the
// front's page cache (anonymous, brotli, p50 of 30). The sale is written straight into the site's database, as the
// bench's other fixtures are: 20% off every photo since a minute ago, the prints priced since 40
// days before it (so the lowest price of the 30 days before the sale is the list price, and the
// "was" price is shown); the page cache follows the database's content token, so the next request
// sees it. The sale is removed afterwards, so later rows measure the site as seeded. Run alone with
// `node scripts/bench/sale.mjs` (seeds its own data directory), from run.mjs, or from run.mjs alone
// with `npm run bench -- --sale`.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotli, rawHtml } from './bytes.mjs';
import { PRINT_PAGE, printTable, startSite, waitForMediaQueue } from './lib.mjs';
import { lighthouseRows } from './lighthouse.mjs';

/** Rounds of the sale on, then off; each measures every page 10 times in each state. */
const ROUNDS = 3;
const PER_ROUND = 10;
const RUNS = ROUNDS * PER_ROUND;
const SALE_ID = 'bench-sale';
const DAY_MS = 24 * 60 * 60 * 1000;
/** What the page says beside a sale price when the reduction is true (price-sales.ts). */
const WAS_WORDS = 'lowest price in the 30 days before the sale';

const p50 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const ms = (n) => `${n.toFixed(1)} ms`;

/** The times to the last byte of `url` over `n` requests, after 2 not counted. */
async function times(url, headers, n) {
  const out = [];
  for (let i = 0; i < n + 2; i++) {
    const t = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    if (i >= 2) out.push(performance.now() - t);
  }
  return out;
}

/** One pass over a page in the current state: its HTML, and render and cache times added to `into`. */
async function measure(baseUrl, path, into) {
  const html = await rawHtml(`${baseUrl}${path}`);
  into.html = html.toString('utf8');
  into.brotli = brotli(html, 11).length;
  into.raw = html.length;
  into.render = [
    ...(into.render ?? []),
    ...(await times(`${baseUrl}${path}`, { cookie: 'better-auth.session_token=bench' }, PER_ROUND)),
  ];
  into.cached = [
    ...(into.cached ?? []),
    ...(await times(`${baseUrl}${path}`, { 'accept-encoding': 'br' }, PER_ROUND)),
  ];
}

async function withDb(dbFile, fn) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(dbFile, { fileMustExist: true });
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

/**
 * Every price moved 40 days back, so a sale starting now has a "was" price: the prices in force
 * through the 30 days before it are the list prices. (Moved only 10 days, the cheap prices that the
 * throughput rows save for a few seconds fell inside those 30 days: then the lowest price of the
 * 30 days was below the sale price, and rightly no "was" price was shown.)
 */
const backdatePrices = (dbFile) =>
  withDb(dbFile, (db) => db.prepare('update price_history set from_at = from_at - ?').run(40 * DAY_MS));

/** A sale of 20% off every photo, running since a minute ago. */
function startSale(dbFile) {
  return withDb(dbFile, (db) => {
    const now = Date.now();
    db.transaction(() => {
      db.prepare(
        `insert into price_sales (id, name, percent_off, all_photos, starts_at, ends_at, created_at, updated_at)
         values (?, 'Bench sale', 20, 1, ?, ?, ?, ?)`,
      ).run(SALE_ID, now - 60_000, now + DAY_MS, now, now);
    })();
  });
}

const endSale = (dbFile) =>
  withDb(dbFile, (db) => db.prepare('delete from price_sales where id = ?').run(SALE_ID));

/** The sale rows of /shop and the print page on a running seeded site whose database is `dbFile`. */
export async function saleRows(baseUrl, dbFile) {
  const paths = ['/shop', PRINT_PAGE];
  const during = Object.fromEntries(paths.map((p) => [p, {}]));
  const without = Object.fromEntries(paths.map((p) => [p, {}]));
  // A first pass warms the server up and is not reported. Then rounds of the sale on and off, so
  // that a busy moment of the machine falls on both; each state follows a change of the database.
  await backdatePrices(dbFile);
  for (const path of paths) await measure(baseUrl, path, {});
  for (let round = 0; round < ROUNDS; round++) {
    await startSale(dbFile);
    try {
      for (const path of paths) {
        await measure(baseUrl, path, during[path]);
        if (!during[path].html.includes(WAS_WORDS)) {
          throw new Error(`${path} shows no "was" price while the bench's sale runs`);
        }
      }
    } finally {
      await endSale(dbFile);
    }
    for (const path of paths) {
      await measure(baseUrl, path, without[path]);
      if (without[path].html.includes(WAS_WORDS))
        throw new Error(`${path} still shows the sale after it ended`);
    }
  }
  const rows = [];
  // Lighthouse on the pages that show sale prices, the sale running: held to the same goals as the
  // same pages without a sale (the Lighthouse rows of run.mjs).
  await startSale(dbFile);
  try {
    rows.push(
      ...(await lighthouseRows(baseUrl, { only: [...paths, '/checkout'], note: ', a sale running' })),
    );
  } finally {
    await endSale(dbFile);
  }
  for (const path of paths) {
    const a = { ...during[path], render: p50(during[path].render), cached: p50(during[path].cached) };
    const b = { ...without[path], render: p50(without[path].render), cached: p50(without[path].cached) };
    const was = a.html.split(WAS_WORDS).length - 1;
    rows.push(
      [
        `HTML of ${path}, a sale running (brotli 11; "was" price ${was}×)`,
        kib(a.brotli),
        `${kib(b.brotli)} (no sale, same run)`,
        `${(a.brotli / b.brotli).toFixed(2)}× (raw ${kib(a.raw)} vs ${kib(b.raw)})`,
        '—',
        '—',
      ],
      [
        `${path} server render, a sale running, page cache bypassed (p50 of ${RUNS})`,
        ms(a.render),
        `${ms(b.render)} (no sale, same run)`,
        `${(a.render / b.render).toFixed(2)}×`,
        '—',
        '—',
      ],
      [
        `${path} from the front’s page cache, a sale running (p50 of ${RUNS}, br)`,
        ms(a.cached),
        `${ms(b.cached)} (no sale, same run)`,
        `${(a.cached / b.cached).toFixed(2)}×`,
        '—',
        '—',
      ],
    );
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (!existsSync('dist/server/entry.mjs')) throw new Error('Build first: npm run build');
  const dataDir = mkdtempSync(join(tmpdir(), 'wicklow-bench-sale-'));
  const site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: '1', OWNER_PASSWORD: 'bench-password-123' });
  try {
    await waitForMediaQueue(join(dataDir, 'site.sqlite'), { quiet: true });
    printTable(await saleRows(site.url, join(dataDir, 'site.sqlite')));
  } finally {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
