// Every route under src/pages and every method it exports, tried the way an attacker would: the
// plain path and the spellings a router may fold into it (//path, /./path, a trailing or
// repeated slash, upper case, %2F, percent-encoded letters, ..). Anonymous and as a signed-in
// user who is not the owner, every owner route answers 401 or 403, nothing in the database
// changes, and nothing reaches the page cache; the owner is let through. A new route is covered
// without editing this test.
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSafeMethod, whoMay } from '~/lib/platform/server/http/route-table';
import { pathVariants, sourceRoutes } from '../helpers/routes';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
}

/** Sends the path exactly as written (fetch would fold `//` and `/./` before sending). */
function raw(base: string, method: string, path: string, cookie?: string): Promise<Answer> {
  const url = new URL(base);
  const body = isSafeMethod(method) ? undefined : '{}';
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: {
          origin: base,
          ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}),
          ...(cookie ? { cookie } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A digest of every row of every table. */
function snapshot(dataDir: string): Record<string, string> {
  const db = new Database(join(dataDir, 'site.sqlite'), { readonly: true });
  try {
    const tables = db
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
      .all() as { name: string }[];
    return Object.fromEntries(
      tables.map(({ name }) => {
        const rows = db.prepare(`select * from "${name}" order by rowid`).all();
        return [name, createHash('sha256').update(JSON.stringify(rows)).digest('hex')];
      }),
    );
  } finally {
    db.close();
  }
}

const routes = sourceRoutes();
/** The mutations a visitor may make. Anything else that changes data is the owner's alone. */
const PUBLIC_MUTATIONS = [
  '/api/auth/[...all]',
  // The checkout's price of a cart by country and code: it changes nothing, and its wrong codes are rate-limited.
  '/api/checkout/quote',
  '/api/contact',
  // The print lab's status callbacks: posted unsigned, so the route believes nothing in them but the
  // id of an order this shop sent, and reads that order again from the lab.
  '/api/lab/callback',
  '/api/login',
  '/api/logout',
  '/api/objects/signed/[token]',
  '/api/paypal/order',
  '/api/paypal/order/[id]/capture',
  // A client's answer to a drone quote, and their payment of the job's invoiced balance (the amount
  // the invoice's): the quote link's token in the path is checked by each endpoint, the same 404 for
  // every token that opens no quote, and the address is rate-limited.
  '/api/quotes/[token]/accept',
  '/api/quotes/[token]/balance',
  '/api/quotes/[token]/balance/[paypalOrderId]/capture',
  // The same balance by card: a PaymentIntent of the invoice's amount, the same token checked.
  '/api/quotes/[token]/balance/card',
  '/api/quotes/[token]/changes',
  // A client's deposit of an accepted quote: the same token checked, the amount the server's alone.
  '/api/quotes/[token]/deposit',
  '/api/quotes/[token]/deposit/[paypalOrderId]/capture',
  // The same deposit by card: a PaymentIntent of the server's amount, the same token checked.
  '/api/quotes/[token]/deposit/card',
  // A buyer's review of what they bought, through the link mailed when the order was delivered.
  '/api/reviews',
  // A card payment: the buyer's cart priced by the server (never an amount from the body), and
  // Stripe's webhook, which believes only events whose signature the webhook secret checks.
  '/api/stripe/payment-intent',
  '/api/stripe/webhook',
  // A print added to a cart, counted for the owner's visitor numbers: it holds only the event's name,
  // and repeats from one address within a minute are not counted.
  '/api/visits',
  // A client gallery's recipient has no account: the link (and its PIN) is the key to the PIN form,
  // the hearts and the selection sent to the photographer, each checked against the link.
  '/g/[token]/favourites/[fileId]',
  '/g/[token]/pin',
  '/g/[token]/selection',
  // A buyer's withdrawal from an order: the same answer for any order number and address, and
  // only a real match records one (and once).
  '/withdraw',
];
const ownerRequests = routes.flatMap((route) =>
  route.methods
    .filter((method) => whoMay(method, route.pattern) === 'owner')
    .map((method) => ({ route, method })),
);

describe('the route table', () => {
  it('finds the routes of the source tree, owner routes among them', () => {
    expect(routes.length).toBeGreaterThan(30);
    const patterns = ownerRequests.map((r) => `${r.method} ${r.route.pattern}`);
    expect(patterns).toContain('GET /admin');
    expect(patterns).toContain('GET /api/admin/dashboard');
    expect(patterns).toContain('PUT /api/website-content');
    expect(patterns).toContain('POST /api/objects/upload');
    expect(patterns).toContain('POST /api/analyze-composition');
  });

  it('lets visitors change nothing but the few things they may do', () => {
    const publicMutations = routes
      .filter((r) => r.methods.some((m) => !isSafeMethod(m) && whoMay(m, r.pattern) === 'public'))
      .map((r) => r.pattern)
      .sort();
    expect(publicMutations).toEqual(PUBLIC_MUTATIONS);
  });
});

describe.each([
  ['anonymous', false],
  ['signed in, not the owner', true],
])('owner routes, %s', (_who, signedIn) => {
  let server: RunningServer;
  let cookie: string | undefined;

  beforeAll(async () => {
    if (signedIn) {
      // An account that is no longer the owner's: made when OWNER_EMAIL named it, kept after.
      const first = await startServer({ OWNER_EMAIL: 'former@example.com' });
      await first.stop();
      server = await startServer({ DATA_DIR: first.dataDir });
      cookie = await signIn(server.url, 'former@example.com');
    } else {
      server = await startServer();
    }
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers 401 or 403 to every spelling of every owner route, and changes nothing', async () => {
    const before = snapshot(server.dataDir);
    const wrong: string[] = [];
    for (const { route, method } of ownerRequests) {
      for (const [variant, path] of Object.entries(pathVariants(route.path))) {
        const answer = await raw(server.url, method, path, cookie);
        const expected = signedIn ? 403 : 401;
        if (answer.status !== expected) wrong.push(`${method} ${path} (${variant}): ${answer.status}`);
        if (answer.headers['x-cache'])
          wrong.push(`${method} ${path} (${variant}): went through the page cache`);
        if (!answer.headers['content-security-policy']) wrong.push(`${method} ${path}: no CSP`);
      }
    }
    expect(wrong).toEqual([]);
    expect(snapshot(server.dataDir)).toEqual(before);
  });

  it('answers public reads without a server error in any spelling', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      if (!route.methods.includes('GET') || whoMay('GET', route.pattern) !== 'public') continue;
      // The error page answers 500 by design when asked for by name.
      if (route.pattern === '/500') continue;
      for (const [variant, path] of Object.entries(pathVariants(route.path))) {
        const answer = await raw(server.url, 'GET', path, cookie);
        if (answer.status >= 500) wrong.push(`GET ${path} (${variant}): ${answer.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses paths that cannot be judged with 400', async () => {
    for (const path of ['/%2561dmin', '/admin%00', '/a%0d%0ab', '/%5Capi/admin/dashboard', '/%E0%A4%A']) {
      expect((await raw(server.url, 'GET', path, cookie)).status, path).toBe(400);
    }
  });
});

describe('owner routes, as the owner', () => {
  let server: RunningServer;
  let cookie: string;
  beforeAll(async () => {
    server = await startServer();
    cookie = await signIn(server.url);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('lets the owner past the check on every owner route, without a server error', async () => {
    const wrong: string[] = [];
    for (const { route, method } of ownerRequests) {
      // The error page answers 500 by design when asked for by name.
      if (route.pattern === '/500') continue;
      const answer = await raw(server.url, method, route.path, cookie);
      // With sample ids and an empty body the answer may well be a 400 or 404: what matters is
      // that the owner is let through and nothing fails on the server.
      if (answer.status === 401 || answer.status === 403 || answer.status >= 500) {
        wrong.push(`${method} ${route.path}: ${answer.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
