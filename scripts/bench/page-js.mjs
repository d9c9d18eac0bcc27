// The JavaScript a page runs before anybody touches it: every script a real browser fetched by the
// time the page's deferred scripts have run (html[data-enhanced]) and the network is idle, plus the
// inline scripts, each gzipped on its own (the budgets' unit). Static imports and chunks count, so
// nothing hides behind a first-level <script src>.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium.mjs';

/**
 * `cookie` ("name=value; …") signs the browser in first, for the owner's pages; `storage` (key →
 * string) is put into localStorage before any script of the page runs (a cart for /checkout).
 */
export async function jsBeforeInteraction(url, { cookie, storage } = {}) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext();
    if (cookie) await context.addCookies(toCookies(cookie, url));
    if (storage) {
      await context.addInitScript((entries) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      }, storage);
    }
    const page = await context.newPage();
    const fetched = new Set();
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') fetched.add(r.url());
    });
    await page.goto(url, { waitUntil: 'load' });
    await page
      .locator('html[data-enhanced]')
      .waitFor({ state: 'attached', timeout: 10_000 })
      .catch(() => {});
    await page.waitForLoadState('networkidle');
    const inline = await page.evaluate(() =>
      [...document.querySelectorAll('script:not([src])')]
        .filter((s) => !s.type || /module|javascript/.test(s.type))
        .map((s) => s.textContent ?? ''),
    );
    let bytes = inline.reduce((sum, code) => sum + gzipSync(code).length, 0);
    for (const src of fetched) {
      const body = Buffer.from(await (await fetch(src)).arrayBuffer());
      bytes += gzipSync(body).length;
    }
    return { bytes, files: fetched.size, inline: inline.length };
  } finally {
    await browser.close();
  }
}

function toCookies(header, url) {
  return header.split(/;\s*/).map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url };
  });
}

/**
 * The owner's dashboard: the JS fetched when /admin opens on its Dashboard tab, and the JS of every
 * tab once each has been opened (gzip, each file on its own).
 */
export async function adminJs(base, cookie) {
  const dashboard = await jsBeforeInteraction(`${base}/admin`, { cookie });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext();
    await context.addCookies(toCookies(cookie, base));
    const page = await context.newPage();
    const fetched = new Set();
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') fetched.add(r.url());
    });
    // The tabs as the page lists them (the admin app's one list, rendered as links ?tab=…).
    await page.goto(`${base}/admin`, { waitUntil: 'load' });
    const tabs = await page.$$eval('[role="tab"][id^="tab-"]', (links) => links.map((a) => a.id.slice(4)));
    if (tabs.length === 0) throw new Error('/admin listed no tabs');
    for (const tab of tabs) {
      await page.goto(`${base}/admin?tab=${tab}`, { waitUntil: 'load' });
      await page.waitForLoadState('networkidle');
    }
    let all = 0;
    for (const src of fetched) all += gzipSync(Buffer.from(await (await fetch(src)).arrayBuffer())).length;
    return { dashboard, all, files: fetched.size, tabs: tabs.length };
  } finally {
    await browser.close();
  }
}

/**
 * The baseline of the JS figures: react-dom/client and react alone, bundled, minified for
 * production and gzipped, built in the same run (bytes).
 */
export async function reactDomAlone() {
  const out = await build({
    stdin: {
      contents:
        "import { createRoot } from 'react-dom/client'; import { createElement } from 'react'; globalThis.__bench = [createRoot, createElement];",
      resolveDir: process.cwd(),
      loader: 'js',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    logLevel: 'silent',
  });
  return gzipSync(out.outputFiles[0].contents).length;
}

/**
 * react-dom as this build emits it: the React renderer's client entry that Astro writes for every
 * React island (the one named in the server manifest's entry modules) with every module it imports
 * statically, each gzipped on its own (the budgets' unit). This is what any React island costs
 * before its own code, so a page's JS less this is the page's own. Read from dist/ (build first).
 */
export function reactDomAsBuilt(dist = 'dist') {
  const manifest = readdirSync(join(dist, 'server')).find((f) => /^manifest_.*\.mjs$/.test(f));
  const text = manifest ? readFileSync(join(dist, 'server', manifest), 'utf8') : '';
  const entry = text.match(/"@astrojs\/react\/client\.js":"_astro\/([^"]+)"/)?.[1];
  if (!entry) throw new Error(`no React renderer in ${dist}/server's manifest: build first`);
  const dir = join(dist, 'client', '_astro');
  const seen = new Set();
  let bytes = 0;
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(join(dir, file));
    bytes += gzipSync(code).length;
    // Static imports only (import … from "./x.js", import "./x.js"): dynamic ones load later.
    for (const m of code.toString('utf8').matchAll(/(?:\bfrom|\bimport)\s*"\.\/([^"]+\.js)"/g)) visit(m[1]);
  };
  visit(entry);
  return { bytes, files: seen.size };
}
