// Starting an order: every line is priced from the database (a frame of the print's size adds its
// price), refused when the print or frame is not for sale, stored as a pending order with its items,
// and PayPal is asked for exactly that total in EUR.

import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { priceOrderLines } from '~/lib/checkout/order-lines.server';
import { getOrderWithItems } from '~/lib/checkout/order-with-items.server';
import {
  createPaypalOrder,
  createPendingOrder,
  PAYMENT_ERRORS,
  paypalOrderBody,
} from '~/lib/checkout/place-order.server';
import { quoteCart } from '~/lib/checkout/quote-cart.server';
import type { Db } from '~/lib/platform/server/db';
import { getLog } from '~/lib/platform/server/log';
import { shortOrderId } from '~/lib/platform/shared/format';
import { orderItems, orders, photoPrintCrops, productVariants } from '~db/schema';
import { memoryDb } from '~tests/helpers/db';
import { makeFraming, makeFramings, makePhoto, makePrintCrop, makeVariant } from '~tests/helpers/factories';
import { paypalFake } from '~tests/helpers/paypal';

let db: Db;
let small: string;
let large: string;
beforeEach(() => {
  db = memoryDb();
  const photo = makePhoto(db, { title: 'Lough Tay' });
  small = makeVariant(db, { photoId: photo.id, size: 'small', priceCents: 4500 }).id;
  large = makeVariant(db, { photoId: photo.id, size: 'large', finish: 'gloss', priceCents: 11000 }).id;
  makeFramings(db, { small: 2500, medium: 3000, large: 4000 });
});

const refused = (lines: Parameters<typeof priceOrderLines>[1], message: string | RegExp) =>
  expect(() => priceOrderLines(db, lines)).toThrow(
    expect.objectContaining({ status: 400, message: expect.stringMatching(message) }),
  );

describe('pricing an order', () => {
  it('prices each line from the database, a frame adding its price, in cents', () => {
    const priced = priceOrderLines(db, [
      { variantId: small, framing: null, quantity: 2 },
      { variantId: large, framing: 'large', quantity: 1 },
    ]);
    expect(priced.totalCents).toBe(2 * 4500 + 11000 + 4000);
    expect(priced.items).toEqual([
      expect.objectContaining({ variantId: small, unitCents: 4500, quantity: 2, framing: null }),
      expect.objectContaining({
        variantId: large,
        unitCents: 15000,
        framingPriceCents: 4000,
        description: 'Lough Tay, large (16x20 inches) gloss, framed',
      }),
    ]);
  });

  it('refuses an empty cart, an unknown print and a print of a hidden photo', () => {
    const hidden = makeVariant(db, { photoId: makePhoto(db, { isActive: false }).id });
    refused([], 'Your cart is empty');
    refused([{ variantId: 'no-such-variant', framing: null, quantity: 1 }], /no longer available/);
    refused([{ variantId: hidden.id, framing: null, quantity: 1 }], /no longer available/);
  });

  it('refuses a print without a price', () => {
    const free = makeVariant(db, { photoId: makePhoto(db, { title: 'Free' }).id, priceCents: 0 });
    refused([{ variantId: free.id, framing: null, quantity: 1 }], '"Free" has no price yet');
  });

  it('refuses a frame of another size, and a frame that is switched off', () => {
    refused(
      [{ variantId: small, framing: 'large', quantity: 1 }],
      'A frame must match the size of its print.',
    );
    const db2 = memoryDb();
    const medium = makeVariant(db2, { size: 'medium' });
    makeFraming(db2, { size: 'medium', isActive: false });
    expect(() => priceOrderLines(db2, [{ variantId: medium.id, framing: 'medium', quantity: 1 }])).toThrow(
      'Framing for medium prints is not available at the moment.',
    );
  });
});

describe('storing and sending an order to PayPal', () => {
  const lines = () => [
    { variantId: small, framing: 'small' as const, quantity: 3 },
    { variantId: large, framing: null, quantity: 1 },
  ];

  it('stores a pending order with its items at the priced amounts', () => {
    const quoted = quoteCart(db, { lines: lines(), country: 'IE' }, new Date());
    const order = getOrderWithItems(db, createPendingOrder(db, quoted));
    expect(order).toMatchObject({
      totalAmountCents: 3 * 7000 + 11000,
      currency: 'EUR',
      paymentStatus: 'pending',
      paymentProvider: 'paypal',
      paymentId: null,
    });
    expect(
      order?.items.map((i) => [i.productVariantId, i.quantity, i.priceCents, i.framingPriceCents]),
    ).toEqual([
      [small, 3, 7000, 2500],
      [large, 1, 11000, 0],
    ]);
  });

  it('keeps where the crop window of each print sat when it was sold', () => {
    const photo = db.select().from(productVariants).where(eq(productVariants.id, large)).get();
    makePrintCrop(db, { photoId: photo?.photoId, size: 'large', position: 200, offered: true });
    const quoted = quoteCart(db, { lines: lines(), country: 'IE' }, new Date());
    const orderId = createPendingOrder(db, quoted);
    // The owner moves the crop afterwards: the order keeps the one sold.
    db.update(photoPrintCrops).set({ position: 800 }).run();
    const kept = db
      .select({ variant: orderItems.productVariantId, crop: orderItems.cropPosition })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .all();
    expect(kept).toEqual(
      expect.arrayContaining([
        { variant: small, crop: null },
        { variant: large, crop: 200 },
      ]),
    );
  });

  it('asks PayPal for the total in EUR with a breakdown that adds up', () => {
    const body = paypalOrderBody('order-1', quoteCart(db, { lines: lines(), country: 'IE' }, new Date()));
    const unit = body.purchase_units[0];
    const eur = (value: string) => ({ currency_code: 'EUR', value });
    // Ireland ships free from €150.
    expect(unit?.amount).toEqual({
      ...eur('320.00'),
      breakdown: { item_total: eur('320.00'), shipping: eur('0.00'), discount: eur('0.00') },
    });
    expect(unit?.custom_id).toBe('order-1');
    expect(unit?.items.map((i) => [i.quantity, i.unit_amount.value])).toEqual([
      ['3', '70.00'],
      ['1', '110.00'],
    ]);
  });

  it('creates the PayPal order for the stored total and keeps its id with the order', async () => {
    const { fake, client } = paypalFake();
    const created = await createPaypalOrder(db, client, { lines: lines(), country: 'IE' });
    expect(created.totalCents).toBe(32000);
    expect(fake.orders.get(created.id)?.purchaseUnits[0]?.amount).toMatchObject({
      currency_code: 'EUR',
      value: '320.00',
    });
    expect(getOrderWithItems(db, created.orderId)).toMatchObject({
      paypalOrderId: created.id,
      paymentStatus: 'pending',
    });
  });

  it('gives orders and their items time-ordered ids (UUIDv7) whose short references still differ', async () => {
    const { client } = paypalFake();
    const made = [];
    for (let i = 0; i < 5; i++)
      made.push(await createPaypalOrder(db, client, { lines: lines(), country: 'IE' }));
    const ids = made.map((m) => m.orderId);
    // Version 7: the time comes first, so a later order's id sorts after an earlier one's.
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids);
    const items = getOrderWithItems(db, ids[0] as string)?.items ?? [];
    for (const item of items) expect(item.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    // The reference a buyer reads is the id's last six characters: random, not the clock's.
    expect(new Set(ids.map((id) => shortOrderId(id))).size).toBe(ids.length);
  });

  it('marks the order failed and answers 502 when PayPal cannot create it', async () => {
    const { fake, client } = paypalFake();
    fake.failCreate = true;
    const log = vi.spyOn(getLog(), 'error').mockImplementation(() => {});
    await expect(createPaypalOrder(db, client, { lines: lines(), country: 'IE' })).rejects.toMatchObject({
      status: 502,
      message: PAYMENT_ERRORS.provider,
    });
    log.mockRestore();
    expect(db.select({ status: orders.paymentStatus }).from(orders).all()).toEqual([{ status: 'failed' }]);
  });
});
