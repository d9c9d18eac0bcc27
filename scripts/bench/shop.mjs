// The shop bench: 2,000 photos in the shop, then
//  - /shop rendered by the server: p50 of a real render (the page cache bypassed with a session-like
//    cookie, as a signed-in visitor would) beside a raw query of every photo's row plus
//    JSON.stringify, the same for /shop/data.json (the list the page's filter reads), the HTML's
//    brotli size, and p50 from the front's page cache (anonymous);
//  - the client-side search/filter per keystroke in chromium: script time of each input event.
// Run alone with `node scripts/bench/shop.mjs` (seeds its own data directory), or from run.mjs.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import { met, printTable, startSite } from './lib.mjs';
import { cpuNote, serverPid, withServerCpu } from './server-cpu.mjs';

const PHOTOS = 2000;
const SIZES = [
  ['small', '8x12 inches', 4500],
  ['medium', '12x16 inches', 7500],
  ['large', '16x20 inches', 11000],
];
const WORDS = [
  'Lough',
  'Bray',
  'Head',
  'Glendalough',
  'Sugarloaf',
  'Wicklow',
  'Gap',
  'Mist',
  'Harbour',
  'Valley',
];
/** Pixels a photo needs for each size, long side and short side (150 ppi). */
export const PRINT_PX = { small: [1800, 1200], medium: [2400, 1800], large: [3000, 2400] };
const CATEGORIES = ['coastal', 'mountains', 'countryside', 'aerial', 'other'];

/** Fills the shop to 2,000 active photos, reusing the media of the seeded photos. */
export async function seedShopPhotos(dataDir) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(join(dataDir, 'site.sqlite'));
  const existing = db.prepare('select * from photos where is_active = 1').all();
  const need = PHOTOS - existing.length;
  const insertPhoto = db.prepare(
    `insert into photos (id, title, description, image_url, category, location, featured, media_id, width, height,
      dominant_color, placeholder, created_at, updated_at)
     values (@id, @title, @description, @image_url, @category, @location, @featured, @media_id, @width, @height,
      @dominant_color, @placeholder, @created_at, @created_at)`,
  );
  const insertVariant = db.prepare(
    'insert into product_variants (id, photo_id, size, finish, price_cents, dimensions) values (?, ?, ?, ?, ?, ?)',
  );
  db.transaction(() => {
    for (let i = 0; i < need; i++) {
      const src = existing[i % existing.length] ?? {};
      const id = `bench-${i}`;
      insertPhoto.run({
        id,
        title: `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} no. ${i}`,
        description: src.description ?? null,
        image_url: src.image_url ?? '/favicon.svg',
        category: CATEGORIES[i % CATEGORIES.length],
        location: `${WORDS[(i * 3) % WORDS.length]}, County Wicklow`,
        featured: i % 50 === 0 ? 1 : 0,
        media_id: src.media_id ?? null,
        width: src.width ?? 1600,
        height: src.height ?? 1067,
        dominant_color: src.dominant_color ?? null,
        placeholder: src.placeholder ?? null,
        created_at: Date.UTC(2025, 0, 1) + i * 60_000,
      });
      for (const [size, dims, cents] of SIZES) {
        for (const finish of ['matte', 'gloss']) {
          insertVariant.run(`${id}-${size}-${finish}`, id, size, finish, cents + (i % 7) * 100, dims);
        }
      }
    }
  })();
  db.close();
}

const p50 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** n timed GETs (after 5 untimed ones): the p50, the last body and the last answer's headers. */
async function timeGet(url, headers, n) {
  const times = [];
  let body = Buffer.alloc(0);
  let last;
  for (let i = 0; i < n + 5; i++) {
    const t = performance.now();
    const res = await fetch(url, { headers });
    body = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    last = res.headers;
    if (i >= 5) times.push(performance.now() - t);
  }
  return { p50: p50(times), body, headers: last };
}

/**
 * The baseline of the render: the shop's rows read straight from the same database file
 * (better-sqlite3, read-only; every active photo, newest first, with the lowest and highest price
 * of the sizes its pixels allow) and turned into JSON, p50 of n.
 */
async function rawShopQuery(dbFile, n) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  const need = (side) =>
    `(case pv.size ${SIZES.map(([size]) => `when '${size}' then ${PRINT_PX[size][side]}`).join(' ')} end)`;
  const fits = `(p.width is null or p.height is null or p.width <= 0 or p.height <= 0 or (max(p.width, p.height) >= ${need(0)} and min(p.width, p.height) >= ${need(1)}))`;
  const price = (fn) =>
    `(select ${fn}(pv.price_cents) from product_variants pv where pv.photo_id = p.id and ${fits})`;
  const query = db.prepare(
    `select p.id, p.title, p.location, p.category, p.featured, p.created_at, p.media_id, p.width, p.height,
       p.image_url, ${price('min')} as min_cents, ${price('max')} as max_cents
     from photos p where p.is_active = 1 order by p.created_at desc`,
  );
  const times = [];
  let rows = 0;
  for (let i = 0; i < n + 5; i++) {
    const t = performance.now();
    const all = query.all();
    JSON.stringify(all);
    if (i >= 5) times.push(performance.now() - t);
    rows = all.length;
  }
  db.close();
  return { p50: p50(times), rows };
}

async function keystrokes(url) {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`${url}/shop`, { waitUntil: 'load' });
    await page.waitForFunction(() => document.querySelectorAll('[data-print-card]').length > 0);
    // The filter's list (/shop/data.json) has arrived when the pager of the no-JavaScript pages hides.
    await page.waitForFunction(() => document.querySelector('[data-pager]')?.hidden === true);
    return await page.evaluate(async () => {
      const input = document.querySelector('[data-shop-search]');
      const script = [];
      const withLayout = [];
      for (const query of ['lough', 'glendalough gap', 'county wicklow', 'no. 1999', 'zzz']) {
        for (let i = 1; i <= query.length; i++) {
          input.value = query.slice(0, i);
          const t0 = performance.now();
          input.dispatchEvent(new Event('input', { bubbles: true }));
          const t1 = performance.now();
          void document.body.offsetHeight; // the style and layout the change causes
          const t2 = performance.now();
          script.push(t1 - t0);
          withLayout.push(t2 - t0);
          await new Promise((r) => requestAnimationFrame(() => r()));
        }
        input.value = '';
        input.dispatchEvent(new Event('input', { bubbles: true }));
        await new Promise((r) => requestAnimationFrame(() => r()));
      }
      const sorted = (xs) => [...xs].sort((a, b) => a - b);
      return {
        cards: document.querySelectorAll('[data-print-card]').length,
        scriptP50: sorted(script)[Math.floor(script.length / 2)],
        scriptMax: sorted(script).at(-1),
        layoutP50: sorted(withLayout)[Math.floor(withLayout.length / 2)],
        layoutMax: sorted(withLayout).at(-1),
        n: script.length,
      };
    });
  } finally {
    await browser.close();
  }
}

const kb = (n) => `${(n / 1000).toFixed(1)} KB`;

/**
 * The shop's rows on a running site whose database (dbFile) already holds 2,000 photos: the server's
 * render (p50 of 30) beside the raw query of the rows, the HTML's brotli size, the answer from the
 * front's page cache, and the client-side filter per keystroke.
 */
export async function shopRows(base, dbFile, pid = null) {
  // A session-like cookie makes the front pass the request to Astro: a real render every time.
  const rendered = await withServerCpu(
    pid,
    () => 35,
    () => timeGet(`${base}/shop`, { cookie: 'better-auth.session_token=bench' }, 30),
  );
  const render = rendered.result;
  if (render.headers.get('x-cache')) throw new Error('/shop with a session cookie came from the page cache');
  // The shop's list for the client-side filter, rendered anew the same way (the front keeps one
  // copy of it for anonymous visitors until the next change).
  const listed = await withServerCpu(
    pid,
    () => 35,
    () => timeGet(`${base}/shop/data.json`, { cookie: 'better-auth.session_token=bench' }, 30),
  );
  const list = listed.result;
  if (list.headers.get('x-cache'))
    throw new Error('/shop/data.json with a session cookie came from the cache');
  const raw = await rawShopQuery(dbFile, 30);
  const html = render.body;
  const br = brotliCompressSync(html, {
    params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: html.length },
  }).length;
  const cached = await timeGet(`${base}/shop`, { 'accept-encoding': 'br' }, 30);
  const keys = await keystrokes(base);
  return [
    [
      `/shop server render, ${raw.rows} photos, page cache bypassed (p50 of 30)`,
      `${render.p50.toFixed(1)} ms${cpuNote(rendered.perRequest)}`,
      `${raw.p50.toFixed(1)} ms (raw query + JSON.stringify)`,
      `${(render.p50 / raw.p50).toFixed(2)}×`,
      '≤ 25 ms',
      met(render.p50 <= 25),
    ],
    [
      `/shop/data.json (every photo, for the filter) rendered, page cache bypassed (p50 of 30)`,
      `${list.p50.toFixed(1)} ms${cpuNote(listed.perRequest)}`,
      `${raw.p50.toFixed(1)} ms (raw query + JSON.stringify)`,
      `${(list.p50 / raw.p50).toFixed(2)}×`,
      '≤ 25 ms',
      met(list.p50 <= 25),
    ],
    [
      `HTML of /shop, ${raw.rows} photos (brotli, quality 11)`,
      kb(br),
      '—',
      `raw ${kb(html.length)}`,
      '≤ 120 KB',
      met(br <= 120_000),
    ],
    ['/shop from the front’s page cache (p50 of 30, br)', `${cached.p50.toFixed(1)} ms`, '—', '—', '—', '—'],
    [
      `shop filter per keystroke, script (${keys.n} keys, ${keys.cards} cards)`,
      `p50 ${keys.scriptP50.toFixed(2)} ms, max ${keys.scriptMax.toFixed(2)} ms`,
      '—',
      '—',
      'budget 16 ms (not a goal of the bench)',
      '—',
    ],
    [
      'shop filter per keystroke, script + style/layout',
      `p50 ${keys.layoutP50.toFixed(2)} ms, max ${keys.layoutMax.toFixed(2)} ms`,
      '—',
      '—',
      '—',
      '—',
    ],
  ];
}

/** Seeds 2,000 photos into dataDir (a seeded, stopped site), starts it and measures; returns table rows. */
export async function benchShop(dataDir, env) {
  await seedShopPhotos(dataDir);
  const site = await startSite({ ...env, DATA_DIR: dataDir });
  try {
    return await shopRows(site.url, join(dataDir, 'site.sqlite'), serverPid(dataDir));
  } finally {
    await site.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (!existsSync('dist/server/entry.mjs')) throw new Error('Build first: npm run build');
  const dataDir = mkdtempSync(join(tmpdir(), 'wicklow-bench-shop-'));
  const env = { DATA_DIR: dataDir, SEED_DEMO: '1', OWNER_PASSWORD: 'bench-password-123' };
  try {
    const seeded = await startSite(env);
    await seeded.stop();
    printTable(await benchShop(dataDir, env));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
