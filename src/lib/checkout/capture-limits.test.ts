// A discount code with a use limit, many captures at once: PayPal answers each capture after
// 300 ms, and every order was made while the code still had its one use. The use is taken before
// PayPal is asked, in the statement that checks the limit, so exactly one order is paid, the code
// shows 1 use of 1, and every other buyer is refused with a sentence saying that the code is used
// up and that nothing was charged, without PayPal ever being asked to take money for them. A use
// taken for a capture PayPal refuses is given back at once.
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { removeAbandonedOrders } from '~/lib/checkout/abandoned-orders.server';
import { getOrderWithItems } from '~/lib/checkout/order-with-items.server';
import { reconcilePendingPayments } from '~/lib/checkout/payment-reconcile.server';
import { capturePaypalOrder, codeGoneMessage, createPaypalOrder } from '~/lib/checkout/place-order.server';
import { PaypalClient } from '~/lib/payments/paypal-client.server';
import { PaypalFake } from '~/lib/payments/paypal-fake.server';
import type { Db } from '~/lib/platform/server/db';
import { DISCOUNT_MESSAGES } from '~/lib/selling/discount';
import { discountCodes, orders } from '~db/schema';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { makeDiscountCode, makeVariant } from '~tests/helpers/factories';
import { CUSTOMER } from '~tests/helpers/fixtures';

tempDataDir('capture-limits');

const CAPTURE_DELAY_MS = 300;
const BUYERS = 20;

let db: Db;
let fake: PaypalFake;
let client: PaypalClient;
let variantId: string;

beforeEach(() => {
  db = memoryDb();
  fake = new PaypalFake();
  // PayPal answering every capture after 300 ms, so that the captures overlap.
  client = new PaypalClient({
    apiBase: 'http://paypal-fake.invalid',
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    fetch: async (url, call) => {
      const answer = await fake.fetch(url, call);
      if (url.endsWith('/capture')) await new Promise((r) => setTimeout(r, CAPTURE_DELAY_MS));
      return answer;
    },
  });
  variantId = makeVariant(db, { priceCents: 4500 }).id;
});

const codeRow = (id: string) => db.select().from(discountCodes).where(eq(discountCodes.id, id)).get()!;
const completedCaptures = () =>
  [...fake.orders.values()].flatMap((o) => o.captures).filter((c) => c.status === 'COMPLETED');

async function orderWith(code: string) {
  return createPaypalOrder(db, client, {
    lines: [{ variantId, framing: null, quantity: 1 }],
    country: 'IE',
    discountCode: code,
  });
}

describe('a code of one use, captured by 20 buyers at once', () => {
  it('pays exactly one order; the others are refused before PayPal with "used up, not charged"', async () => {
    const code = makeDiscountCode(db, { code: 'NINETY', value: 90, maxUses: 1 });
    const made = [];
    for (let i = 0; i < BUYERS; i++) made.push(await orderWith('NINETY'));

    const outcomes = await Promise.allSettled(
      made.map((m) => capturePaypalOrder(db, client, m.id, CUSTOMER)),
    );
    const paid = outcomes.filter((o) => o.status === 'fulfilled' && o.value.paid);
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(paid).toHaveLength(1);
    expect(refused).toHaveLength(BUYERS - 1);
    const expected = codeGoneMessage(DISCOUNT_MESSAGES.usedUp);
    expect(expected).toMatch(/used up.*You have not been charged/);
    for (const r of refused) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 422, message: expected });
    }
    expect(codeRow(code.id)).toMatchObject({ uses: 1, maxUses: 1 });
    // PayPal took money once.
    expect(completedCaptures()).toHaveLength(1);
    const paidOrders = made.filter((m) => getOrderWithItems(db, m.orderId)?.paymentStatus === 'completed');
    expect(paidOrders).toHaveLength(1);
  }, 30_000);

  it('gives the use back when PayPal refuses the payment, so another buyer can use the code', async () => {
    const code = makeDiscountCode(db, { code: 'ONCE', value: 20, maxUses: 1 });
    const first = await orderWith('ONCE');
    const second = await orderWith('ONCE');
    const third = await orderWith('ONCE');
    fake.captureBehaviour = 'instrument-declined';
    await expect(capturePaypalOrder(db, client, first.id, CUSTOMER)).rejects.toMatchObject({
      issue: 'INSTRUMENT_DECLINED',
    });
    expect(codeRow(code.id).uses).toBe(0);
    fake.captureBehaviour = 'declined';
    expect(await capturePaypalOrder(db, client, second.id, CUSTOMER)).toMatchObject({ paid: false });
    expect(codeRow(code.id).uses).toBe(0);
    fake.captureBehaviour = 'complete';
    expect(await capturePaypalOrder(db, client, third.id, CUSTOMER)).toMatchObject({ paid: true });
    expect(codeRow(code.id).uses).toBe(1);
  });

  it('gives the use back when PayPal fails, and keeps it for a payment PayPal holds for review', async () => {
    const code = makeDiscountCode(db, { code: 'TWICE', value: 20, maxUses: 2 });
    const first = await orderWith('TWICE');
    fake.captureBehaviour = 'fail500';
    await expect(capturePaypalOrder(db, client, first.id, CUSTOMER)).rejects.toMatchObject({ status: 500 });
    expect(codeRow(code.id).uses).toBe(0);
    fake.captureBehaviour = 'pending';
    const held = await capturePaypalOrder(db, client, first.id, CUSTOMER);
    expect(held).toMatchObject({ paid: false, status: 'PENDING' });
    expect(codeRow(code.id).uses).toBe(1);
  });
});

describe('a use taken for a capture the site never heard back about', () => {
  /** An order that took its code's use for a capture, then heard nothing (PayPal failed, unreadable). */
  async function stranded(code: string) {
    const made = await orderWith(code);
    db.update(orders)
      .set({ discountUseTaken: true, updatedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(orders.id, made.orderId))
      .run();
    db.update(discountCodes)
      .set({ uses: sql`${discountCodes.uses} + 1` })
      .where(eq(discountCodes.code, code))
      .run();
    return made;
  }

  it('is given back by the payment check when PayPal shows no capture', async () => {
    const code = makeDiscountCode(db, { code: 'LATE', value: 20, maxUses: 1 });
    const made = await stranded('LATE');
    expect(codeRow(code.id).uses).toBe(1);
    const report = await reconcilePendingPayments(db, client);
    expect(report.checked).toBe(1);
    expect(codeRow(code.id).uses).toBe(0);
    expect(db.select().from(orders).where(eq(orders.id, made.orderId)).get()?.discountUseTaken).toBe(false);
  });

  it('is given back when the order is removed as abandoned, and other codes keep their uses', async () => {
    const code = makeDiscountCode(db, { code: 'GONE', value: 20, maxUses: 3, uses: 1 });
    const other = makeDiscountCode(db, { code: 'KEPT', value: 20, maxUses: 3, uses: 2 });
    await stranded('GONE');
    expect(codeRow(code.id).uses).toBe(2);
    expect(removeAbandonedOrders(db, new Date(Date.now() + 8 * 24 * 60 * 60_000))).toBe(1);
    expect(codeRow(code.id).uses).toBe(1);
    expect(codeRow(other.id).uses).toBe(2);
  });
});
