// The checkout's quote (POST /api/checkout/quote) of a cart of 50 lines, the most an order may hold,
// shipped abroad with a discount code: p50 of sequential requests, beside a POST of the same endpoint
// answered at once (malformed JSON, a 400 before any work), which every API request pays.
// `quoteRows()` returns the row; `node scripts/bench/quote.mjs` starts a seeded site of its own
// (after `npm run build`) and prints it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { met, printTable, startSite } from './lib.mjs';

const LINES = 50;
const WARM_UP = 50;
const TIMED = 300;
const ms = (x) => `${x.toFixed(2)} ms`;

/** 50 lines of the site's prints (framed where a frame of their size is offered, to make up 50), and a code. */
async function cartOf(dbFile) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(dbFile, { fileMustExist: true });
  try {
    const variants = db
      .prepare(
        `select pv.id, pv.size, exists (select 1 from framing_options f where f.size = pv.size and f.is_active = 1) as framable
         from product_variants pv join photos p on p.id = pv.photo_id
         where p.is_active = 1 and pv.price_cents > 0 order by pv.id`,
      )
      .all();
    const lines = [];
    for (const framed of [false, true]) {
      for (const v of variants) {
        if (lines.length < LINES && (!framed || v.framable)) {
          lines.push({ variantId: v.id, framing: framed ? v.size : null, quantity: 1 });
        }
      }
    }
    db.prepare(
      "insert into discount_codes (id, code, kind, value) values ('bench-code', 'BENCH10', 'percent', 10) on conflict do nothing",
    ).run();
    return { lines, country: 'AU', discountCode: 'BENCH10' };
  } finally {
    db.close();
  }
}

/**
 * A POST, sent once more when the kept-alive connection it went out on was closed by the server as
 * it was sent (after an earlier section left it idle for the server's keep-alive time): fetch never
 * retries a POST itself. Its time is the attempt that was answered.
 */
async function postAgainIfClosed(url, origin, body) {
  for (let attempt = 0; ; attempt++) {
    const started = performance.now();
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body,
      });
      return { res, started };
    } catch (err) {
      if (attempt > 0 || err?.cause?.code !== 'UND_ERR_SOCKET') throw err;
    }
  }
}

/** p50 of `n` sequential POSTs of `body` after `warm` untimed ones, each answered with `status`. */
export async function p50Of(url, origin, body, status, n = TIMED, warm = WARM_UP) {
  const times = [];
  for (let i = 0; i < warm + n; i++) {
    const { res, started } = await postAgainIfClosed(url, origin, body);
    const text = await res.text();
    if (res.status !== status) throw new Error(`quote answered ${res.status}: ${text.slice(0, 200)}`);
    if (i >= warm) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

export async function quoteRows(base, dbFile) {
  const cart = await cartOf(dbFile);
  if (cart.lines.length < LINES) throw new Error(`only ${cart.lines.length} lines of prints to quote`);
  const url = `${base}/api/checkout/quote`;
  const quote = await p50Of(url, base, JSON.stringify(cart), 200);
  const floor = await p50Of(url, base, '{', 400);
  return [
    [
      `checkout quote of ${LINES} lines to Australia with a code (POST /api/checkout/quote, p50 of ${TIMED} in turn)`,
      `p50 ${ms(quote)}`,
      `p50 ${ms(floor)} (the same endpoint refusing malformed JSON)`,
      `${(quote / floor).toFixed(1)}×`,
      'p50 ≤ 5 ms',
      met(quote <= 5),
    ],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dataDir = mkdtempSync(join(tmpdir(), 'wicklow-bench-quote-'));
  const site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: '1', OWNER_PASSWORD: 'bench-password-123' });
  try {
    printTable(await quoteRows(site.url, join(dataDir, 'site.sqlite')));
  } finally {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
