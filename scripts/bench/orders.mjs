// The server's own times, on one freshly seeded site (its own data directory):
//  - order creation and capture, the two calls of the checkout, from 20 buyers at once for 10 s
//    against the PayPal double of test mode: p50/p99 of each, errors and SQLITE_BUSY;
//  - the Orders tab of /admin with 10,000 orders: a search, a status filter and a plain page,
//    each beside the same page read with raw SQL from the same database file;
//  - /shop with 2,000 photos (shop.mjs).
// `serverRows()` returns the table rows; `node scripts/bench/orders.mjs` prints them.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { met, printTable, startSite } from './lib.mjs';
import { orderLoad } from './order-load.mjs';
import { seedOrders } from './orders-seed.mjs';
import { PRINT_PX, seedShopPhotos, shopRows } from './shop.mjs';

const ORDERS = 10_000;
const TIMED = 40;
const ms = (x) => `${x.toFixed(1)} ms`;
const p50 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Signs the owner in through the sign-in page and returns the session cookie. */
async function ownerCookie(base, password) {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
    body: new URLSearchParams({ email: 'owner@example.com', password }).toString(),
  });
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

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
export async function adminOrdersRows(base, cookie, dbFile) {
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
      for (let i = 0; i < TIMED + 5; i++) {
        const t = performance.now();
        const res = await fetch(url, { headers: { cookie } });
        const body = await res.json();
        if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(body)}`);
        if (i >= 5) times.push(performance.now() - t);
        matched = body.total;
      }
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
        ms(site),
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

/** Carts of two lines (the second one framed where framing is offered) of prints that fit their size. */
async function cartsFrom(dbFile) {
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
  return (i) => {
    const a = variants[i % variants.length];
    const b = variants[(i * 7 + 1) % variants.length];
    return [
      { variantId: a.id, framing: null, quantity: 1 },
      { variantId: b.id, framing: b.framable ? b.size : null, quantity: 2 },
    ];
  };
}

/** Order creation and capture under load; rows for create, capture and the failures. */
export async function orderPaymentRows(site, dbFile) {
  const cartLines = await cartsFrom(dbFile);
  const busyBefore = (site.output().match(/SQLITE_BUSY/g) ?? []).length;
  const load = await orderLoad(site.url, { connections: 20, seconds: 10, cartLines });
  // Let the log lines of the last answers reach us before counting.
  await new Promise((r) => setTimeout(r, 200));
  const busy = (site.output().match(/SQLITE_BUSY/g) ?? []).length - busyBefore;
  const failed = load.failures.length + load.errors;
  const row = (what, s) => [
    `order ${what} against the PayPal double, 20 connections × 10 s (${s.n} calls)`,
    `p50 ${ms(s.p50)}, p99 ${ms(s.p99)}`,
    '—',
    '—',
    'p99 ≤ 50 ms',
    met(s.p99 <= 50),
  ];
  if (load.failures.length) console.error('order load failures (first 3):', load.failures.slice(0, 3));
  return [
    row('creation (POST /api/paypal/order)', load.create),
    row('capture (POST /api/paypal/order/{id}/capture)', load.capture),
    [
      'order creation + capture: errors and SQLITE_BUSY',
      `${failed} errors (${load.failures.length} unexpected answers), ${busy} SQLITE_BUSY`,
      '—',
      `${load.pair.n} orders paid from ${load.addresses} client addresses`,
      '0 errors, 0 SQLITE_BUSY',
      met(failed === 0 && busy === 0),
    ],
  ];
}

/** Waits until the media queue has no pending job, so a busy core does not skew the timings. */
async function waitForMediaQueue(dbFile) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  const started = Date.now();
  try {
    while (
      db.prepare("select count(*) as n from media_jobs where status in ('pending', 'running')").get().n > 0
    ) {
      if (Date.now() - started > 300_000) throw new Error('the media queue did not finish in 5 minutes');
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    db.close();
  }
}

/**
 * Seeds a site of its own (demo content, then 10,000 orders and 2,000 photos written straight into
 * SQLite), measures, stops it and removes its data. Returns the table rows.
 */
export async function serverRows() {
  const dataDir = mkdtempSync(join(tmpdir(), 'wicklow-bench-server-'));
  const dbFile = join(dataDir, 'site.sqlite');
  const password = 'bench-password-123';
  const site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: '1', OWNER_PASSWORD: password });
  try {
    await waitForMediaQueue(dbFile);
    await seedOrders(dbFile, ORDERS);
    await seedShopPhotos(dataDir);
    const cookie = await ownerCookie(site.url, password);
    return [
      ...(await adminOrdersRows(site.url, cookie, dbFile)),
      ...(await shopRows(site.url, dbFile)),
      ...(await orderPaymentRows(site, dbFile)),
    ];
  } finally {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (!existsSync('dist/server/entry.mjs')) throw new Error('Build first: npm run build');
  const started = performance.now();
  printTable(await serverRows());
  console.log(`(server rows took ${((performance.now() - started) / 1000).toFixed(0)} s)`);
}
