// `npm run bench`: figures of speed and size, each beside a baseline measured in the same run.
// Never run inside the tests: timings belong here, on a quiet machine.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { checkoutJs } from './checkout-js.mjs';
import { benchComposition } from './composition.mjs';
import { baselineFirstOk, printTable, rps, startBaseline, startSite } from './lib.mjs';
import { lighthouseRows } from './lighthouse.mjs';
import { adminJs, jsBeforeInteraction } from './page-js.mjs';
import { benchQueryFlood } from './query-flood.mjs';
import { benchShop } from './shop.mjs';
import { baselinePublish, make24mp, sitePublish } from './upload.mjs';

const ACCEPT = { 'accept-encoding': 'gzip, deflate, br' };
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;

if (!existsSync('dist/server/entry.mjs') || process.argv.includes('--build')) {
  const run = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (run.status !== 0) process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'wicklow-bench-'));
const env = { DATA_DIR: dataDir, SEED_DEMO: '1', OWNER_PASSWORD: 'bench-password-123' };
const rows = [];

try {
  // 1. Start to the first 200 of /: cold (empty data dir: migrations, owner, demo seed) and warm.
  const cold = await startSite(env);
  await cold.stop();
  const site = await startSite(env);
  const baseStart = await baselineFirstOk();
  // The AVIF ladders of the seed are made in the background after start; let them finish so the
  // load runs below measure serving, not a busy core.
  await waitForMediaQueue(join(dataDir, 'site.sqlite'));
  rows.push([
    'start → first 200 of / (cold: migrate + seed)',
    `${cold.firstOkMs.toFixed(0)} ms`,
    `${baseStart.toFixed(0)} ms`,
    `${(cold.firstOkMs / baseStart).toFixed(1)}×`,
  ]);
  rows.push([
    'start → first 200 of / (warm restart)',
    `${site.firstOkMs.toFixed(0)} ms`,
    `${baseStart.toFixed(0)} ms`,
    `${(site.firstOkMs / baseStart).toFixed(1)}×`,
  ]);

  // 2. Bytes of / : the HTML and every script it loads before interaction, gzip.
  const res = await fetch(`${site.url}/`);
  const html = Buffer.from(await res.arrayBuffer());
  const js = await jsBeforeInteraction(`${site.url}/`);
  rows.push(['HTML of / (gzip)', kib(gzipSync(html).length), '—', `raw ${kib(html.length)}`]);
  rows.push([
    'JS of / before interaction (gzip)',
    kib(js.bytes),
    '—',
    `budget 15.0 KiB (${js.files} files + ${js.inline} inline)`,
  ]);

  const checkout = await checkoutJs(site.url);
  rows.push([
    'JS of /checkout before interaction, a cart of 2 lines (gzip)',
    kib(checkout.bytes),
    '—',
    `budget 75.0 KiB (${checkout.files} files + ${checkout.inline} inline)`,
  ]);

  // 2b. The owner's dashboard: JS when /admin opens on the Dashboard tab, beside all its tabs' JS.
  const admin = await adminJs(site.url, await ownerCookie(site.url, env.OWNER_PASSWORD));
  rows.push([
    'JS when /admin opens on the Dashboard tab (gzip)',
    kib(admin.dashboard.bytes),
    kib(admin.all),
    `every tab opened: ${admin.files} files`,
  ]);

  // 3. Requests per second of / against node:http sending the same bytes from memory.
  const compressed = await fetch(`${site.url}/`, { headers: ACCEPT });
  const headers = Object.fromEntries(compressed.headers);
  delete headers['content-length'];
  delete headers['transfer-encoding'];
  // fetch decodes the body; ask node for the raw compressed bytes instead.
  const raw = await rawBody(`${site.url}/`, ACCEPT);
  const base = await startBaseline(200, headers, raw);
  // Alternate the two and keep the best of each, so warm-up and order do not pick the winner.
  let baseRps = 0;
  let siteRps = 0;
  for (let i = 0; i < 2; i++) {
    baseRps = Math.max(baseRps, await rps(`${base.url}/`, { headers: ACCEPT, duration: 5 }));
    siteRps = Math.max(siteRps, await rps(`${site.url}/`, { headers: ACCEPT, duration: 5 }));
  }
  await base.stop();
  rows.push([
    'requests/s of / (50 connections, best of 2 × 5 s)',
    siteRps.toFixed(0),
    baseRps.toFixed(0),
    `${(siteRps / baseRps).toFixed(2)}×`,
  ]);

  // 3b. New query strings flooding /shop while a visitor reads / (the page cache's key and the
  // render gate keep the visitor fast).
  rows.push(...(await benchQueryFlood(site.url)));

  // 4. Lighthouse, mobile, on the seeded site (AVIF ready).
  rows.push(...(await lighthouseRows(site.url)));

  // 5. Publishing a 24 MP photo: the site against a standalone sharp script, same run.
  const photo = await make24mp();
  const base24 = await baselinePublish(photo);
  const site24 = await sitePublish(site.url, photo, env.OWNER_PASSWORD);
  rows.push([
    '24 MP photo published (WebP + JPEG ladders, placeholder)',
    `${site24.publishMs.toFixed(0)} ms`,
    `${base24.publishMs.toFixed(0)} ms`,
    `${(site24.publishMs / base24.publishMs).toFixed(2)}× (goal ≤ 3000 ms, ≤ 1.3×)`,
  ]);
  rows.push([
    '24 MP photo AVIF ladder (background queue, one width at a time)',
    `${site24.avifMs.toFixed(0)} ms`,
    `${base24.avifMs.toFixed(0)} ms`,
    `${(site24.avifMs / base24.avifMs).toFixed(2)}× (goal ≤ 12000 ms)`,
  ]);

  // 6. Composition analysis: a 24 MP JPEG through the endpoint, and the accuracy table.
  rows.push(...(await benchComposition(site.url, await ownerCookie(site.url, env.OWNER_PASSWORD))));

  await site.stop();
  // 4. The shop with 2,000 photos: server render and client-side filtering (scripts/bench/shop.mjs).
  rows.push(...(await benchShop(dataDir, env)));
  printTable(rows);
  console.log(`\nData directory size after seeding: ${(du(dataDir) / 1024 / 1024).toFixed(1)} MiB`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

async function waitForMediaQueue(file) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(file, { readonly: true });
  const started = Date.now();
  while (db.prepare("select count(*) as n from media_jobs where status = 'pending'").get().n > 0) {
    if (Date.now() - started > 300_000) throw new Error('the media queue did not finish in 5 minutes');
    await new Promise((r) => setTimeout(r, 250));
  }
  db.close();
  console.log(`(waited ${((Date.now() - started) / 1000).toFixed(1)} s for the background AVIF queue)`);
}

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

async function rawBody(url, headers) {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve(Buffer.concat(chunks)));
    })
      .on('error', reject)
      .end();
  });
}

function du(path) {
  const st = statSync(path);
  if (!st.isDirectory()) return st.size;
  let total = 0;
  for (const name of readdirSync(path)) total += du(join(path, name));
  return total;
}
