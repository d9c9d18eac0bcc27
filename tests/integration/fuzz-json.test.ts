// Generated garbage against every endpoint that takes a body, read from the source tree (a new
// endpoint is covered without editing this file): 500 payloads each, sent as the signed-in owner so
// that they reach the handlers. Wrong types, huge strings, deep nesting, bad UTF-8, NaN, negative
// and huge numbers, extra and prototype keys. Every answer must be below 500 and free of stack
// traces and file paths, and a refused request must leave the database exactly as it was (SQLite's
// data_version, read on a connection of our own, moves with every commit the server makes).
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceRoutes } from '../helpers/routes';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';
import { addPhotoAsOwner } from '../helpers/uploads';

const PER_ENDPOINT = Number(process.env.FUZZ_RUNS ?? 500);

// Names the site's payloads use, so that many payloads get past "not an object" into the fields.
const KEYS = [
  'status',
  'updates',
  'size',
  'finish',
  'price',
  'section',
  'imageUrl',
  'altText',
  'lines',
  'variantId',
  'framing',
  'quantity',
  'customerData',
  'cartItems',
  'email',
  'name',
  'phone',
  'message',
  'handled',
  'content',
  'key',
  'type',
  'url',
  'title',
  'description',
  'isActive',
  'featured',
  'ids',
  'image',
  'bioPictureURL',
  'purpose',
  'fileName',
  'contentType',
  'carrier',
  'trackingNumber',
  'notifyCustomer',
  'firstName',
  'lastName',
  'serviceInterest',
  'currency',
  'intent',
  'amount',
  'password',
  'currentPassword',
  'newPassword',
  'category',
  'location',
  '__proto__',
  'constructor',
  'prototype',
];

const weirdNumber = fc.constantFrom(
  -1,
  0,
  -0,
  1e308,
  -1e308,
  2 ** 53 + 1,
  0.001,
  1.005,
  99999999999,
  -99.999,
);
const weirdString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    'http://10.0.0.1/x.jpg',
    '../../etc/passwd',
    '/media/../../site.sqlite',
    '%00',
    '\u0000',
    '\ud800',
    'Robert"); DROP TABLE orders;--',
    '<script>alert(1)</script>',
    'NaN',
    'Infinity',
    '1e999',
    'true',
    'null',
    '{}',
    '[]',
  ),
  fc.integer({ min: 1000, max: 300_000 }).map((n) => 'x'.repeat(n)),
);
const leaf = fc.oneof(weirdNumber, weirdString, fc.boolean(), fc.constant(null), fc.double());
const field = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...KEYS), tie('value'), { maxKeys: 5 }),
  ),
})).value;

const deep = (n: number, open: string, close: string) => `${open.repeat(n)}1${close.repeat(n)}`;

/** A body as bytes: mostly JSON with the site's field names, and some that is not JSON at all. */
const payload: fc.Arbitrary<Buffer> = fc
  .oneof(
    {
      arbitrary: fc.dictionary(fc.constantFrom(...KEYS), field, { maxKeys: 8 }).map((o) => JSON.stringify(o)),
      weight: 6,
    },
    { arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)), weight: 2 },
    { arbitrary: field.map((v) => JSON.stringify(v) ?? 'undefined'), weight: 1 },
    {
      arbitrary: fc.constantFrom(
        'NaN',
        '{"price": NaN}',
        '{"quantity": Infinity}',
        '{',
        '}',
        '',
        'null',
        '"',
        '[1,2',
        '{"a":1,}',
        '{"__proto__": {"isAdmin": true}}',
        '{"constructor": {"prototype": {"polluted": 1}}}',
        deep(5000, '[', ']'),
        deep(5000, '{"a":', '}'),
        deep(100_000, '[', ']'),
      ),
      weight: 1,
    },
    { arbitrary: fc.uint8Array({ minLength: 1, maxLength: 64 }).map((b) => Buffer.from(b)), weight: 1 },
    {
      arbitrary: fc.constantFrom(
        Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
        Buffer.from('{"name":"\xc3\x28"}', 'latin1'),
      ),
      weight: 1,
    },
  )
  .map((b) => (Buffer.isBuffer(b) ? b : Buffer.from(b)));

const LEAKS = [
  /\bat [\w.<>]+ \(/,
  /node_modules/,
  /\/work\//,
  /file:\/\//,
  /\.(?:ts|mjs|js):\d+/,
  /\bSqliteError\b/,
  /TypeError|ReferenceError|RangeError/,
];

let site: RunningServer;
let cookie: string;
let dbRead: Database.Database;
let ids: Record<string, string> = {};

const dataVersion = () => dbRead.pragma('data_version', { simple: true }) as number;

beforeAll(async () => {
  site = await startServer();
  cookie = await signIn(site.url);
  // One photo, so that paths with an id can name a real record as well as a missing one.
  const res = await addPhotoAsOwner(site.url, cookie, { title: 'Fuzzed Lough', width: 2400, height: 1600 });
  expect(res.status).toBe(201);
  ids = { photo: ((await res.json()) as { id: string }).id };
  dbRead = new Database(`${site.dataDir}/site.sqlite`, { readonly: true, fileMustExist: true });
  // Let the AVIF work queued by the photo finish, so that its writes are not taken for a request's.
  // `npm test` runs this file at the lowest CPU priority beside other tests, so that can be slow.
  const pendingJobs = () =>
    (
      dbRead.prepare("select count(*) as n from media_jobs where status in ('pending','running')").get() as {
        n: number;
      }
    ).n;
  const deadline = Date.now() + 240_000;
  while (pendingJobs() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
  expect(pendingJobs(), 'the AVIF work of the photo is still pending').toBe(0);
}, 300_000);

afterAll(async () => {
  dbRead?.close();
  await site?.stop();
});

// Every API route and method that takes a body. /api/auth/* is better-auth's: its catch-all is
// fuzzed at a sample path like the rest. Signing out takes no body and would end the session the
// other payloads need to reach their handlers.
const targets = sourceRoutes()
  .filter((r) => r.pattern.startsWith('/api/') && r.pattern !== '/api/logout')
  .flatMap((r) =>
    r.methods
      .filter((m) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(m))
      .map((method) => ({ ...r, method })),
  );

/**
 * An endpoint's 500 payloads take about 5 s alone. `npm test` runs this file at the lowest CPU
 * priority beside the browser tests and the composition accuracy rows, where it gets the cores only
 * when they are idle: two endpoints once took over 240 s there. The test asserts answers and saved
 * data, never timing, so the limit only stops a request that hangs.
 */
const ENDPOINT_LIMIT_MS = 20 * 60_000;

describe(`${PER_ENDPOINT} generated payloads per endpoint that takes a body`, () => {
  it('finds the endpoints in the source tree', () => {
    expect(targets.length).toBeGreaterThan(15);
  });

  for (const target of targets) {
    it(`${target.method} ${target.pattern}: never 5xx, never a stack trace or path, nothing saved when refused`, {
      timeout: ENDPOINT_LIMIT_MS,
    }, async () => {
      const path = target.path.replace('sample-id', ids.photo ?? 'sample-id');
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(payload, fc.boolean(), async (body, realId) => {
          const before = dataVersion();
          const res = await fetch(`${site.url}${realId ? path : target.path}`, {
            method: target.method,
            headers: { 'content-type': 'application/json', cookie, origin: site.url },
            body: new Uint8Array(body),
          });
          const text = await res.text();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          expect(res.status, text.slice(0, 300)).toBeLessThan(500);
          for (const leak of LEAKS) expect(text, `answer leaks ${leak}`).not.toMatch(leak);
          if (res.status >= 400)
            expect(dataVersion(), `a refused ${res.status} changed the database`).toBe(before);
        }),
        { numRuns: PER_ENDPOINT, endOnFailure: true },
      );
      expect([...statuses.keys()].every((s) => s < 500)).toBe(true);
      // Still the owner afterwards: the payloads reached the handlers, not the sign-in check.
      const me = await fetch(`${site.url}/api/auth/user`, { headers: { cookie } });
      expect(((await me.json()) as { email?: string } | null)?.email).toBe('owner@example.com');
    });
  }
});
