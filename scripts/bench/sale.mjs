// /shop and a print's page with a sale running, beside the same pages without it measured in the
// same run on the same site (measured once to warm up, then with the sale, then without it again,
// the last pass being the baseline): the HTML's brotli 11 bytes (the sale adds the sale price and
// the "was" price with its words to every card and to the print page's sizes), the server's
// render (the page cache bypassed with a session-like cookie, p50 of 30) and the answer from the
// front's page cache (anonymous, brotli, p50 of 30). The sale is written straight into the site's database, as the
// bench's other fixtures are: 20% off every photo since a minute ago, the prints priced since 10
// days before it (so the lowest price of the 30 days before the sale is the list price, and the
// "was" price is shown); the page cache follows the database's data_version, so the next request
// sees it. The sale is removed afterwards, so later rows measure the site as seeded. Run alone with
// `node scripts/bench/sale.mjs` (seeds its own data directory), from run.mjs, or from run.mjs alone
// with `npm run bench -- --sale`.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotli, rawHtml } from './bytes.mjs';
import { PRINT_PAGE, printTable, startSite, waitForMediaQueue } from './lib.mjs';

const RUNS = 30;
const SALE_ID = 'bench-sale';
const DAY_MS = 24 * 60 * 60 * 1000;
/** What the page says beside a sale price when the reduction is true (price-sales.ts). */
const WAS_WORDS = 'lowest price in the 30 days before the sale';

const p50 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const ms = (n) => `${n.toFixed(1)} ms`;

/** p50 of the time to the last byte of `url` over RUNS requests, after 5 not counted. */
async function timeGet(url, headers) {
  const times = [];
  for (let i = 0; i < RUNS + 5; i++) {
    const t = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    if (i >= 5) times.push(performance.now() - t);
  }
  return p50(times);
}

async function measure(baseUrl, path) {
  const html = await rawHtml(`${baseUrl}${path}`);
  return {
    html: html.toString('utf8'),
    brotli: brotli(html, 11).length,
    raw: html.length,
    render: await timeGet(`${baseUrl}${path}`, { cookie: 'better-auth.session_token=bench' }),
    cached: await timeGet(`${baseUrl}${path}`, { 'accept-encoding': 'br' }),
  };
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

/** A sale of 20% off every photo, running since a minute ago, the prints priced 10 days before. */
function startSale(dbFile) {
  return withDb(dbFile, (db) => {
    const now = Date.now();
    db.transaction(() => {
      db.prepare('update price_history set from_at = from_at - ?').run(10 * DAY_MS);
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
  // A first pass without the sale warms the server up and is not reported: the baseline is taken
  // after the sale ends, just after a change of the database as the sale's figures are.
  for (const path of paths) await measure(baseUrl, path);
  startSale(dbFile);
  const during = {};
  try {
    for (const path of paths) {
      during[path] = await measure(baseUrl, path);
      if (!during[path].html.includes(WAS_WORDS)) {
        throw new Error(`${path} shows no "was" price while the bench's sale runs`);
      }
    }
  } finally {
    endSale(dbFile);
  }
  const after = {};
  for (const path of paths) {
    after[path] = await measure(baseUrl, path);
    if (after[path].html.includes(WAS_WORDS)) throw new Error(`${path} still shows the sale after it ended`);
  }
  const rows = [];
  for (const path of paths) {
    const a = during[path];
    const b = after[path];
    const was = a.html.split(WAS_WORDS).length - 1;
    rows.push(
      [
        `HTML of ${path}, a sale running (brotli 11; "was" price ${was}×)`,
        kib(a.brotli),
        `${kib(b.brotli)} (sale ended, same run)`,
        `${(a.brotli / b.brotli).toFixed(2)}× (raw ${kib(a.raw)} vs ${kib(b.raw)})`,
        '—',
        '—',
      ],
      [
        `${path} server render, a sale running, page cache bypassed (p50 of ${RUNS})`,
        ms(a.render),
        `${ms(b.render)} (sale ended, same run)`,
        `${(a.render / b.render).toFixed(2)}×`,
        '—',
        '—',
      ],
      [
        `${path} from the front’s page cache, a sale running (p50 of ${RUNS}, br)`,
        ms(a.cached),
        `${ms(b.cached)} (sale ended, same run)`,
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
