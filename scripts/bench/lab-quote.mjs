// The checkout's quote of a cart with prints the print lab makes. A seeded site asks the Prodigi
// fake (a process of its own, every answer 300 ms late) for the lab's delivery charge. Cold: five
// carts of 50 lines (the most an order holds), half of them lab prints, each to a new country, so
// that nothing is kept yet, with all four of the lab's delivery speeds offered to the buyer: each
// quote must take ≤ 1 s and ask the lab once, however many lines and speeds.
// Then the same cart again and again, the lab's answer kept: p50 ≤ 10 ms, beside the same cart of
// the owner's prints alone (no lab asked) from the same site.
// `labQuoteRows()` returns the rows; `node scripts/bench/lab-quote.mjs` prints them (after a build).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { met, printTable, startFakeProcess, startSite } from './lib.mjs';
import { p50Of } from './quote.mjs';

const LINES = 50;
const LATENCY_MS = 300;
const COUNTRIES = ['DE', 'FR', 'NL', 'IT', 'ES'];
const ms = (x) => `${x.toFixed(2)} ms`;

/** Lab products for the large prints, and a cart of 50 lines: the lab's large prints, then the owner's. */
async function carts(dbFile) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(dbFile, { fileMustExist: true });
  try {
    db.prepare(
      `insert into lab_products (id, size, finish, framed, sku, attributes) values
         ('bench-fap', 'large', 'matte', 0, 'GLOBAL-FAP-16X20', '{}'),
         ('bench-can', 'large', 'gloss', 0, 'GLOBAL-CAN-16X20', '{"wrap":"ImageWrap"}')
       on conflict do nothing`,
    ).run();
    // Buyers may choose any of the lab's four speeds: the one call must price them all.
    db.prepare(
      `insert into lab_settings (id, shipping_method, offered_methods)
       values (1, 'Standard', '["Budget","Standard","Express","Overnight"]')
       on conflict (id) do update set offered_methods = excluded.offered_methods`,
    ).run();
    const variants = db
      .prepare(
        `select pv.id, pv.size from product_variants pv join photos p on p.id = pv.photo_id
         where p.is_active = 1 and pv.price_cents > 0 order by pv.id`,
      )
      .all();
    const line = (v) => ({ variantId: v.id, framing: null, quantity: 1 });
    const lab = variants.filter((v) => v.size === 'large').slice(0, LINES / 2);
    const own = variants.filter((v) => v.size !== 'large');
    return {
      mixed: [...lab, ...own].slice(0, LINES).map(line),
      ownOnly: own.slice(0, LINES).map(line),
      labLines: lab.length,
    };
  } finally {
    db.close();
  }
}

const labQuotes = async (statsUrl) => (await (await fetch(statsUrl)).json()).quotes;

export async function labQuoteRows() {
  const dataDir = mkdtempSync(join(tmpdir(), 'wicklow-bench-lab-quote-'));
  const lab = await startFakeProcess('scripts/bench/lab-fake-process.ts', [String(LATENCY_MS)]);
  let site;
  try {
    site = await startSite({
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      PRODIGI_API_KEY: lab.apiKey,
      PRODIGI_API_BASE: lab.url,
    });
    const cart = await carts(join(dataDir, 'site.sqlite'));
    const url = `${site.url}/api/checkout/quote`;
    const cold = [];
    const calls = [];
    for (const country of COUNTRIES) {
      const before = await labQuotes(lab.statsUrl);
      const started = performance.now();
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: site.url },
        body: JSON.stringify({ lines: cart.mixed, country }),
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`lab quote answered ${res.status}: ${text.slice(0, 200)}`);
      cold.push(performance.now() - started);
      calls.push((await labQuotes(lab.statsUrl)) - before);
    }
    const body = (lines) => JSON.stringify({ lines, country: 'DE' });
    const kept = await p50Of(url, site.url, body(cart.mixed), 200);
    const own = await p50Of(url, site.url, body(cart.ownOnly), 200);
    const worst = Math.max(...cold);
    return [
      [
        `checkout quote of ${LINES} lines, ${cart.labLines} by the lab, cold (lab ${LATENCY_MS} ms late; worst of ${COUNTRIES.length} countries)`,
        `${ms(worst)}, ${Math.max(...calls)} lab call per quote`,
        `${LATENCY_MS} ms (the lab's own latency)`,
        `${(worst / LATENCY_MS).toFixed(2)}×`,
        '≤ 1,000 ms; one lab call',
        met(worst <= 1000 && calls.every((n) => n === 1)),
      ],
      [
        `checkout quote of ${LINES} lines, ${cart.labLines} by the lab, the lab's answer kept (p50)`,
        `p50 ${ms(kept)}`,
        `p50 ${ms(own)} (${LINES} lines of the owner's prints, no lab)`,
        `${(kept / own).toFixed(2)}×`,
        'p50 ≤ 10 ms',
        met(kept <= 10),
      ],
    ];
  } finally {
    await site?.stop();
    await lab.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printTable(await labQuoteRows());
}
