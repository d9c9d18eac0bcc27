// The last copy of a limited edition, wanted by 50 buyers at once, over HTTP against the built server
// and the PayPal fake: exactly one pays; every other buyer gets a 409 "sold out" when the order is
// created or a refusal at capture, before PayPal is asked to take money; no number is given twice or
// skipped; and SQLite's integrity_check says ok.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaypalFake, startPaypalFakeServer } from '~/lib/payments/paypal-fake.server';
import { withSiteDb } from '../helpers/db';
import { makeEditionCopy, makePhoto, makeVariant } from '../helpers/factories';
import { CUSTOMER } from '../helpers/fixtures';
import { type RunningServer, startServer } from '../helpers/server';

let site: RunningServer;
let paypal: Awaited<ReturnType<typeof startPaypalFakeServer>>;
let fake: PaypalFake;
const BUYERS = 50;

beforeAll(async () => {
  paypal = await startPaypalFakeServer();
  fake = paypal.fake;
  site = await startServer({
    PAYPAL_CLIENT_ID: fake.clientId,
    PAYPAL_CLIENT_SECRET: fake.clientSecret,
    PAYPAL_API_BASE: paypal.url,
    // Each buyer speaks from an address of its own, as behind a local reverse proxy.
    TRUSTED_PROXIES: '127.0.0.1',
  });
});

afterAll(async () => {
  await site?.stop();
  await paypal?.stop();
});

let clients = 0;
const nextClient = () => {
  clients += 1;
  return `10.9.${(clients >> 8) & 255}.${clients & 255}`;
};
const post = (path: string, body: unknown) =>
  fetch(`${site.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextClient() },
    body: JSON.stringify(body),
  });

/** A limited edition of `size` whose copies but the last are sold (numbered 1 to size − 1). */
function lastCopyOf(size: number, title: string) {
  return withSiteDb(site.dataDir, (db) => {
    const photo = makePhoto(db, { title, editionSize: size });
    const variant = makeVariant(db, { photoId: photo.id, size: 'small' });
    for (let n = 1; n < size; n++) {
      makeEditionCopy(db, {
        photoId: photo.id,
        number: n,
        soldAt: new Date(),
        certificateCode: `${title
          .toLowerCase()
          .replace(/[^a-z]/g, '')
          .padEnd(20, 'a')
          .slice(0, 20)}aaa${String.fromCharCode(97 + n)}`,
      });
    }
    return { photoId: photo.id, variantId: variant.id };
  });
}

async function create(variantId: string) {
  const res = await post('/api/paypal/order', {
    lines: [{ variantId, framing: null, quantity: 1 }],
    country: 'IE',
  });
  return { status: res.status, body: (await res.json()) as { id?: string; message?: string } };
}
async function capture(paypalId: string) {
  const res = await post(`/api/paypal/order/${paypalId}/capture`, { customerData: CUSTOMER, cartItems: [] });
  return { status: res.status, body: (await res.json()) as { status?: string; message?: string } };
}

function readDb<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(join(site.dataDir, 'site.sqlite'), { readonly: true });
  try {
    return fn(db);
  } finally {
    db.close();
  }
}
const numbers = (photoId: string) =>
  readDb(
    (db) =>
      db
        .prepare(
          'select number from edition_copies where photo_id = ? and number is not null order by number',
        )
        .all(photoId) as { number: number }[],
  ).map((r) => r.number);
const paidOrders = (photoId: string) =>
  readDb(
    (db) =>
      (
        db
          .prepare(
            `select count(distinct o.id) as n from orders o join order_items oi on oi.order_id = o.id
             join product_variants pv on pv.id = oi.product_variant_id
             where pv.photo_id = ? and o.payment_status = 'completed'`,
          )
          .get(photoId) as { n: number }
      ).n,
  );
const capturesAsked = () => fake.calls.filter((c) => c.path.endsWith('/capture')).length;

describe('the last copy of an edition, 50 buyers at once', () => {
  it('is sold once: the others get 409 sold out at creation, numbers 1 to N each once', async () => {
    const { photoId, variantId } = lastCopyOf(5, 'Glendalough Mist');
    const created = await Promise.all(Array.from({ length: BUYERS }, () => create(variantId)));
    const made = created.filter((c) => c.status === 201);
    const refused = created.filter((c) => c.status !== 201);
    expect(made).toHaveLength(1);
    expect(refused.every((c) => c.status === 409 && /sold out/.test(c.body.message ?? ''))).toBe(true);
    // Everyone who got an order tries to pay, twice at once.
    const ids = made.map((c) => c.body.id as string);
    const captured = await Promise.all([...ids, ...ids].map(capture));
    expect(captured.every((c) => c.status === 200 && c.body.status === 'COMPLETED')).toBe(true);
    expect(paidOrders(photoId)).toBe(1);
    expect(numbers(photoId)).toEqual([1, 2, 3, 4, 5]);
  }, 120_000);

  it('refuses the capture of a lapsed hold before PayPal is asked, once another buyer took the copy', async () => {
    const { photoId, variantId } = lastCopyOf(3, 'Sugarloaf Dawn');
    const late = await create(variantId);
    expect(late.status).toBe(201);
    // Its buyer waited over 30 minutes at PayPal: the hold lapsed.
    withSiteDb(site.dataDir, (db) =>
      db.$client
        .prepare('update edition_copies set reserved_until = ? where photo_id = ? and number is null')
        .run(Date.now() - 1000, photoId),
    );
    const created = await Promise.all(Array.from({ length: BUYERS - 1 }, () => create(variantId)));
    const made = created.filter((c) => c.status === 201);
    expect(made).toHaveLength(1);
    expect(created.filter((c) => c.status === 409)).toHaveLength(BUYERS - 2);
    const before = capturesAsked();
    const [lateCapture, ...others] = await Promise.all(
      [late.body.id as string, ...made.map((c) => c.body.id as string)].map(capture),
    );
    expect(lateCapture).toMatchObject({ status: 409, body: { message: expect.stringMatching(/sold out/) } });
    expect(others.every((c) => c.status === 200)).toBe(true);
    // Only the paying buyer's capture reached PayPal.
    expect(capturesAsked() - before).toBe(1);
    expect(paidOrders(photoId)).toBe(1);
    expect(numbers(photoId)).toEqual([1, 2, 3]);
  }, 120_000);

  it('leaves a sound database', () => {
    expect(readDb((db) => db.pragma('integrity_check', { simple: true }))).toBe('ok');
  });
});
