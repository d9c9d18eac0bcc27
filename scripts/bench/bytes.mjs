// The bytes of the pages' HTML. The goal is on /: at most 14.0 KiB of brotli, so that a phone gets
// the whole first paint (HTML with its inlined CSS) in TCP's initial window of about 14.6 KB, one
// round trip. Measured three ways: brotli 11 made here from the raw HTML, brotli 5 (what the front's
// page cache sends on a miss, before it makes the best brotli off the event loop), and the bytes the
// front sends now with `accept-encoding: br`. TCP's window counts the response's status line and
// headers too, so one more row adds them to the body as served and holds the sum to 10 segments of
// 1,460 bytes, the initial window that Lighthouse's network simulation gives a connection (a
// response that passes it costs a phone one more round trip, 150 ms in Lighthouse's mobile runs).
// The same sum is measured for an owner who writes at length (long-owner-texts.mjs: every home text
// twice the demo's length, six featured photos with titles of 70-80 characters), on a site of its
// own with its own data directory, where the texts are saved through the owner's endpoints.
// /shop, /drone-services and /checkout are informational.
// Run alone with `node scripts/bench/bytes.mjs` (seeds its own data directory), or from run.mjs.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { met, PRINT_PAGE, printTable, startSite, waitForMediaQueue } from './lib.mjs';
import { writeLongOwnerTexts } from './long-owner-texts.mjs';

const GOAL_KIB = 14.0;
/** TCP's initial window as Lighthouse simulates it: 10 segments of 1,460 bytes. */
export const INITIAL_WINDOW_BYTES = 10 * 1460;
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;

/** Brotli at a quality, with the size hint the front's page cache gives too. */
export const brotli = (body, quality) =>
  brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });

/** The body as sent on the wire (not decoded), with its content-encoding. */
function wireBody(url, headers) {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          encoding: res.headers['content-encoding'] ?? 'identity',
          body: Buffer.concat(chunks),
        }),
      );
    })
      .on('error', reject)
      .end();
  });
}

export async function rawHtml(url) {
  const res = await wireBody(url, { 'accept-encoding': 'identity' });
  if (res.status !== 200 || res.encoding !== 'identity') {
    throw new Error(`${url} answered ${res.status} (${res.encoding})`);
  }
  return res.body;
}

/** The brotli bytes the front serves for a page once its best brotli is made (polls up to 5 s). */
export async function servedBrotli(url, best) {
  let served;
  for (let i = 0; i < 50; i++) {
    served = await wireBody(url, { 'accept-encoding': 'br' });
    if (served.encoding !== 'br') throw new Error(`${url} was not sent as brotli (${served.encoding})`);
    if (served.body.length <= best) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return served.body;
}

/**
 * The bytes of a whole brotli answer on a kept-alive HTTP/1.1 connection, as a browser receives it:
 * status line and headers, then the body (its content-length).
 */
export function wholeAnswerBytes(url) {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () =>
      socket.write(`GET ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept-Encoding: br\r\n\r\n`),
    );
    let received = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/content-length: *(\d+)/i.exec(received.subarray(0, end).toString())?.[1]);
      if (received.length >= end + 4 + length) {
        socket.destroy();
        resolve(end + 4 + length);
      }
    });
    socket.on('error', reject);
  });
}

/** A site of its own, seeded with the demo, in a data directory of its own, its media queue done. */
async function startSeededSite() {
  const dataDir = mkdtempSync(join(tmpdir(), 'wicklow-bench-bytes-'));
  const site = await startSite({ DATA_DIR: dataDir, SEED_DEMO: '1', OWNER_PASSWORD: OWNER_PASSWORD });
  // The AVIF ladders are made in the background after the seed; until they are, / offers no AVIF
  // and each finished job changes the content version, so the page never keeps its best brotli.
  await waitForMediaQueue(join(dataDir, 'site.sqlite'), { quiet: true });
  return {
    url: site.url,
    stop: async () => {
      await site.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const OWNER_PASSWORD = 'bench-password-123';

/** / as served with its status line and headers, on a site whose owner wrote long texts. */
async function longOwnerRow() {
  const site = await startSeededSite();
  try {
    await writeLongOwnerTexts(site.url, OWNER_PASSWORD);
    const home = await rawHtml(`${site.url}/`);
    const served = (await servedBrotli(`${site.url}/`, brotli(home, 11).length)).length;
    const whole = await wholeAnswerBytes(`${site.url}/`);
    return [
      '/ with twice-long owner texts and 6 long featured titles, as served with headers',
      `${whole} B`,
      '—',
      `headers ${whole - served} B`,
      `≤ ${INITIAL_WINDOW_BYTES} B (TCP's initial window)`,
      met(whole <= INITIAL_WINDOW_BYTES),
    ];
  } finally {
    await site.stop();
  }
}

export async function bytesRows(baseUrl) {
  const rows = [];
  const home = await rawHtml(`${baseUrl}/`);
  const best = brotli(home, 11).length;
  const firstAnswer = brotli(home, 5).length;
  const served = (await servedBrotli(`${baseUrl}/`, best)).length;
  const goal = `≤ ${GOAL_KIB.toFixed(1)} KiB`;
  const within = (n) => met(n <= GOAL_KIB * 1024);
  rows.push(['HTML of / (brotli 11)', kib(best), '—', `raw ${kib(home.length)}`, goal, within(best)]);
  rows.push([
    'HTML of / (brotli 5: the front’s first answer)',
    kib(firstAnswer),
    '—',
    `raw ${kib(home.length)}`,
    goal,
    within(firstAnswer),
  ]);
  rows.push([
    'HTML of / as served (accept-encoding: br)',
    kib(served),
    '—',
    `raw ${kib(home.length)}`,
    goal,
    within(served),
  ]);
  const whole = await wholeAnswerBytes(`${baseUrl}/`);
  rows.push([
    '/ as served with its status line and headers (brotli, HTTP/1.1)',
    `${whole} B`,
    '—',
    `headers ${whole - served} B`,
    `≤ ${INITIAL_WINDOW_BYTES} B (TCP's initial window)`,
    met(whole <= INITIAL_WINDOW_BYTES),
  ]);
  rows.push(await longOwnerRow());
  for (const path of ['/shop', PRINT_PAGE, '/drone-services', '/checkout']) {
    const html = await rawHtml(`${baseUrl}${path}`);
    rows.push([
      `HTML of ${path} (brotli 11)`,
      kib(brotli(html, 11).length),
      '—',
      `raw ${kib(html.length)}`,
      '—',
      '—',
    ]);
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (!existsSync('dist/server/entry.mjs')) throw new Error('Build first: npm run build');
  const site = await startSeededSite();
  try {
    printTable(await bytesRows(site.url));
  } finally {
    await site.stop();
  }
}
