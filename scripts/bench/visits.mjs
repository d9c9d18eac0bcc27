// The visitor-counting row: the anonymous pages' throughput with counting on, against the same
// pages with it off (VISITOR_COUNTING=0), measured in the same run on two copies of one seeded site.
// "On" is as a real visitor's browser makes it: each view from a new address (a new visitor: hashed,
// its country looked up, its hash kept), a third of them from another site, and one cart event
// (POST /api/visits) per 50 views; the counts are written every 10 s (VISITS_FLUSH_SECONDS=10, 6 times
// as often as the default). A write leaves cached pages cached: the page cache's content token
// ignores the visit tables, as no page shows them.
// BENCH_CART_EVERY (0: no cart events) and BENCH_FLUSH_SECONDS change those two for a look at each.
// The sides take turns (off, on, off, on, …) and each is judged by its mean over all its runs,
// after one turn each that is not counted: both servers start cold (their code not yet compiled,
// the best brotli of their pages not yet made), and that first turn read up to a third slower on
// either side. The server's CPU time per page (from /proc) is printed beside each side.
//
// Run alone with `node scripts/bench/visits.mjs` (seeds a site in a temp dir), or from run.mjs
// through visitsRows(seededDataDir).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  canPin,
  jsonFromChild,
  met,
  PRINT_PAGE,
  pinProcess,
  printTable,
  rawGet,
  startSite,
  waitForMediaQueue,
} from './lib.mjs';
import { cpuMs } from './server-cpu.mjs';

const CONNECTIONS = 50;
const SECONDS = 3;
const RUNS = 6;
const WARM_UP_RUNS = 1;
const CART_EVERY = Number(process.env.BENCH_CART_EVERY ?? 50);
const FLUSH_SECONDS = process.env.BENCH_FLUSH_SECONDS ?? '10';
const PAGES = ['/', '/shop', '/drone-services', PRINT_PAGE];
const ACCEPT = { 'accept-encoding': 'gzip, deflate, br' };

const fixed = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '—');
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** Copies a seeded data dir for each side and starts both sites, counting off and on. */
async function startPair(seededDataDir) {
  const sides = {};
  for (const [name, counting] of [
    ['off', '0'],
    ['on', '1'],
  ]) {
    const dir = mkdtempSync(join(tmpdir(), `wicklow-bench-visits-${name}-`));
    cpSync(seededDataDir, dir, { recursive: true });
    const site = await startSite({
      DATA_DIR: dir,
      SEED_DEMO: '0',
      TRUSTED_PROXIES: '127.0.0.1',
      VISITOR_COUNTING: counting,
      VISITS_FLUSH_SECONDS: FLUSH_SECONDS,
      OWNER_PASSWORD: 'bench-password-123',
    });
    sides[name] = { site, dir };
  }
  return sides;
}

export async function visitsRows(seededDataDir) {
  const { off, on } = await startPair(seededDataDir);
  const pinned = canPin() && pinProcess(off.site.pid, '0') && pinProcess(on.site.pid, '0');
  const client = pinned ? '1' : undefined;
  try {
    for (const { site } of [off, on]) for (const p of PAGES) await rawGet(`${site.url}${p}`, ACCEPT);
    const results = { off: [], on: [] };
    for (let i = 0; i < WARM_UP_RUNS + RUNS; i++) {
      for (const [name, side] of [
        ['off', off],
        ['on', on],
      ]) {
        const load = { url: side.site.url, paths: PAGES, connections: CONNECTIONS, seconds: SECONDS };
        if (name === 'on' && CART_EVERY > 0) load.cartEvery = CART_EVERY;
        const cpuBefore = cpuMs(side.site.pid);
        const result = await jsonFromChild('./visits-load.mjs', load, client);
        const cpu = cpuMs(side.site.pid) - cpuBefore;
        if (i >= WARM_UP_RUNS)
          results[name].push({ ...result, cpuUsPerPage: (cpu * 1000) / (result.rps * SECONDS) });
      }
    }
    const pages = (name) => mean(results[name].map((r) => r.pagesPerSec));
    const p99 = (name) => mean(results[name].map((r) => r.p99));
    const cpuPerPage = (name) => mean(results[name].map((r) => r.cpuUsPerPage));
    const failed = (name) => results[name].reduce((sum, r) => sum + r.non2xx + r.errors, 0);
    const [onPages, offPages] = [pages('on'), pages('off')];
    // The counted views, read as the owner would: they prove the "on" side counted.
    const { counted } = await countedViews(on.site.url);
    return [
      [
        `anonymous pages (${PAGES.join(', ')}) with visitor counting on: every view a new visitor, ${CART_EVERY > 0 ? `1 cart event per ${CART_EVERY} views` : 'no cart events'}, counts written every ${FLUSH_SECONDS} s (${CONNECTIONS} connections; mean of ${RUNS} × ${SECONDS} s after ${WARM_UP_RUNS} not counted, alternating with counting off; ${pinned ? 'pinned: servers core 0, load core 1' : 'not pinned'})`,
        `${fixed(onPages)} pages/s, p99 ${fixed(p99('on'), 1)} ms, ${fixed(cpuPerPage('on'))} µs CPU a request${failed('on') ? `, ${failed('on')} failed` : ''}; ${counted} views counted`,
        `${fixed(offPages)} pages/s, p99 ${fixed(p99('off'), 1)} ms, ${fixed(cpuPerPage('off'))} µs CPU a request (counting off)${failed('off') ? `, ${failed('off')} failed` : ''}`,
        `${fixed(onPages / offPages, 2)}×`,
        '≥ 0.95× pages/s, no error',
        met(onPages >= 0.95 * offPages && failed('on') === 0 && failed('off') === 0 && counted > 0),
      ],
    ];
  } finally {
    for (const { site, dir } of [off, on]) {
      await site.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

/** The views the site has counted, through the owner's report. */
async function countedViews(url) {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url },
    body: new URLSearchParams({ email: 'owner@example.com', password: 'bench-password-123' }).toString(),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const report = await (await fetch(`${url}/api/admin/visits`, { headers: { cookie } })).json();
  return { counted: report.totals?.views ?? 0 };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dataDir = mkdtempSync(join(tmpdir(), 'wicklow-bench-visits-'));
  try {
    const seeding = await startSite({
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      OWNER_PASSWORD: 'bench-password-123',
    });
    await waitForMediaQueue(join(dataDir, 'site.sqlite'));
    await seeding.stop();
    printTable(await visitsRows(dataDir));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
