// Interactions as a slow phone feels them, and the JavaScript each page and each dialog costs.
//  - INP with a 4× CPU slowdown (CDP Emulation.setCPUThrottlingRate): each interaction's duration as
//    the browser reports it for INP (Event Timing API: the longest 'event' entry of its interactionId),
//    from real input (page.click, page.keyboard), on a fresh page each time (a first open loads its
//    chunks), median of 3. The baseline is a no-op button injected into the same page, clicked under
//    the same slowdown. Event Timing reports no entry under 16 ms: such an interaction reads "< 16 ms"
//    and counts as 16 ms in medians and ratios.
//  - How long after the click a dialog is on screen (informational): INP ends at the next paint, so
//    a dialog whose code is still loading would not show in INP at all.
//  - JS before interaction of /, /shop and /checkout, and the JS fetched when the print dialog, the
//    viewer and /admin load, each beside react-dom alone built in the same run; and a row of
//    react-dom as this build emits it for a React island (the floor of any page with one).
// Run alone with `node scripts/bench/interaction.mjs [--page <path>]…` (seeds its own data directory;
// build first).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium.mjs';
import { CHECKOUT_CART } from './checkout-js.mjs';
import {
  met,
  PRINT_PAGE,
  pagesFromArgs,
  printTable,
  signInOwner,
  startSite,
  waitForMediaQueue,
} from './lib.mjs';
import { adminJs, jsBeforeInteraction, reactDomAlone, reactDomAsBuilt } from './page-js.mjs';

const SLOWDOWN = 4;
const RUNS = 3;
const INP_GOAL_MS = 100;
const CART_KEY = 'wicklow:cart:v1';

const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (n) => (n <= 16 ? '< 16 ms' : `${n.toFixed(0)} ms`);

/** Installed before any script of the page: records interactions, key/pointer times and open dialogs. */
function observe() {
  const w = /** @type {any} */ (window);
  w.__bench = { events: [], inputs: [], shown: [] };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const id = /** @type {any} */ (e).interactionId;
      if (id) w.__bench.events.push({ id, name: e.name, start: e.startTime, duration: e.duration });
    }
  }).observe(/** @type {any} */ ({ type: 'event', durationThreshold: 16, buffered: true }));
  for (const type of ['pointerdown', 'keydown']) {
    addEventListener(type, (e) => w.__bench.inputs.push(e.timeStamp), { capture: true });
  }
  // The frame after a dialog opens is the one that shows it: a <dialog> opened, or a layer with
  // the dialog role shown (the zoom viewer, inside the full-screen viewer's dialog).
  let open = 0;
  new MutationObserver(() => {
    const now = document.querySelectorAll('dialog[open], [role="dialog"]:not(dialog):not([hidden])').length;
    if (now > open) {
      requestAnimationFrame(() => setTimeout(() => w.__bench.shown.push(performance.now()), 0));
    }
    open = now;
  }).observe(document, {
    subtree: true,
    attributes: true,
    attributeFilter: ['open', 'hidden'],
    childList: true,
  });
}

/** A fresh page under the slowdown, observed from its first script; `scripts` collects script URLs. */
async function freshPage(browser, url, storage) {
  const context = await browser.newContext();
  if (storage) {
    await context.addInitScript((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, storage);
  }
  await context.addInitScript(observe);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
  const scripts = { record: false, urls: new Set() };
  page.on('response', (r) => {
    if (scripts.record && r.request().resourceType() === 'script') scripts.urls.add(r.url());
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.locator('html[data-enhanced]').waitFor({ state: 'attached', timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  return { page, scripts, close: () => context.close() };
}

const settle = (page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));

/**
 * Runs `act` (real input), waits for `done`, and returns the longest interaction that started
 * after `act` began (ms; 16 when under Event Timing's threshold) and, when a dialog opened, the
 * time from the input to the frame that showed it.
 */
async function interaction(page, act, done) {
  const mark = await page.evaluate(() => performance.now());
  await act();
  await done();
  await settle(page);
  // Event Timing entries arrive after the frame they end with; give them time under the slowdown.
  await page.waitForTimeout(400);
  return page.evaluate((t) => {
    const b = /** @type {any} */ (window).__bench;
    const byId = new Map();
    for (const e of b.events) {
      if (e.start >= t) byId.set(e.id, Math.max(byId.get(e.id) ?? 0, e.duration));
    }
    const input = b.inputs.find((x) => x >= t);
    const shown = b.shown.find((x) => x >= t);
    return {
      inp: Math.max(16, ...byId.values()),
      interactions: byId.size,
      shownMs: input !== undefined && shown !== undefined ? shown - input : null,
    };
  }, mark);
}

/** Clicks a no-op button injected into the page: the floor of a click on this page and machine. */
async function noopClick(page) {
  await page.evaluate(() => {
    const b = document.createElement('button');
    b.type = 'button';
    b.id = 'bench-noop';
    b.textContent = 'no-op';
    b.style.cssText = 'position:fixed;top:0;left:0;z-index:2147483647';
    b.addEventListener('click', () => {});
    document.body.append(b);
  });
  await settle(page);
  return (
    await interaction(
      page,
      () => page.click('#bench-noop'),
      async () => {},
    )
  ).inp;
}

const openDialog = (page, name) =>
  page.getByRole('dialog', { name }).waitFor({ state: 'visible', timeout: 30_000 });

async function collectJs(urls) {
  let bytes = 0;
  for (const src of urls) bytes += gzipSync(Buffer.from(await (await fetch(src)).arrayBuffer())).length;
  return bytes;
}

/** /shop: the print dialog's first open, then Add to Cart in it. */
async function printDialogRun(browser, base) {
  const { page, scripts, close } = await freshPage(browser, `${base}/shop`);
  try {
    const noop = await noopClick(page);
    scripts.record = true;
    const open = await interaction(
      page,
      () => page.locator('[data-open-print]').first().click(),
      () => openDialog(page, /.+/),
    );
    await page.waitForLoadState('networkidle');
    scripts.record = false;
    const js = await collectJs(scripts.urls);
    const addButton = page.getByRole('button', { name: 'Add to Cart' });
    await addButton.waitFor({ state: 'visible' });
    await page.waitForFunction(() =>
      [...document.querySelectorAll('dialog[open] button')].some(
        (b) => b.textContent === 'Add to Cart' && !(/** @type {HTMLButtonElement} */ (b).disabled),
      ),
    );
    const add = await interaction(
      page,
      () => addButton.click(),
      () => page.locator('dialog[open]').waitFor({ state: 'detached', timeout: 30_000 }),
    );
    return { noop, open, add, js };
  } finally {
    await close();
  }
}

/** /: the gallery's full-screen viewer's first open, then its zoom viewer's. */
async function viewerRun(browser, base) {
  const { page, scripts, close } = await freshPage(browser, `${base}/`);
  try {
    const noop = await noopClick(page);
    // A visitor scrolls to the gallery and then clicks a photo. Playwright's click scrolls and
    // presses in one go, so the press would land in the frame that lays out and paints the
    // sections the scroll reveals (over 100 ms under the slowdown), work a visitor's browser does
    // while scrolling, not after the click. So the card is scrolled into view and that frame
    // painted first.
    const card = page.locator('[data-viewer-open]').first();
    await card.scrollIntoViewIfNeeded();
    await settle(page);
    await page.waitForTimeout(500);
    scripts.record = true;
    const open = await interaction(
      page,
      () => card.click(),
      () => page.locator('dialog[open]').first().waitFor({ state: 'visible', timeout: 30_000 }),
    );
    const zoom = await interaction(
      page,
      () => page.getByRole('button', { name: 'Zoom', exact: true }).click(),
      () => openDialog(page, /^Zoom:/),
    );
    await page.waitForLoadState('networkidle');
    scripts.record = false;
    const js = await collectJs(scripts.urls);
    return { noop, open, zoom, js };
  } finally {
    await close();
  }
}

/** /checkout with a cart of 2 lines: the slowest of five keystrokes in the name field. */
async function checkoutRun(browser, base) {
  const { page, close } = await freshPage(browser, `${base}/checkout`, { [CART_KEY]: CHECKOUT_CART });
  try {
    // The form's island is hydrated once Astro drops its `ssr` attribute.
    await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'), null, {
      timeout: 30_000,
    });
    const noop = await noopClick(page);
    const field = page.getByLabel('Full Name');
    await field.click();
    await page.waitForTimeout(200);
    const typed = await interaction(
      page,
      () => page.keyboard.type('Aoife', { delay: 120 }),
      () => page.waitForFunction(() => document.activeElement?.value === 'Aoife'),
    );
    return { noop, typed };
  } finally {
    await close();
  }
}

function inpRow(figure, site, baseline) {
  const s = median(site);
  const b = median(baseline);
  return [
    `INP, ${SLOWDOWN}× CPU slowdown: ${figure} (median of ${RUNS} fresh pages)`,
    ms(s),
    `${ms(b)} (no-op button)`,
    `${(s / b).toFixed(1)}×`,
    `≤ ${INP_GOAL_MS} ms`,
    met(s <= INP_GOAL_MS),
  ];
}

function shownRow(figure, values) {
  const known = values.filter((v) => v !== null);
  const value = known.length ? `${median(known).toFixed(0)} ms` : 'not seen';
  return [`${figure}, ${SLOWDOWN}× CPU slowdown (median of ${RUNS})`, value, '—', '—', '—', '—'];
}

/**
 * `only` (paths) keeps the rows of those pages: their JS before interaction and the interactions
 * measured on them (/ the viewer, /shop the print dialog, /checkout typing, /admin its JS); the
 * react-dom baselines are always measured.
 */
export async function interactionRows(baseUrl, ownerCookie, { only } = {}) {
  const wanted = (path) => !only || only.includes(path);
  const react = await reactDomAlone();
  const built = reactDomAsBuilt();
  const rows = [
    [
      `react-dom as the build emits it: the React renderer's client entry and its static imports (gzip, ${built.files} files)`,
      kib(built.bytes),
      `${kib(react)} (react-dom alone)`,
      `${(built.bytes / react).toFixed(2)}×`,
      '—',
      '—',
    ],
  ];

  for (const [path, budget, options] of [
    ['/', 15, {}],
    ['/shop', 25, {}],
    [PRINT_PAGE, 25, {}],
    // React's own floor (the row above) and the checkout's code: cart, form rules, fetch helper.
    ['/checkout', 90, { storage: { [CART_KEY]: CHECKOUT_CART } }],
  ]) {
    if (!wanted(path)) continue;
    const js = await jsBeforeInteraction(`${baseUrl}${path}`, options);
    rows.push([
      `JS before interaction (gzip): ${path}${options.storage ? ', a cart of 2 lines' : ''} (${js.files} files + ${js.inline} inline)`,
      kib(js.bytes),
      `${kib(react)} (react-dom alone)`,
      `${(js.bytes / react).toFixed(2)}×`,
      `≤ ${budget} KiB`,
      met(js.bytes <= budget * 1024),
    ]);
  }

  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const print = [];
  const viewer = [];
  const checkout = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      if (wanted('/shop')) print.push(await printDialogRun(browser, baseUrl));
      if (wanted('/')) viewer.push(await viewerRun(browser, baseUrl));
      if (wanted('/checkout')) checkout.push(await checkoutRun(browser, baseUrl));
    }
  } finally {
    await browser.close();
  }

  const onOpen = (figure, bytes) => [
    figure,
    kib(bytes),
    `${kib(react)} (react-dom alone)`,
    `${(bytes / react).toFixed(2)}×`,
    '—',
    '—',
  ];
  if (print.length) {
    rows.push(onOpen('JS fetched when the print dialog first opens on /shop (gzip)', print[0].js));
  }
  if (viewer.length) {
    rows.push(onOpen('JS fetched when the viewer and its zoom first open on / (gzip)', viewer[0].js));
  }
  if (wanted('/admin')) {
    const admin = await adminJs(baseUrl, ownerCookie);
    rows.push(
      onOpen(
        `JS when /admin opens on the Dashboard tab (gzip; every tab: ${kib(admin.all)})`,
        admin.dashboard.bytes,
      ),
    );
  }
  if (print.length) {
    rows.push(
      inpRow(
        'open the print dialog, first time (/shop)',
        print.map((r) => r.open.inp),
        print.map((r) => r.noop),
      ),
      inpRow(
        'Add to Cart in the print dialog (/shop)',
        print.map((r) => r.add.inp),
        print.map((r) => r.noop),
      ),
    );
  }
  if (viewer.length) {
    rows.push(
      inpRow(
        'open the full-screen viewer, first time (/)',
        viewer.map((r) => r.open.inp),
        viewer.map((r) => r.noop),
      ),
      inpRow(
        'open the zoom viewer, first time (/)',
        viewer.map((r) => r.zoom.inp),
        viewer.map((r) => r.noop),
      ),
    );
  }
  if (checkout.length) {
    rows.push(
      inpRow(
        'type in the checkout form, slowest of 5 keys (/checkout, cart of 2)',
        checkout.map((r) => r.typed.inp),
        checkout.map((r) => r.noop),
      ),
    );
  }
  if (print.length) {
    rows.push(
      shownRow(
        'click → print dialog on screen, first time',
        print.map((r) => r.open.shownMs),
      ),
    );
  }
  if (viewer.length) {
    rows.push(
      shownRow(
        'click → full-screen viewer on screen, first time',
        viewer.map((r) => r.open.shownMs),
      ),
      shownRow(
        'click → zoom viewer on screen, first time',
        viewer.map((r) => r.zoom.shownMs),
      ),
    );
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (!existsSync('dist/server/entry.mjs')) throw new Error('Build first: npm run build');
  const dataDir = mkdtempSync(join(tmpdir(), 'wicklow-bench-interaction-'));
  const password = 'bench-password-123';
  const site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: '1', OWNER_PASSWORD: password });
  try {
    await waitForMediaQueue(join(dataDir, 'site.sqlite'));
    const started = performance.now();
    printTable(
      await interactionRows(site.url, await signInOwner(site.url, password), { only: pagesFromArgs() }),
    );
    console.log(`\n(${((performance.now() - started) / 1000).toFixed(0)} s)`);
  } finally {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
