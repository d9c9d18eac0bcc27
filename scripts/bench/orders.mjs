// The server's own times, on one freshly seeded site (its own data directory):
//  - order creation and capture, the two requests of the checkout, from 20 buyers at once for 10 s
//    against the PayPal fake of test mode: p50/p99 of each, errors and SQLITE_BUSY;
//  - the Orders tab of /admin with 10,000 orders: a search, a status filter and a plain page,
//    each beside the same page read with raw SQL from the same database file; and the accountant's
//    orders CSV of those orders (accountant-export.mjs);
//  - /shop with 2,000 photos (shop.mjs).
// `serverRows()` returns the table rows; `node scripts/bench/orders.mjs` prints them.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ordersCsvRows } from './accountant-export.mjs';
import { loadRuns, met, printTable, signInOwner, startSite, waitForMediaQueue } from './lib.mjs';
import { orderLoadInChild } from './order-load.mjs';
import { seedOrders } from './orders-seed.mjs';
import { cpuNote, serverPid, withServerCpu } from './server-cpu.mjs';
import { PRINT_PX, seedShopPhotos, shopRows } from './shop.mjs';

const ORDERS = 10_000;
const TIMED = 40;
/** Seconds of the payment load run before the timed 10 s. */
const WARM_UP_S = 2;
/** Seconds of the payment load that are timed. */
const TIMED_S = 10;
const ms = (x) => `${x.toFixed(1)} ms`;
const p50 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The requests the Orders tab makes (10 a page, newest first), and what each filters by. */
const TAB_READS = [
  ['a search by name or e-mail ("murphy")', { search: 'murphy' }],
  ['a status filter ("delivered", the most orders)', { status: 'delivered' }],
  ['a plain page (page 1, every status)', {}],
];

/** The same page as the endpoint, read with raw SQL (better-sqlite3, read-only): count, page, items. */
function rawOrdersPage(db, { search, status }) {
  const where = [];
  const args = [];
  if (status) {
    where.push('o.status = ?');
    args.push(status);
  }
  if (search) {
    const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push("(o.customer_email like ? escape '\\' or o.customer_name like ? escape '\\')");
    args.push(pattern, pattern);
  }
  const clause = where.length ? `where ${where.join(' and ')}` : '';
  const count = db.prepare(`select count(*) as n from orders o ${clause}`);
  const page = db.prepare(
    `select * from orders o ${clause} order by o.created_at desc, o.rowid desc limit 10`,
  );
  return () => {
    const total = count.get(...args).n;
    const rows = page.all(...args);
    const ids = rows.map((o) => o.id);
    const items = db
      .prepare(
        `select oi.*, pv.size, pv.finish, pv.dimensions, p.id as photo_id, p.title, p.image_url, p.media_id, p.width
         from order_items oi left join product_variants pv on pv.id = oi.product_variant_id
         left join photos p on p.id = pv.photo_id
         where oi.order_id in (${ids.map(() => '?').join(',') || 'null'}) order by oi.rowid`,
      )
      .all(...ids);
    return JSON.stringify({ total, rows, items });
  };
}

/** The Orders tab's three reads: p50 of TIMED requests each, beside the raw SQL of the same page. */
export async function adminOrdersRows(base, cookie, dbFile, pid = null) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  const total = db.prepare('select count(*) as n from orders').get().n;
  const rows = [];
  try {
    for (const [what, filter] of TAB_READS) {
      const params = new URLSearchParams({ page: '1', limit: '10', ...filter });
      const url = `${base}/api/orders?${params}`;
      const times = [];
      let matched = 0;
      const { perRequest } = await withServerCpu(
        pid,
        () => TIMED + 5,
        async () => {
          for (let i = 0; i < TIMED + 5; i++) {
            const t = performance.now();
            const res = await fetch(url, { headers: { cookie } });
            const body = await res.json();
            if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(body)}`);
            if (i >= 5) times.push(performance.now() - t);
            matched = body.total;
          }
        },
      );
      const raw = rawOrdersPage(db, filter);
      const rawTimes = [];
      for (let i = 0; i < TIMED + 5; i++) {
        const t = performance.now();
        raw();
        if (i >= 5) rawTimes.push(performance.now() - t);
      }
      const site = p50(times);
      const base_ = p50(rawTimes);
      rows.push([
        `/admin Orders tab, ${total} orders: ${what}, ${matched} match (p50 of ${TIMED})`,
        `${ms(site)}${cpuNote(perRequest)}`,
        `${ms(base_)} (raw SQL of the same page)`,
        `${(site / base_).toFixed(1)}×`,
        'p50 ≤ 20 ms',
        met(site <= 20),
      ]);
    }
  } finally {
    db.close();
  }
  return rows;
}

/** Prints that fit their size ({ id, size, framable }), for carts of two lines (order-load.mjs). */
async function printsToOrder(dbFile) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  const need = (side) =>
    `(case pv.size ${Object.entries(PRINT_PX)
      .map(([size, px]) => `when '${size}' then ${px[side]}`)
      .join(' ')} end)`;
  const variants = db
    .prepare(
      `select pv.id, pv.size, exists (select 1 from framing_options f where f.size = pv.size and f.is_active = 1) as framable
       from product_variants pv join photos p on p.id = pv.photo_id
       where p.is_active = 1 and pv.price_cents > 0 and (p.width is null or p.height is null
         or (max(p.width, p.height) >= ${need(0)} and min(p.width, p.height) >= ${need(1)}))
       order by pv.id limit 200`,
    )
    .all();
  db.close();
  if (variants.length < 2) throw new Error('no prints to order');
  return variants;
}

/**
 * The floor under every write: one durable commit (WAL, synchronous=FULL, as the site runs) of a
 * small row into a database file of its own beside the site's, on the same disk; p50 and p99 of n.
 */
async function durableCommit(dir, n = 200) {
  const { default: Database } = await import('better-sqlite3');
  const file = join(dir, 'bench-commit.sqlite');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec('create table t (id integer primary key, v text)');
  const insert = db.prepare('insert into t (v) values (?)');
  const times = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    insert.run('x'.repeat(300));
    times.push(performance.now() - t);
  }
  db.close();
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(n / 2)], p99: times[Math.floor(n * 0.99)] };
}

/**
 * The floor under the two payment endpoints: the same 20 connections sending a POST that its endpoint
 * answers at once (a 400 for a malformed PayPal order id, before any body is read or any work is
 * done). What it costs is the front, Astro's request and response objects, the middleware and the
 * log line, which every API request pays; the payment rows' CPU per request reads against it.
 */
async function postFloorRow(site, pid) {
  const { result, perRequest } = await withServerCpu(
    pid,
    ([r]) => r.total,
    () =>
      loadRuns([
        {
          url: `${site.url}/api/paypal/order/not-an-id!/capture`,
          connections: 20,
          seconds: 5,
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: site.url },
          body: '{}',
          status: 400,
        },
      ]),
  );
  const [r] = result;
  return [
    'floor: a POST its endpoint answers at once (400, malformed order id), 20 connections × 5 s',
    `${r.rps.toFixed(0)} req/s, p99 ${ms(r.p99)}${cpuNote(perRequest)}`,
    '—',
    '—',
    '— (the cost every API request pays)',
    '—',
  ];
}

/** Order creation and capture under load; rows for create, capture and the failures. */
export async function orderPaymentRows(site, dbFile, pid = null, { profiling = false } = {}) {
  const variants = await printsToOrder(dbFile);
  // The rows before this one write hundreds of megabytes (photos, their ladders, copies of the
  // database); let the disk write them out now rather than during the timed load, whose commits
  // wait for the disk.
  spawnSync('sync');
  const commit = await durableCommit(dirname(dbFile));
  const busyBefore = (site.output().match(/SQLITE_BUSY/g) ?? []).length;
  // The first WARM_UP_S of the load are not timed: the server's first second of these requests is
  // spent compiling their code (V8 optimises a function once it has run often), and at 20 buyers
  // that alone made most of the p99. A running shop pays that once after a restart, not under
  // every load. Failures of the warm-up still count.
  if (profiling) setTimeout(() => process.kill(site.pid, 'SIGUSR2'), WARM_UP_S * 1000);
  const load = await orderLoadInChild(site.url, {
    connections: 20,
    warmUpSeconds: WARM_UP_S,
    seconds: TIMED_S,
    variants,
    serverPid: pid,
  });
  if (profiling) process.kill(site.pid, 'SIGUSR2');
  const requests = load.create.n + load.capture.n;
  const perRequest = load.serverCpuMs === null ? null : load.serverCpuMs / requests;
  // Let the log lines of the last answers reach us before counting.
  await new Promise((r) => setTimeout(r, 200));
  const busy = (site.output().match(/SQLITE_BUSY/g) ?? []).length - busyBefore;
  const unexpected = load.failures;
  const failed = unexpected.length + load.errors;
  const row = (what, s) => [
    `order ${what} against the PayPal fake, 20 connections, timed for ${TIMED_S} s after ${WARM_UP_S} s of the same load (${s.n} requests)`,
    `p50 ${ms(s.p50)}, p99 ${ms(s.p99)}`,
    `one durable SQLite commit on this disk: p50 ${ms(commit.p50)}, p99 ${ms(commit.p99)}`,
    '—',
    'p99 ≤ 50 ms',
    met(s.p99 <= 50),
  ];
  if (unexpected.length) console.error('order load failures (first 3):', unexpected.slice(0, 3));
  const floor = await postFloorRow(site, pid);
  return [
    row('creation (POST /api/paypal/order)', load.create),
    row('capture (POST /api/paypal/order/{id}/capture)', load.capture),
    [
      'order creation + capture: errors and SQLITE_BUSY',
      `${failed} errors (${unexpected.length} unexpected answers), ${busy} SQLITE_BUSY${cpuNote(perRequest)}`,
      '—',
      `${load.paid} orders paid in the timed ${TIMED_S} s; ${load.addresses} client addresses (warm-up included)`,
      '0 errors, 0 SQLITE_BUSY',
      met(failed === 0 && busy === 0),
    ],
    floor,
  ];
}

/**
 * A site of its own (its own data directory), measured, stopped and removed. With `seededDataDir`
 * (the data directory of a seeded site whose media queue has finished, such as run.mjs's), its
 * database is copied (SQLite's online backup, safe while that site runs) and the site starts warm;
 * otherwise the demo content is seeded here and the media queue is waited for, which takes minutes
 * on a busy machine. Then 10,000 orders and 2,000 photos are written straight into SQLite.
 * Returns the table rows.
 */
export async function serverRows({ seededDataDir } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'wicklow-bench-server-'));
  const dbFile = join(dataDir, 'site.sqlite');
  const password = 'bench-password-123';
  if (seededDataDir) {
    const { default: Database } = await import('better-sqlite3');
    const source = new Database(join(seededDataDir, 'site.sqlite'), { readonly: true, fileMustExist: true });
    await source.backup(dbFile);
    source.close();
  }
  const site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: '1', OWNER_PASSWORD: password });
  try {
    const waited = performance.now();
    await waitForMediaQueue(dbFile, { quiet: true });
    const waitedS = (performance.now() - waited) / 1000;
    if (waitedS > 1) console.log(`(server rows: waited ${waitedS.toFixed(0)} s for the media queue)`);
    await seedOrders(dbFile, ORDERS);
    await seedShopPhotos(dataDir);
    const cookie = await signInOwner(site.url, password);
    const pid = serverPid(dataDir);
    return [
      ...(await adminOrdersRows(site.url, cookie, dbFile, pid)),
      ...(await ordersCsvRows(site.url, cookie, dbFile, pid)),
      ...(await shopRows(site.url, dbFile, pid)),
      ...(await orderPaymentRows(site, dbFile, pid)),
    ];
  } finally {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Only the payment rows, on a freshly seeded site of its own (no 10,000 orders, no 2,000 photos):
 * the quick loop for work on the order path. `seededDataDir` starts it from a copy of a seeded
 * site's database, as serverRows does. `profileFile` starts the site with V8's CPU profiler,
 * which writes a .cpuprofile of the load alone to that file (cpu-profile-preload.mjs).
 */
export async function paymentRowsAlone({ profileFile, seededDataDir } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'wicklow-bench-payments-'));
  if (seededDataDir) {
    const { default: Database } = await import('better-sqlite3');
    const source = new Database(join(seededDataDir, 'site.sqlite'), { readonly: true, fileMustExist: true });
    await source.backup(join(dataDir, 'site.sqlite'));
    source.close();
  }
  const env = { DATA_DIR: dataDir, SEED_DEMO: '1' };
  if (profileFile) {
    const preload = pathToFileURL(
      join(dirname(new URL(import.meta.url).pathname), 'cpu-profile-preload.mjs'),
    );
    Object.assign(env, { NODE_OPTIONS: `--import=${preload.href}`, CPU_PROFILE_FILE: profileFile });
  }
  const site = await startSite(env);
  try {
    await waitForMediaQueue(join(dataDir, 'site.sqlite'), { quiet: true });
    return await orderPaymentRows(site, join(dataDir, 'site.sqlite'), serverPid(dataDir), {
      profiling: Boolean(profileFile),
    });
  } finally {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (!existsSync('dist/server/entry.mjs')) throw new Error('Build first: npm run build');
  const started = performance.now();
  const args = process.argv.slice(2);
  if (args[0] === '--payments') {
    // `node scripts/bench/orders.mjs --payments [--profile <file>] [--seeded <data dir>]`
    const value = (flag) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
    printTable(await paymentRowsAlone({ profileFile: value('--profile'), seededDataDir: value('--seeded') }));
    console.log(`(payment rows took ${((performance.now() - started) / 1000).toFixed(0)} s)`);
    process.exit(0);
  }
  // `node scripts/bench/orders.mjs [seeded data dir]`
  printTable(await serverRows({ seededDataDir: args[0] }));
  console.log(`(server rows took ${((performance.now() - started) / 1000).toFixed(0)} s)`);
}
