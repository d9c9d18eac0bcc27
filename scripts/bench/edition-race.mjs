// The last copy of a limited edition, wanted by 50 buyers at once: on a freshly seeded site that
// takes payments live, against the PayPal fake in a process of its own (test mode's orders take no
// edition copies, so they cannot race for one), the owner sets a demo photo's edition so that one copy is
// left, 50 buyers create an order of it at once, each from an address of its own (the site allows
// 20 new orders an hour from one address), and those who got an order capture it. Repeated for
// ROUNDS rounds, the edition raised by one each time. Reports p99 of creation, the slowest capture
// (there is one a round), the answers that were neither the expected success nor the 409 "sold
// out", and whether exactly one copy was sold per round, numbered in order.
// `editionRaceRows()` returns the table rows; `node scripts/bench/edition-race.mjs` prints them.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { met, printTable, signInOwner, startFakeProcess, startSite, waitForMediaQueue } from './lib.mjs';
import { BUYER } from './order-load.mjs';

const BUYERS = 50;
const ROUNDS = 10;
const ms = (x) => `${x.toFixed(1)} ms`;
const p99 = (xs) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.99))] ?? NaN;

let nextAddress = 0;
/** A loopback address of its own for each buyer: 127.3.x.y (Linux routes 127.0.0.0/8 to lo). */
const address = () => {
  const n = nextAddress++;
  return `127.3.${Math.floor(n / 254) % 256}.${1 + (n % 254)}`;
};

function post(base, path, body, { localAddress, cookie, method = 'POST' } = {}) {
  const payload = Buffer.from(JSON.stringify(body));
  const agent = new Agent({ keepAlive: false, localAddress });
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': payload.length,
          origin: base,
          ...(cookie ? { cookie } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          let json = null;
          try {
            json = JSON.parse(Buffer.concat(chunks).toString());
          } catch {}
          resolve({ status: res.statusCode, json, ms: performance.now() - started });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The first active demo photo with a small print, and that print's variant id. */
async function aPrint(dbFile) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        `select p.id as photoId, pv.id as variantId from photos p join product_variants pv on pv.photo_id = p.id
         where p.is_active = 1 and pv.size = 'small' and pv.price_cents > 0 order by p.created_at limit 1`,
      )
      .get();
  } finally {
    db.close();
  }
}

async function numbersOf(dbFile, photoId) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    const numbers = db
      .prepare('select number from edition_copies where photo_id = ? and number is not null order by number')
      .all(photoId)
      .map((r) => r.number);
    return { numbers, integrity: db.pragma('integrity_check', { simple: true }) };
  } finally {
    db.close();
  }
}

/** The PayPal fake in a child process (paypal-fake-process.ts, through tsx): its URL and credentials. */
const startPaypalFake = () => startFakeProcess('scripts/bench/paypal-fake-process.ts');

export async function editionRaceRows() {
  const dataDir = mkdtempSync(join(tmpdir(), 'wicklow-bench-editions-'));
  const dbFile = join(dataDir, 'site.sqlite');
  const password = 'bench-password-123';
  const paypal = await startPaypalFake();
  const site = await startSite({
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    OWNER_PASSWORD: password,
    PAYPAL_CLIENT_ID: paypal.clientId,
    PAYPAL_CLIENT_SECRET: paypal.clientSecret,
    PAYPAL_API_BASE: paypal.url,
  }).catch(async (err) => {
    await paypal.stop();
    throw err;
  });
  try {
    await waitForMediaQueue(dbFile, { quiet: true });
    const cookie = await signInOwner(site.url, password);
    const { photoId, variantId } = await aPrint(dbFile);
    const create = [];
    const capture = [];
    const unexpected = [];
    let soldPerRoundOk = true;
    for (let round = 1; round <= ROUNDS; round++) {
      const set = await post(
        site.url,
        `/api/admin/photos/${photoId}/edition`,
        { editionSize: round },
        { cookie, method: 'PUT' },
      );
      if (set.status !== 200) throw new Error(`setting the edition failed: ${set.status}`);
      const made = await Promise.all(
        Array.from({ length: BUYERS }, () =>
          post(
            site.url,
            '/api/paypal/order',
            { lines: [{ variantId, framing: null, quantity: 1 }], country: 'IE' },
            {
              localAddress: address(),
            },
          ),
        ),
      );
      for (const m of made) {
        create.push(m.ms);
        if (m.status !== 201 && m.status !== 409)
          unexpected.push(`create ${m.status} ${m.json?.message ?? ''}`);
      }
      const ids = made.filter((m) => m.status === 201).map((m) => m.json.id);
      const paid = await Promise.all(
        ids.map((id) =>
          post(
            site.url,
            `/api/paypal/order/${id}/capture`,
            { customerData: BUYER, cartItems: [] },
            {
              localAddress: address(),
            },
          ),
        ),
      );
      for (const p of paid) {
        capture.push(p.ms);
        if (p.status !== 200) unexpected.push(`capture ${p.status} ${p.json?.message ?? ''}`);
      }
      if (ids.length !== 1 || paid.filter((p) => p.status === 200).length !== 1) soldPerRoundOk = false;
    }
    const { numbers, integrity } = await numbersOf(dbFile, photoId);
    const inOrder = numbers.length === ROUNDS && numbers.every((n, i) => n === i + 1);
    if (unexpected.length)
      console.error('edition race: unexpected answers (first 3):', unexpected.slice(0, 3));
    return [
      [
        `edition race: ${BUYERS} buyers at once for the last copy, ${ROUNDS} rounds (creation, then capture of those created)`,
        `creation p99 ${ms(p99(create))} (${create.length} requests), capture slowest ${ms(Math.max(...capture))} (${capture.length}); ${unexpected.length} errors`,
        '—',
        `${soldPerRoundOk ? 'one' : 'NOT one'} copy sold per round; numbers ${numbers.join(',')}; integrity_check ${integrity}`,
        // No goal on the times: 50 requests arriving in the same instant wait in line for the
        // server's turns, so their p99 is that of the last in line, reported for comparison only.
        '0 errors, one sale a round, numbers in order, integrity ok',
        met(unexpected.length === 0 && soldPerRoundOk && inOrder && integrity === 'ok'),
      ],
    ];
  } finally {
    await site.stop();
    await paypal.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (!existsSync('dist/server/entry.mjs')) throw new Error('Build first: npm run build');
  const started = performance.now();
  printTable(await editionRaceRows());
  console.log(`(edition race rows took ${((performance.now() - started) / 1000).toFixed(0)} s)`);
}
