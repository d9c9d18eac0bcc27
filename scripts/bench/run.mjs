// `npm run bench`: figures of speed and size, each beside a baseline measured in the same run, with
// the goal it is held to and whether it is met. Never run inside the tests: timings belong here, on
// a quiet machine. `--build` rebuilds first; `--quick` leaves out the rows of earlier work (start-up,
// query floods, photo publishing, the composition analyser) to keep only the performance goals;
// `--page <path>` (repeatable) keeps only the browser rows of that page (its JS, its interactions
// and Lighthouse, beside the react-dom baselines): `npm run bench -- --page /checkout`; `--sale`
// keeps only the rows of /shop and the print page with a sale running, beside the same pages
// without it in the same run (sale.mjs): `npm run bench -- --sale`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { bytesRows } from './bytes.mjs';
import { cardCheckoutRows } from './card-checkout.mjs';
import { benchComposition } from './composition.mjs';
import { editionRaceRows } from './edition-race.mjs';
import { galleryDeliveryRows } from './gallery-delivery.mjs';
import { galleryUploadRows } from './gallery-upload.mjs';
import { interactionRows } from './interaction.mjs';
import { invoicePdfRows } from './invoice-pdf.mjs';
import { labQuoteRows } from './lab-quote.mjs';
import { largeUploadRows } from './large-upload.mjs';
import {
  baselineFirstOk,
  pagesFromArgs,
  printTable,
  signInOwner,
  startSite,
  waitForMediaQueue,
} from './lib.mjs';
import { lighthouseRows } from './lighthouse.mjs';
import { serverRows } from './orders.mjs';
import { printFileRows } from './print-file.mjs';
import { benchQueryFlood } from './query-flood.mjs';
import { quoteRows } from './quote.mjs';
import { saleRows } from './sale.mjs';
import { storageRows } from './storage.mjs';
import { throughputRows } from './throughput.mjs';
import { baselinePublish, make24mp, sitePublish } from './upload.mjs';
import { visitsRows } from './visits.mjs';

const only = pagesFromArgs();
const saleOnly = process.argv.includes('--sale');
const quick = process.argv.includes('--quick') || only !== undefined || saleOnly;

if (!existsSync('dist/server/entry.mjs') || process.argv.includes('--build')) {
  const run = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (run.status !== 0) process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'wicklow-bench-'));
const env = { DATA_DIR: dataDir, SEED_DEMO: '1', OWNER_PASSWORD: 'bench-password-123' };
const rows = [];
const started = performance.now();
const section = (name) =>
  console.log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${name}`);

try {
  console.log(`Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), node ${process.version}`);
  section('seeding the demo site');
  const cold = await startSite(env);
  await cold.stop();
  const site = await startSite(env);
  // The AVIF ladders of the seed are made in the background after start; let them finish so the
  // rows below measure serving, not a busy core, and the images a visitor really gets.
  await waitForMediaQueue(join(dataDir, 'site.sqlite'));
  const cookie = await signInOwner(site.url, env.OWNER_PASSWORD);

  if (!quick) {
    const baseStart = await baselineFirstOk();
    const startRow = (what, ms) => [
      `start → first 200 of / (${what})`,
      `${ms.toFixed(0)} ms`,
      `${baseStart.toFixed(0)} ms (node:http)`,
      `${(ms / baseStart).toFixed(1)}×`,
      '—',
      '—',
    ];
    rows.push(startRow('cold: migrate + seed', cold.firstOkMs), startRow('warm restart', site.firstOkMs));
  }

  if (!only && !saleOnly) {
    section('throughput against node:http');
    rows.push(...(await throughputRows(site.url, cookie, { sitePid: site.pid })));
    section('bytes of the HTML');
    rows.push(...(await bytesRows(site.url)));
  }
  if (!saleOnly) {
    section('JS and INP in chromium');
    rows.push(...(await interactionRows(site.url, cookie, { only })));
    section('Lighthouse against the zero-JS controls');
    rows.push(...(await lighthouseRows(site.url, { only })));
  }
  if (!saleOnly && (!only || only.includes('/checkout'))) {
    section('the checkout with card payments on (Stripe test keys)');
    rows.push(...(await cardCheckoutRows(dataDir, site.url)));
  }
  if (!only) {
    // On the site as seeded: the later sections add photos with no price history, which can show
    // no "was" price, and the sale rows check that the sale shows.
    section('/shop and the print page with a sale running');
    rows.push(...(await saleRows(site.url, join(dataDir, 'site.sqlite'))));
  }
  if (only === undefined && !saleOnly) {
    section('a 1 GiB gallery upload over tus, killed at 50% and resumed');
    rows.push(...(await galleryUploadRows()));
    section('a 2 GiB gallery ZIP and a gallery page of 1,000 photos');
    rows.push(...(await galleryDeliveryRows()));
    section('media on S3 (s3rver): photo publishing, a presigned 1 GiB download, / and /shop');
    rows.push(...(await storageRows()));
  }

  if (!quick) {
    section('query floods, photo publishing, a lab print file, composition');
    // New query strings flooding /shop while a visitor reads / (the page cache's key and the
    // render gate keep the visitor fast).
    rows.push(...(await benchQueryFlood(site.url)));
    const photo = await make24mp();
    const base24 = await baselinePublish(photo);
    const site24 = await sitePublish(site.url, photo, env.OWNER_PASSWORD);
    rows.push([
      '24 MP photo published (WebP + JPEG ladders, placeholder)',
      `${site24.publishMs.toFixed(0)} ms`,
      `${base24.publishMs.toFixed(0)} ms (sharp alone)`,
      `${(site24.publishMs / base24.publishMs).toFixed(2)}×`,
      '≤ 3000 ms, ≤ 1.3×',
      site24.publishMs <= 3000 && site24.publishMs <= 1.3 * base24.publishMs ? 'yes' : 'NO',
    ]);
    rows.push([
      '24 MP photo AVIF ladder (background queue, one width at a time)',
      `${site24.avifMs.toFixed(0)} ms`,
      `${base24.avifMs.toFixed(0)} ms (sharp alone)`,
      `${(site24.avifMs / base24.avifMs).toFixed(2)}×`,
      '≤ 12000 ms',
      site24.avifMs <= 12000 ? 'yes' : 'NO',
    ]);
    // The file a print lab prints from, made from the same original.
    rows.push(...(await printFileRows(photo)));
    rows.push(...(await benchComposition(site.url, cookie)));
  }
  if (!only && !saleOnly) {
    section("the checkout's quote of 50 lines");
    rows.push(...(await quoteRows(site.url, join(dataDir, 'site.sqlite'))));
    section("the checkout's quote of lab prints, cold against a slow lab and kept");
    rows.push(...(await labQuoteRows()));
    section('the VAT invoice PDF of a 10-line order');
    rows.push(...(await invoicePdfRows(site.url, cookie, join(dataDir, 'site.sqlite'))));
  }
  await site.stop();

  if (!only && !saleOnly) {
    // Two copies of the seeded site, counting visitors and not (`node scripts/bench/visits.mjs` alone).
    section('anonymous pages with visitor counting on and off');
    rows.push(...(await visitsRows(dataDir)));
  }
  if (!only && !saleOnly) {
    section('camera masters: a 200 MB 16-bit TIFF, two at once, 100 MP at the pixel limit');
    rows.push(...(await largeUploadRows()));
    section('orders, payments and the shop at 2,000 photos');
    rows.push(...(await serverRows({ seededDataDir: dataDir })));
    section('the last copy of an edition, 50 buyers at once');
    rows.push(...(await editionRaceRows()));
  }
  section('done');
  console.log('');
  printTable(rows);
  console.log(`\nData directory size after seeding: ${(du(dataDir) / 1024 / 1024).toFixed(1)} MiB`);
  console.log(`Bench time: ${((performance.now() - started) / 60000).toFixed(1)} min`);
} catch (err) {
  // A failed section still leaves the rows measured before it.
  console.log('');
  printTable(rows);
  throw err;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

function du(path) {
  const st = statSync(path);
  if (!st.isDirectory()) return st.size;
  let total = 0;
  for (const name of readdirSync(path)) total += du(join(path, name));
  return total;
}
