// Lighthouse rows of the bench: mobile performance of / and /drone-services, the median of
// 5 runs in Debian's chromium, with LCP, CLS and the bytes / transfers at Lighthouse's 412 px phone.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium.mjs';

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

// Each run gets a new browser with a new profile, as the lighthouse CLI does: Lighthouse clears the
// HTTP cache between runs in one browser but keeps localStorage, so a second run in the same
// browser is a visitor whose fonts are marked as cached (html.fonts-ready) but are not: a visit
// that does not happen, and that measured ~0.7 s slower than a real first or second visit.
async function runOnce(url) {
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' });
  try {
    const { lhr } = await lighthouse(
      url,
      { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error' },
      undefined,
    );
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      bytes: lhr.audits['total-byte-weight'].numericValue,
    };
  } finally {
    chrome.kill();
  }
}

export async function lighthouseRows(baseUrl, paths = ['/', '/drone-services'], runs = 5) {
  const rows = [];
  for (const path of paths) {
    const results = [];
    for (let i = 0; i < runs; i++) results.push(await runOnce(`${baseUrl}${path}`));
    const score = median(results.map((r) => r.score));
    rows.push([`Lighthouse mobile performance ${path} (median of ${runs})`, String(score), '—', 'goal 100']);
    rows.push([`  LCP ${path}`, `${median(results.map((r) => r.lcp)).toFixed(0)} ms`, '—', 'goal ≤ 1400 ms']);
    rows.push([`  CLS ${path}`, median(results.map((r) => r.cls)).toFixed(3), '—', 'goal ≤ 0.01']);
    rows.push([
      `  page weight ${path} at 412 px`,
      `${(median(results.map((r) => r.bytes)) / 1000).toFixed(0)} KB`,
      '—',
      path === '/' ? 'goal ≤ 350 KB' : '',
    ]);
  }
  return rows;
}
