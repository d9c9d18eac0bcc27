// A stop (SIGTERM, as systemd sends it) while uploads and captures are in flight: the server takes no
// new connection, lets what is running finish, cuts off only what outlives the grace period (an
// upload that stalls), and exits 0. Afterwards nothing is half-written: every capture the buyer was
// told is paid is paid, every upload that was answered is complete with its files, the stalled one
// left no partial file and no claim, and the database passes integrity_check. A client that keeps
// its connection alive after its answer (as browsers do) does not hold the stop.
import { existsSync, readdirSync } from 'node:fs';
import { Agent, get as httpGet, request as httpRequest } from 'node:http';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaypalFake } from '~/lib/payments/paypal-fake.server';
import { withSiteDb } from '../helpers/db';
import { makePhoto, makeVariant } from '../helpers/factories';
import { CUSTOMER } from '../helpers/fixtures';
import { startHoldingPaypal } from '../helpers/paypal';
import { type RunningServer, startServer } from '../helpers/server';
import { signIn } from '../helpers/session';
import { grantUpload, putUpload } from '../helpers/uploads';

const fake = new PaypalFake();
let paypal: Awaited<ReturnType<typeof startHoldingPaypal>>;
let site: RunningServer;
let after: RunningServer | undefined;

const start = (dataDir?: string) =>
  startServer({
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    PAYPAL_CLIENT_ID: fake.clientId,
    PAYPAL_CLIENT_SECRET: fake.clientSecret,
    PAYPAL_API_BASE: paypal.url,
    TRUSTED_PROXIES: '127.0.0.1',
  });

let buyer = 0;
const post = (path: string, body: unknown) =>
  fetch(`${site.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.2.0.${++buyer}` },
    body: JSON.stringify(body),
  });

/** A body sent in `parts` pieces, `gapMs` apart; with `stallAfter`, it stops sending and never ends. */
function slowBody(
  bytes: Buffer,
  parts: number,
  gapMs: number,
  stallAfter?: number,
): ReadableStream<Uint8Array> {
  const size = Math.ceil(bytes.length / parts);
  let i = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (stallAfter !== undefined && i >= stallAfter) return new Promise(() => {});
      if (i > 0) await new Promise((r) => setTimeout(r, gapMs));
      const chunk = bytes.subarray(i * size, (i + 1) * size);
      i++;
      if (chunk.length === 0) controller.close();
      else controller.enqueue(new Uint8Array(chunk));
    },
  });
}

beforeAll(async () => {
  paypal = await startHoldingPaypal(fake, 400);
  site = await start();
  withSiteDb(site.dataDir, (d) => {
    makePhoto(d, { id: 'p-stop', title: 'Lugnaquilla', category: 'mountains' });
    makeVariant(d, { id: 'v-stop', photoId: 'p-stop', size: 'small', finish: 'gloss', priceCents: 5200 });
  });
}, 120_000);

afterAll(async () => {
  await after?.stop();
  await site?.stop();
  await paypal?.stop();
});

describe('SIGTERM with requests in flight', () => {
  it('finishes or cleanly cuts off each one, exits 0, and leaves nothing half-written', async () => {
    const cookie = await signIn(site.url);
    const jpeg = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#40616e' } })
      .jpeg({ quality: 95 })
      .toBuffer();
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await post('/api/paypal/order', {
        lines: [{ variantId: 'v-stop', framing: null, quantity: 1 }],
        country: 'IE',
        currency: 'EUR',
        intent: 'CAPTURE',
      });
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as { id: string }).id);
    }
    const uploadUrls = await Promise.all([1, 2, 3].map(() => grantUpload(site.url, cookie)));

    const captures = ids.map((id) =>
      post(`/api/paypal/order/${id}/capture`, { customerData: CUSTOMER, cartItems: [] })
        .then(async (r) => ({ id, status: r.status }))
        .catch((err: Error) => ({ id, status: 0, error: String(err.cause ?? err) })),
    );
    const put = (url: string, body: ReadableStream<Uint8Array>) =>
      putUpload(site.url, url, body, { 'content-type': 'image/jpeg' })
        .then(async (r) => ({ url, status: r.status, body: await r.text() }))
        .catch((err: Error) => ({ url, status: 0, body: String(err.cause ?? err) }));
    const uploads = [
      // Two that take about 1.5 s, well inside the grace period.
      put(uploadUrls[0] as string, slowBody(jpeg, 10, 150)),
      put(uploadUrls[1] as string, slowBody(jpeg, 10, 150)),
      // One that stalls halfway and never finishes.
      put(uploadUrls[2] as string, slowBody(jpeg, 10, 100, 5)),
    ];
    // The signal comes once the three uploads are under way and PayPal has begun capturing.
    const dbr = new Database(join(site.dataDir, 'site.sqlite'), { readonly: true });
    const claimed = () =>
      (
        dbr.prepare("select count(*) as n from uploaded_objects where status = 'uploading'").get() as {
          n: number;
        }
      ).n;
    const waitUntil = Date.now() + 30_000;
    while (
      (claimed() < 3 || fake.calls.filter((c) => c.path.endsWith('/capture')).length === 0) &&
      Date.now() < waitUntil
    ) {
      await new Promise((r) => setTimeout(r, 5));
    }
    dbr.close();
    const stoppedAt = Date.now();
    const exited = site.stop();
    while (!site.output().includes('SIGTERM received')) await new Promise((r) => setTimeout(r, 10));
    // A new connection after the signal is refused, not half-answered.
    const late = await new Promise<string>((resolve) => {
      const { port } = new URL(site.url);
      httpGet({ host: '127.0.0.1', port, path: '/healthz', agent: false }, (res) => {
        res.resume();
        resolve(`answered ${res.statusCode}`);
      }).on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
    });
    expect(late).toBe('ECONNREFUSED');

    const captured = await Promise.all(captures);
    const uploaded = await Promise.all(uploads);
    expect(await exited).toBe(0);
    const stopMs = Date.now() - stoppedAt;

    // Each capture was either answered (paid), or refused at the door before the site began it
    // (its connection was still waiting to be accepted): then PayPal never captured it either.
    const answered = captured.filter((c) => c.status === 200).map((c) => c.id);
    const refused = captured.filter((c) => c.status === 0);
    expect(answered.length + refused.length).toBe(20);
    expect(answered.length).toBeGreaterThan(0);
    for (const c of refused) expect(fake.orders.get(c.id)?.captures ?? []).toEqual([]);
    expect(uploaded[0]?.status, uploaded[0]?.body).toBe(200);
    expect(uploaded[1]?.status, uploaded[1]?.body).toBe(200);
    expect(uploaded[2]?.status).not.toBe(200);

    // Nothing half-written.
    const db = new Database(join(site.dataDir, 'site.sqlite'), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const paid = db
        .prepare("select paypal_order_id as id from orders where payment_status = 'completed'")
        .all() as {
        id: string;
      }[];
      expect(paid.map((p) => p.id).sort()).toEqual([...answered].sort());
      const claims = db
        .prepare("select count(*) as n from uploaded_objects where status = 'uploading'")
        .get() as {
        n: number;
      };
      expect(claims.n).toBe(0);
      const ready = db
        .prepare("select media_id as mediaId from uploaded_objects where status = 'ready'")
        .all() as {
        mediaId: string;
      }[];
      expect(ready).toHaveLength(2);
      for (const r of ready) {
        expect(readdirSync(join(site.dataDir, 'uploads', 'media', r.mediaId)).length).toBeGreaterThan(2);
      }
    } finally {
      db.close();
    }
    const tmp = join(site.dataDir, 'uploads', 'tmp');
    expect(existsSync(tmp) ? readdirSync(tmp) : []).toEqual([]);
    console.log(
      `graceful stop: ${answered.length} captures finished, ${refused.length} refused before they began; 2 uploads finished, 1 stalled upload cut off; exit 0 after ${stopMs} ms`,
    );

    // And the site starts again on it.
    after = await start(site.dataDir);
    expect((await fetch(`${after.url}/healthz`)).status).toBe(200);
  }, 120_000);
});

describe('SIGTERM while a client keeps its connection alive', () => {
  it('exits once that client’s request in flight is answered, not at the keep-alive timeout', async () => {
    const own = await startServer();
    const agent = new Agent({ keepAlive: true });
    try {
      const { port } = new URL(own.url);
      const body = ['{"lines":', '[]}'];
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        path: '/api/paypal/order',
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body.join('')),
          origin: own.url,
        },
      });
      const answered = new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        req.on('response', (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
        });
        req.on('error', reject);
      });
      // Half the body is sent: the request is in flight when the signal comes.
      req.write(body[0]);
      await new Promise((r) => setTimeout(r, 300));
      const exited = own.stop();
      while (!own.output().includes('SIGTERM received')) await new Promise((r) => setTimeout(r, 10));
      req.end(body[1]);
      const answer = await answered;
      expect(answer.status).toBe(400);
      // The client keeps the connection; the site closes it and exits well inside its 65 s keep-alive.
      const outcome = await Promise.race([
        exited.then((code) => `exited ${code}`),
        new Promise((r) => setTimeout(() => r('still running after 10 s'), 10_000)),
      ]);
      expect(outcome).toBe('exited 0');
    } finally {
      agent.destroy();
      await own.stop();
    }
  }, 60_000);
});
