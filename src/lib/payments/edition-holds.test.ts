// Holds an unpaid order may keep on a limited edition: at most MAX_HELD_COPIES of each edition per
// order, and per address (the buyer's IP) across its unpaid orders; the capture holds every copy it
// pays for, checking again that they are there; a capture PayPal refuses gives its copies back at
// once, so one buyer's unpaid order (or a refused card tried again and again) cannot show an edition
// as sold out to everyone.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { capturePaypalOrder, createPaypalOrder } from '~/lib/checkout/place-order.server';
import type { PaypalClient } from '~/lib/payments/paypal-client.server';
import type { PaypalFake } from '~/lib/payments/paypal-fake.server';
import type { Db } from '~/lib/platform/server/db';
import { editionLine, MAX_HELD_COPIES } from '~/lib/shop/editions';
import { editionOf, numberedCopiesOf } from '~/lib/shop/editions.server';
import { editionCopies, orders } from '~db/schema';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { makePhoto, makeVariant } from '~tests/helpers/factories';
import { CUSTOMER } from '~tests/helpers/fixtures';
import { paypalFake } from '~tests/helpers/paypal';

tempDataDir('edition-holds');

let db: Db;
let fake: PaypalFake;
let client: PaypalClient;
let editions: { photoId: string; variantId: string }[];
beforeEach(() => {
  db = memoryDb();
  ({ fake, client } = paypalFake());
  editions = ['Lough Tay', 'Glendalough', 'Sugarloaf'].map((title) => {
    const photoId = makePhoto(db, { title, editionSize: 30 }).id;
    return { photoId, variantId: makeVariant(db, { photoId, size: 'small' }).id };
  });
});

const shown = (photoId: string) => editionLine(editionOf(db, photoId) as never);
const allOf = (quantity: number, clientIp?: string) =>
  createPaypalOrder(
    db,
    client,
    { lines: editions.map((e) => ({ variantId: e.variantId, framing: null, quantity })), country: 'IE' },
    { clientIp },
  );
const held = (orderId: string) =>
  db.select().from(editionCopies).where(eq(editionCopies.orderId, orderId)).all();

describe('an unpaid order for every copy of three editions', () => {
  it(`holds ${MAX_HELD_COPIES} copies of each, so none shows sold out to others`, async () => {
    expect(MAX_HELD_COPIES).toBe(3);
    const { orderId } = await allOf(30, '203.0.113.7');
    expect(held(orderId)).toHaveLength(3 * MAX_HELD_COPIES);
    for (const e of editions) expect(shown(e.photoId)).toBe('Limited edition of 30 · 27 left');
  });

  it('can still be paid: the capture takes all its copies while they are there, and numbers them', async () => {
    const { id, orderId } = await allOf(30);
    expect(await capturePaypalOrder(db, client, id, CUSTOMER)).toMatchObject({ paid: true });
    expect(numberedCopiesOf(db, orderId)).toHaveLength(90);
    for (const e of editions) expect(shown(e.photoId)).toBe('Limited edition of 30 · Sold out');
  });

  it('is refused at capture, before PayPal, when others bought copies it did not hold', async () => {
    const big = await allOf(30);
    const other = await allOf(1);
    expect(await capturePaypalOrder(db, client, other.id, CUSTOMER)).toMatchObject({ paid: true });
    const captures = () => fake.calls.filter((c) => c.path.endsWith('/capture')).length;
    const before = captures();
    await expect(capturePaypalOrder(db, client, big.id, CUSTOMER)).rejects.toMatchObject({
      status: 409,
      message:
        'Only 29 copies of “Lough Tay” are left now, so no payment was taken. Please lower the quantity in your cart.',
    });
    expect(captures()).toBe(before);
  });
});

describe('a capture PayPal refuses', () => {
  it('gives the copies back at once, and the buyer may try again while copies remain', async () => {
    const { id, orderId } = await allOf(2);
    fake.captureBehaviour = 'instrument-declined';
    await expect(capturePaypalOrder(db, client, id, CUSTOMER)).rejects.toMatchObject({
      issue: 'INSTRUMENT_DECLINED',
    });
    expect(held(orderId)).toEqual([]);
    for (const e of editions) expect(shown(e.photoId)).toBe('Limited edition of 30 · 30 left');
    expect(db.select().from(orders).where(eq(orders.id, orderId)).get()?.paymentStatus).toBe('pending');
  });

  it('gives them back when PayPal declines the capture too', async () => {
    const { id, orderId } = await allOf(2);
    fake.captureBehaviour = 'declined';
    expect(await capturePaypalOrder(db, client, id, CUSTOMER)).toMatchObject({ paid: false });
    expect(held(orderId)).toEqual([]);
  });
});

describe('one address', () => {
  it(`holds at most ${MAX_HELD_COPIES} copies of an edition across its unpaid orders`, async () => {
    const ip = '198.51.100.4';
    const first = await allOf(2, ip);
    const second = await allOf(2, ip);
    const third = await allOf(2, ip);
    expect(held(first.orderId)).toHaveLength(6);
    expect(held(second.orderId)).toHaveLength(3);
    expect(held(third.orderId)).toHaveLength(0);
    for (const e of editions) expect(shown(e.photoId)).toBe('Limited edition of 30 · 27 left');
    // Another address is not held back by it.
    const elsewhere = await allOf(2, '198.51.100.5');
    expect(held(elsewhere.orderId)).toHaveLength(6);
  });
});
