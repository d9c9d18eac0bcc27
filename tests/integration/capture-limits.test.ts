// What a capture uses up that is limited, attacked over HTTP against the built server and a PayPal
// fake that answers each capture after 300 ms, every buyer from an address of its own:
// - a 90%-off code of one use, 20 orders made with it, 20 captures at once: one is paid, the code
//   shows 1 use of 1, the 19 others are refused (422) saying the code is used up and nothing was
//   charged, and PayPal took money once;
// - one unpaid order for all 30 copies of three editions of 30 holds only a few copies of each, and a
//   capture PayPal refuses (422 INSTRUMENT_DECLINED) gives its copies back at once.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaypalFake } from '~/lib/payments/paypal-fake.server';
import { MAX_HELD_COPIES } from '~/lib/shop/editions';
import { withSiteDb } from '../helpers/db';
import { makeDiscountCode, makePhoto, makeVariant } from '../helpers/factories';
import { CUSTOMER } from '../helpers/fixtures';
import { startHoldingPaypal } from '../helpers/paypal';
import { type RunningServer, startServer } from '../helpers/server';

const BUYERS = 20;
const USED_UP =
  'This code has been used up, so this order cannot be paid as it was priced. You have not been charged: please remove the code or apply another one, and pay again.';

let site: RunningServer;
let paypal: Awaited<ReturnType<typeof startHoldingPaypal>>;
const fake = new PaypalFake();

beforeAll(async () => {
  paypal = await startHoldingPaypal(fake, 300);
  site = await startServer({
    PAYPAL_CLIENT_ID: fake.clientId,
    PAYPAL_CLIENT_SECRET: fake.clientSecret,
    PAYPAL_API_BASE: paypal.url,
    TRUSTED_PROXIES: '127.0.0.1',
  });
});

afterAll(async () => {
  await site?.stop();
  await paypal?.stop();
});

let clients = 0;
const post = (path: string, body: unknown, from = `10.7.0.${++clients}`) =>
  fetch(`${site.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify(body),
  });
async function answer(res: Response) {
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
const capture = async (paypalId: string) =>
  answer(await post(`/api/paypal/order/${paypalId}/capture`, { customerData: CUSTOMER, cartItems: [] }));

function readDb<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(join(site.dataDir, 'site.sqlite'), { readonly: true });
  try {
    return fn(db);
  } finally {
    db.close();
  }
}
const completedCaptures = () =>
  [...fake.orders.values()].flatMap((o) => o.captures).filter((c) => c.status === 'COMPLETED').length;

describe('a 90% code of one use, 20 captures at the same moment', () => {
  it('pays one order; 19 are refused before PayPal: used up, not charged', async () => {
    const { variantId, codeId } = withSiteDb(site.dataDir, (db) => {
      const photo = makePhoto(db, { title: 'Lough Bray' });
      return {
        variantId: makeVariant(db, { photoId: photo.id, size: 'small', priceCents: 4500 }).id,
        codeId: makeDiscountCode(db, { code: 'NINETY', value: 90, maxUses: 1 }).id,
      };
    });
    const made = [];
    for (let i = 0; i < BUYERS; i++) {
      const created = await answer(
        await post('/api/paypal/order', {
          lines: [{ variantId, framing: null, quantity: 1 }],
          country: 'IE',
          discountCode: 'ninety',
        }),
      );
      expect(created.status).toBe(201);
      made.push(created.body.id as string);
    }
    const before = completedCaptures();
    const captured = await Promise.all(made.map(capture));
    const paid = captured.filter((c) => c.status === 200);
    const refused = captured.filter((c) => c.status !== 200);
    expect(paid).toHaveLength(1);
    expect(paid[0]?.body).toMatchObject({ status: 'COMPLETED' });
    expect(refused).toHaveLength(BUYERS - 1);
    for (const r of refused) expect(r).toEqual({ status: 422, body: { message: USED_UP } });
    expect(completedCaptures() - before).toBe(1);
    const code = readDb(
      (db) =>
        db.prepare('select uses, max_uses as maxUses from discount_codes where id = ?').get(codeId) as object,
    );
    expect(code).toEqual({ uses: 1, maxUses: 1 });
    expect(
      readDb(
        (db) =>
          (
            db
              .prepare(
                `select count(*) as n from orders where discount_code_id = ? and payment_status = 'completed'`,
              )
              .get(codeId) as { n: number }
          ).n,
      ),
    ).toBe(1);
  }, 120_000);
});

describe('one unpaid order for all 30 copies of three editions of 30', () => {
  it('leaves the editions on sale, and a refused capture gives its copies back at once', async () => {
    const editions = withSiteDb(site.dataDir, (db) =>
      ['Tonelagee', 'Djouce', 'Mullaghcleevaun'].map((title) => {
        const photo = makePhoto(db, { title, editionSize: 30 });
        return { photoId: photo.id, variantId: makeVariant(db, { photoId: photo.id, size: 'small' }).id };
      }),
    );
    const left = async (photoId: string) =>
      ((await (await fetch(`${site.url}/api/photos/${photoId}/edition`)).json()) as { left: number }).left;
    const created = await answer(
      await post(
        '/api/paypal/order',
        {
          lines: editions.map((e) => ({ variantId: e.variantId, framing: null, quantity: 30 })),
          country: 'IE',
        },
        '10.8.0.1',
      ),
    );
    expect(created.status).toBe(201);
    for (const e of editions) expect(await left(e.photoId)).toBe(30 - MAX_HELD_COPIES);

    fake.captureBehaviour = 'instrument-declined';
    try {
      const refused = await capture(created.body.id as string);
      expect(refused).toEqual({
        status: 422,
        body: { message: 'PayPal payment failed', issue: 'INSTRUMENT_DECLINED' },
      });
    } finally {
      fake.captureBehaviour = 'complete';
    }
    for (const e of editions) expect(await left(e.photoId)).toBe(30);
  }, 60_000);
});
