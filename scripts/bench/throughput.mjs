// The front's throughput rows: requests per second and p99 of what anonymous visitors fetch most
// (the landing pages and the checkout, the products JSON, a photo derivative), each beside a plain
// node:http server sending the same bytes and headers, measured in the same run; and / while the
// owner saves a price once a second, with every read after a save checked for the new price.
//
// Fairness: the site and its baseline take turns (baseline, site, baseline, site) and each keeps
// its best run, so neither warm-up nor order picks the winner. The load generator runs in a process
// of its own; where taskset works, the server under test (site or baseline) is pinned to core 0 and
// the load generator to core 1.
//
// Run alone with `node scripts/bench/throughput.mjs` (a freshly seeded site in a temp data dir),
// or from run.mjs through throughputRows(baseUrl, ownerCookie).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import {
  allCores,
  canPin,
  loadRun,
  loadRuns,
  met,
  pidListeningOn,
  pinProcess,
  printTable,
  rawGet,
  signInOwner,
  startBaselineProcess,
  startSite,
  waitForMediaQueue,
} from './lib.mjs';

const CONNECTIONS = 50;
/** Seconds of each load run; each side gets RUNS of them, alternating. */
const SECONDS = 2;
const RUNS = 3;
/** Seconds of each run of / while the owner saves a price once a second. */
const SAVE_SECONDS = 3;
const ACCEPT = { 'accept-encoding': 'gzip, deflate, br' };
const PAGES = ['/', '/shop', '/drone-services', '/checkout'];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits until the page cache has made the best brotli of these paths (at most 15 s): it makes it
 * once a page has stayed unchanged 2 s, and until then serves a quick brotli (quality 5), whose size
 * is known here by compressing the page the same way.
 */
async function settle(base, paths) {
  const quick = await Promise.all(
    paths.map(async (p) => {
      const { body } = await rawGet(`${base}${p}`, { 'accept-encoding': 'identity' });
      return brotliCompressSync(body, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }).length;
    }),
  );
  const started = performance.now();
  while (performance.now() - started < 15_000) {
    const sizes = await Promise.all(paths.map((p) => rawGet(`${base}${p}`, ACCEPT)));
    if (sizes.every((r, i) => r.body.length !== quick[i])) return;
    await sleep(250);
  }
}

const fixed = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '—');
const ratio = (a, b) => `${fixed(a / b, 2)}×`;

/**
 * Loads the site's URL and the baseline's in turns (baseline first), RUNS short runs each, and keeps
 * each side's best requests/s and best p99. Any non-2xx answer or error is counted, never dropped.
 */
async function compare(siteUrl, baseUrl, headers, cores) {
  const best = () => ({ rps: 0, p99: Number.POSITIVE_INFINITY, non2xx: 0, errors: 0 });
  const site = best();
  const base = best();
  const keep = (into, r) => {
    into.rps = Math.max(into.rps, r.rps);
    into.p99 = Math.min(into.p99, r.p99);
    into.non2xx += r.non2xx;
    into.errors += r.errors;
  };
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    for (const url of [baseUrl, siteUrl])
      runs.push({ url, connections: CONNECTIONS, seconds: SECONDS, headers });
  }
  const results = await loadRuns(runs, { cores });
  for (const [i, r] of results.entries()) keep(i % 2 === 0 ? base : site, r);
  return { site, base };
}

/** A bench row comparing requests/s and p99 with goals given as ratios of the baseline's. */
function loadRow(figure, { site, base }, minRps, maxP99 = null) {
  const failed = site.non2xx + site.errors;
  const rpsOk = site.rps >= minRps * base.rps;
  const p99Ok = maxP99 === null || site.p99 <= maxP99 * base.p99;
  const goal = `≥ ${minRps}× req/s${maxP99 === null ? '' : `, p99 ≤ ${maxP99}×`}, no error`;
  return [
    figure,
    `${fixed(site.rps)} req/s, p99 ${fixed(site.p99, 1)} ms${failed ? `, ${failed} failed` : ''}`,
    `${fixed(base.rps)} req/s, p99 ${fixed(base.p99, 1)} ms`,
    `${ratio(site.rps, base.rps)} req/s, ${ratio(site.p99, base.p99)} p99`,
    goal,
    met(rpsOk && p99Ok && failed === 0),
  ];
}

/** Serves `url`'s current bytes and headers from a node:http baseline, and compares the two. */
async function compareWithCopy(url, headers, cores) {
  const copy = await rawGet(url, headers);
  if (copy.status !== 200) throw new Error(`${url} answered ${copy.status}`);
  const server = await startBaselineProcess({ headers: copy.headers, body: copy.body, cores: cores.server });
  try {
    return { ...(await compare(url, `${server.url}/`, headers, cores.client)), bytes: copy.body.length };
  } finally {
    await server.stop();
  }
}

/** The derivative the home page asks for first: its hero (fetchpriority="high"). */
async function heroDerivative(base) {
  const html = await (await fetch(`${base}/`)).text();
  const img = html.match(/<img\b[^>]*fetchpriority="high"[^>]*>/)?.[0] ?? '';
  const src = img.match(/\bsrc="(\/media\/[^"]+)"/)?.[1];
  if (!src) throw new Error('the home page has no hero image under /media/');
  return src;
}

/** The owner's print prices, as the Products tab reads them. */
async function readPrices(base, cookie) {
  const res = await fetch(`${base}/api/admin/pricing`, { headers: { cookie } });
  if (!res.ok) throw new Error(`GET /api/admin/pricing answered ${res.status}`);
  return res.json();
}

/** Saves one print price the way the Products tab does: PUT /api/admin/pricing. */
function savePrice(base, cookie, size, finish, price) {
  return fetch(`${base}/api/admin/pricing`, {
    method: 'PUT',
    headers: { cookie, origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ updates: [{ size, finish, price }] }),
  });
}

/** The cents of small matte prints in the Products tab's price list. */
const smallMatteCents = (prices) =>
  prices.prints?.find((p) => p.size === 'small' && p.finish === 'matte')?.priceCents ?? null;

/**
 * The owner saves the small matte price once a second while `seconds` pass. After each save, an
 * anonymous visitor reads /api/products and /shop; a read that does not show the new price is
 * stale. The saved prices stay below every other print price, so the shop's "from" price is the
 * saved one. Counts go into `out`; `next` numbers the prices so each save sets a new one.
 */
async function saveOncePerSecond(base, cookie, seconds, out) {
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const started = performance.now();
    const cents = 3000 + ++out.saves;
    const res = await savePrice(base, cookie, 'small', 'matte', (cents / 100).toFixed(2));
    await res.arrayBuffer();
    if (!res.ok) out.failedSaves++;
    else {
      const products = await (await fetch(`${base}/api/products`, { headers: ACCEPT })).json();
      const smallMatte = products.filter(
        (p) => p.sampleVariant?.size === 'small' && p.sampleVariant?.finish === 'matte',
      );
      out.reads += 2;
      if (smallMatte.length === 0 || smallMatte.some((p) => p.priceCents !== cents)) out.stale++;
      const shop = await (await fetch(`${base}/shop`, { headers: ACCEPT })).text();
      if (!shop.includes(`"lowPrice":"${(cents / 100).toFixed(2)}"`)) out.stale++;
    }
    await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (performance.now() - started))));
  }
}

/**
 * / under load while the owner saves a price once a second, against node:http sending the bytes
 * of / (taken before the saves). Baseline and site take turns, RUNS each, best requests/s kept;
 * failures and stale reads are counted over every run.
 */
async function homeDuringSaves(base, cookie, cores) {
  const original = smallMatteCents(await readPrices(base, cookie));
  const copy = await rawGet(`${base}/`, ACCEPT);
  const server = await startBaselineProcess({ headers: copy.headers, body: copy.body, cores: cores.server });
  const saves = { saves: 0, failedSaves: 0, stale: 0, reads: 0 };
  const site = { rps: 0, failed: 0 };
  let baseRps = 0;
  const options = { connections: CONNECTIONS, seconds: SAVE_SECONDS, headers: ACCEPT, cores: cores.client };
  try {
    for (let i = 0; i < RUNS; i++) {
      baseRps = Math.max(baseRps, (await loadRun(`${server.url}/`, options)).rps);
      const [load] = await Promise.all([
        loadRun(`${base}/`, options),
        saveOncePerSecond(base, cookie, SAVE_SECONDS, saves),
      ]);
      site.rps = Math.max(site.rps, load.rps);
      site.failed += load.non2xx + load.errors;
    }
  } finally {
    await server.stop();
    // The owner's price as it was before the bench (a failure shows as a failed save).
    if (original !== null) {
      const res = await savePrice(base, cookie, 'small', 'matte', (original / 100).toFixed(2));
      if (!res.ok) saves.failedSaves++;
    }
  }
  return [
    `/ while the owner saves a price once a second (${CONNECTIONS} connections; best of ${RUNS} × ${SAVE_SECONDS} s each, alternating with node:http sending the bytes of /; each save then reads /api/products and /shop)`,
    `${fixed(site.rps)} req/s, ${site.failed} failed; ${saves.saves} saves, ${saves.failedSaves} failed; ${saves.stale} stale of ${saves.reads} reads`,
    `${fixed(baseRps)} req/s`,
    ratio(site.rps, baseRps),
    '≥ 0.8× req/s; 0 errors; 0 failed saves; 0 stale reads',
    met(site.rps >= 0.8 * baseRps && site.failed === 0 && saves.failedSaves === 0 && saves.stale === 0),
  ];
}

/** Rows for anonymous pages of a running site against node:http sending the same bytes (storage.mjs). */
export async function pageRows(baseUrl, paths, label) {
  const base = baseUrl.replace(/\/$/, '');
  for (const path of paths) await rawGet(`${base}${path}`, ACCEPT);
  await settle(base, paths);
  const rows = [];
  for (const path of paths) {
    const r = await compareWithCopy(`${base}${path}`, ACCEPT, {});
    rows.push(
      loadRow(
        `anonymous ${path} ${label}, ${CONNECTIONS} connections, br (${(r.bytes / 1024).toFixed(1)} KiB; best of ${RUNS} × ${SECONDS} s)`,
        r,
        0.9,
      ),
    );
  }
  return rows;
}

export async function throughputRows(baseUrl, ownerCookie, { sitePid } = {}) {
  const base = baseUrl.replace(/\/$/, '');
  const pid = sitePid ?? pidListeningOn(Number(new URL(base).port));
  const pinned = canPin() && pid !== null && pinProcess(pid, '0');
  const cores = pinned ? { server: '0', client: '1' } : {};
  const how = `best of ${RUNS} × ${SECONDS} s each, alternating with the baseline; ${
    pinned ? 'pinned: server core 0, load core 1' : 'not pinned'
  }`;
  const rows = [];
  try {
    // Warm every page once, so the first run measures serving, not the first render, and give the
    // page cache time to make each page's best brotli: the baseline copies the bytes served then.
    for (const path of [...PAGES, '/api/products']) await rawGet(`${base}${path}`, ACCEPT);
    await settle(base, [...PAGES, '/api/products']);

    for (const path of PAGES) {
      const r = await compareWithCopy(`${base}${path}`, ACCEPT, cores);
      rows.push(
        loadRow(
          `anonymous ${path}, ${CONNECTIONS} connections, br (${(r.bytes / 1024).toFixed(1)} KiB; ${how})`,
          r,
          0.9,
          1.2,
        ),
      );
    }

    rows.push(await homeDuringSaves(base, ownerCookie, cores));

    // The saves above ended with the original price put back: let /api/products settle again.
    await rawGet(`${base}/api/products`, ACCEPT);
    await settle(base, ['/api/products']);
    const api = await compareWithCopy(`${base}/api/products`, ACCEPT, cores);
    rows.push(
      loadRow(
        `GET /api/products, ${CONNECTIONS} connections, br (${(api.bytes / 1024).toFixed(1)} KiB; ${how})`,
        api,
        0.8,
      ),
    );

    // A derivative: the baseline streams the same bytes from a file on disk on every request.
    const media = await heroDerivative(base);
    const copy = await rawGet(`${base}${media}`, ACCEPT);
    if (copy.status !== 200) throw new Error(`${media} answered ${copy.status}`);
    const file = join(tmpdir(), `wicklow-bench-media-${process.pid}`);
    writeFileSync(file, copy.body);
    const server = await startBaselineProcess({
      headers: { ...copy.headers, 'content-length': copy.body.length },
      file,
      cores: cores.server,
    });
    try {
      const r = await compare(`${base}${media}`, `${server.url}/`, ACCEPT, cores.client);
      rows.push(
        loadRow(
          `the hero derivative of / (${media.split('/').pop()}, ${(copy.body.length / 1024).toFixed(1)} KiB), ${CONNECTIONS} connections (${how}; baseline streams the file from disk)`,
          r,
          0.8,
        ),
      );
    } finally {
      await server.stop();
      rmSync(file, { force: true });
    }
  } finally {
    if (pinned) pinProcess(pid, allCores());
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dataDir = mkdtempSync(join(tmpdir(), 'wicklow-throughput-'));
  const password = 'bench-password-123';
  const site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: '1', OWNER_PASSWORD: password });
  try {
    await waitForMediaQueue(join(dataDir, 'site.sqlite'));
    const started = performance.now();
    const rows = await throughputRows(site.url, await signInOwner(site.url, password), { sitePid: site.pid });
    printTable(rows);
    console.log(`\n(throughput rows took ${((performance.now() - started) / 1000).toFixed(0)} s)`);
  } finally {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
