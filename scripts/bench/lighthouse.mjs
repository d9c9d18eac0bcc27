// Lighthouse rows of the bench: Lighthouse 13's mobile performance (its default phone emulation and
// simulated throttling) of /, /shop, a print's page, /drone-services and /checkout with a cart of two lines, each
// beside its zero-JS control measured in the same run (scripts/bench/zero-js-proxy.mjs: the same
// page with every script removed). The site gets 5 runs a page, the control 3 (to save time), taken
// in turns so that a busy moment of the machine falls on both. Run alone with
// `node scripts/bench/lighthouse.mjs [--page <path>]…` (a freshly seeded site in a temporary data
// directory).
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
// Lighthouse's own driver (a dependency of lighthouse, same version): it hands Lighthouse the page.
import puppeteer from 'puppeteer-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium.mjs';
import { CHECKOUT_CART } from './checkout-js.mjs';
import { met, PRINT_PAGE, pagesFromArgs, printTable, startSite, waitForMediaQueue } from './lib.mjs';
import { startZeroJsProxy } from './zero-js-proxy.mjs';

const CART_KEY = 'wicklow:cart:v1';
const SITE_RUNS = 5;
const CONTROL_RUNS = 3;

/** The pages measured; `storage` is put into localStorage before any script of the page runs. */
const PAGES = [
  { path: '/' },
  { path: '/shop' },
  { path: PRINT_PAGE, label: '/prints/{slug} (a print page)' },
  { path: '/drone-services' },
  { path: '/checkout', label: '/checkout (a cart of 2 lines)', storage: { [CART_KEY]: CHECKOUT_CART } },
];

// Only what the rows read: the performance score is the weighted mean of its five metrics (FCP,
// Speed Index, LCP, TBT, CLS; every other audit of the category weighs 0), so running just those
// audits gives the same score in less time, and no full-page screenshot is taken.
const ONLY_METRICS = {
  onlyAudits: [
    'first-contentful-paint',
    'speed-index',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
    'total-byte-weight',
  ],
  disableFullPageScreenshot: true,
};

// Diagnostics, off by default: LH_DETAILS=1 prints every run's figures and its LCP element (one
// more audit, of no weight in the score, so the figures are the same with it on).
const DETAILS = process.env.LH_DETAILS === '1';
if (DETAILS) ONLY_METRICS.onlyAudits.push('lcp-breakdown-insight');

/** The first page element named anywhere in an audit's details (Lighthouse's `node` items). */
function firstNode(details) {
  if (!details || typeof details !== 'object') return undefined;
  if (details.type === 'node' && details.selector) return details;
  for (const value of Object.values(details)) {
    const found = firstNode(value);
    if (found) return found;
  }
  return undefined;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// Each run gets a new browser with a new profile, as the lighthouse CLI does: Lighthouse clears the
// HTTP cache between runs in one browser but keeps localStorage, so a second run in the same
// browser is a visitor whose fonts are marked as cached (html.fonts-ready) but are not: a visit
// that does not happen, and that measured ~0.7 s slower than a real first or second visit.
//
// The cart of /checkout: Lighthouse's storage reset (left on) clears the origin's service workers,
// cache storage, file systems and shader cache, and the whole HTTP cache, but not localStorage
// (its default `clearStorageTypes`). The cart is written by a script that Chrome runs at the start
// of every document of the site's origin, before the page's own scripts (puppeteer's
// evaluateOnNewDocument on the page Lighthouse drives), exactly as a returning buyer's stored cart.
// The cart is not set by visiting a page of the origin first: that would leave an open connection
// to the site, and Lighthouse's simulation would then count the page's first request as made on a
// warm connection, a faster load than a buyer gets.
/** One Lighthouse run of `url` in a new browser; `storage` (key → string) goes into localStorage first. */
export async function runOnce(url, storage) {
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' });
  const browser = await puppeteer.connect({
    browserURL: `http://127.0.0.1:${chrome.port}`,
    defaultViewport: null,
  });
  try {
    const page = await browser.newPage();
    if (storage) {
      await page.evaluateOnNewDocument(
        (origin, entries) => {
          if (location.origin !== origin) return;
          for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
        },
        new URL(url).origin,
        storage,
      );
    }
    const result = await lighthouse(
      url,
      { port: chrome.port, logLevel: 'error', ...ONLY_METRICS },
      undefined,
      page,
    );
    const lhr = result?.lhr;
    if (!lhr || lhr.runtimeError)
      throw new Error(`Lighthouse failed on ${url}: ${lhr?.runtimeError?.message}`);
    const run = {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      fcp: lhr.audits['first-contentful-paint'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      bytes: lhr.audits['total-byte-weight'].numericValue,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      finalUrl: lhr.finalDisplayedUrl,
      // The rendered text (innerText): a cart line hidden by CSS would not count as shown.
      // biome-ignore lint/performance/useDomNodeTextContent: only rendered text proves the cart is shown
      text: await page.evaluate(() => document.body.innerText),
    };
    if (DETAILS) {
      const lcpNode = firstNode(lhr.audits['lcp-breakdown-insight']?.details);
      console.log(
        `  ${url}: score ${run.score}, FCP ${run.fcp.toFixed(0)}, LCP ${run.lcp.toFixed(0)}, TBT ${run.tbt.toFixed(0)}, CLS ${run.cls.toFixed(3)}; LCP element ${lcpNode?.selector ?? '?'}`,
      );
    }
    return run;
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
}

/** Proves that a /checkout run measured the page with its cart, not the redirect of an empty one. */
function assertCartShown(run) {
  const titles = JSON.parse(CHECKOUT_CART).map((line) => line.title);
  const missing = titles.filter((t) => !run.text.includes(t));
  if (new URL(run.finalUrl).pathname !== '/checkout' || missing.length > 0) {
    throw new Error(
      `the /checkout run did not show its cart (ended on ${run.finalUrl}, missing ${missing.join(', ')})`,
    );
  }
}

/** The site's runs and the control's, in turns: S C S C S C S S. */
async function measurePage(siteUrl, controlUrl, { path, storage }) {
  const site = [];
  const control = [];
  for (let i = 0; i < SITE_RUNS; i++) {
    const run = await runOnce(`${siteUrl}${path}`, storage);
    if (storage?.[CART_KEY]) assertCartShown(run);
    site.push(run);
    if (i < CONTROL_RUNS) control.push(await runOnce(`${controlUrl}${path}`, storage));
  }
  return { site, control };
}

const ms = (x) => `${x.toFixed(0)} ms`;
const ratio = (a, b) => (b > 0 ? `${(a / b).toFixed(2)}×` : '—');

function pageRows({ path, label: name = path }, { site, control }, note = '') {
  const label = `${name}${note}`;
  const m = (runs, key) => median(runs.map((r) => r[key]));
  const score = m(site, 'score');
  const minScore = Math.min(...site.map((r) => r.score));
  const lcp = m(site, 'lcp');
  const controlLcp = m(control, 'lcp');
  const rows = [
    [
      `Lighthouse mobile ${label}: score, median of ${SITE_RUNS} (control: of ${CONTROL_RUNS})`,
      `${score} (min ${minScore})`,
      `${m(control, 'score')} (min ${Math.min(...control.map((r) => r.score))})`,
      `${score - m(control, 'score') >= 0 ? '+' : ''}${score - m(control, 'score')}`,
      '100, no run < 97',
      met(score === 100 && minScore >= 97),
    ],
    [
      `  LCP ${path}`,
      ms(lcp),
      ms(controlLcp),
      `${ratio(lcp, controlLcp)} (${lcp >= controlLcp ? '+' : ''}${(lcp - controlLcp).toFixed(0)} ms)`,
      '≤ 1400 ms, ≤ control + 150 ms',
      met(lcp <= 1400 && lcp <= controlLcp + 150),
    ],
    [
      `  FCP ${path}`,
      ms(m(site, 'fcp')),
      ms(m(control, 'fcp')),
      ratio(m(site, 'fcp'), m(control, 'fcp')),
      '≤ 900 ms',
    ],
    [
      `  TBT ${path}`,
      ms(m(site, 'tbt')),
      ms(m(control, 'tbt')),
      ratio(m(site, 'tbt'), m(control, 'tbt')),
      '≤ 50 ms',
    ],
    [`  CLS ${path}`, m(site, 'cls').toFixed(3), m(control, 'cls').toFixed(3), '—', '≤ 0.01'],
  ];
  rows[2].push(met(m(site, 'fcp') <= 900));
  rows[3].push(met(m(site, 'tbt') <= 50));
  rows[4].push(met(m(site, 'cls') <= 0.01));
  if (path === '/') {
    const kb = m(site, 'bytes') / 1000;
    const controlKb = m(control, 'bytes') / 1000;
    rows.push([
      `  page weight ${path} at 412 px (Lighthouse's phone)`,
      `${kb.toFixed(0)} KB`,
      `${controlKb.toFixed(0)} KB`,
      ratio(kb, controlKb),
      '≤ 350 KB',
      met(kb <= 350),
    ]);
  }
  return rows;
}

/** `only` (paths) keeps the rows of those pages; `note` is added to each page's label. */
export async function lighthouseRows(baseUrl, { only, note = '' } = {}) {
  const started = performance.now();
  const pages = PAGES.filter(({ path }) => !only || only.includes(path));
  // The site's page cache makes its best brotli after the first request of a page; ask once so
  // every run gets the bytes a visitor gets.
  for (const { path } of pages)
    await (await fetch(`${baseUrl}${path}`, { headers: { 'accept-encoding': 'br' } })).arrayBuffer();
  await new Promise((r) => setTimeout(r, 1000));
  const proxy = await startZeroJsProxy(baseUrl);
  const rows = [];
  const benchmarkIndexes = [];
  try {
    for (const page of pages) {
      const runs = await measurePage(baseUrl, proxy.url, page);
      benchmarkIndexes.push(...[...runs.site, ...runs.control].map((r) => r.benchmarkIndex));
      rows.push(...pageRows(page, runs, note));
    }
  } finally {
    await proxy.stop();
  }
  rows.push([
    `machine: CPU cores; Lighthouse benchmarkIndex (median of ${benchmarkIndexes.length} runs)`,
    `${cpus().length} cores; ${median(benchmarkIndexes).toFixed(0)}`,
    '—',
    '—',
    '—',
    '—',
  ]);
  rows.push([
    `Lighthouse rows: wall time (${benchmarkIndexes.length} runs)`,
    `${((performance.now() - started) / 1000).toFixed(0)} s`,
    '—',
    '—',
    'about 6 min on a quiet machine',
    '—',
  ]);
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dataDir = mkdtempSync(join(tmpdir(), 'wicklow-bench-lighthouse-'));
  const site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: '1', OWNER_PASSWORD: 'bench-password-123' });
  try {
    await waitForMediaQueue(join(dataDir, 'site.sqlite'));
    printTable(await lighthouseRows(site.url, { only: pagesFromArgs() }));
  } finally {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
