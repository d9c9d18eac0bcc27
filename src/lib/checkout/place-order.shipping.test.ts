// Orders with shipping, VAT and discount codes, against the PayPal fake: an order stores the
// quote's figures and sends PayPal a breakdown that adds up (the fake refuses one that does not,
// as PayPal does); a capture is refused before PayPal is asked when the buyer's country is not the
// order's, or when its code can no longer be used; and a code's use is counted once, by the payment.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { getOrderWithItems } from '~/lib/checkout/order-with-items.server';
import {
  capturePaypalOrder,
  createPaypalOrder,
  FREE_ORDER_MESSAGE,
  paypalOrderBody,
} from '~/lib/checkout/place-order.server';
import { quoteCart } from '~/lib/checkout/quote-cart.server';
import { breakdownIssue } from '~/lib/payments/breakdown.server';
import type { PaypalClient } from '~/lib/payments/paypal-client.server';
import type { PaypalFake } from '~/lib/payments/paypal-fake.server';
import type { Db } from '~/lib/platform/server/db';
import { DEFAULT_ZONES } from '~/lib/selling/shipping-zones';
import { discountCodes, orders, shippingZones } from '~db/schema';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { makeDiscountCode, makeFramings, makePhoto, makeVariant } from '~tests/helpers/factories';
import { CUSTOMER } from '~tests/helpers/fixtures';
import { paypalFake } from '~tests/helpers/paypal';

tempDataDir('orders-shipping');

let db: Db;
let fake: PaypalFake;
let client: PaypalClient;
let open: string;
let edition: string;
beforeEach(() => {
  db = memoryDb();
  ({ fake, client } = paypalFake());
  open = makeVariant(db, { photoId: makePhoto(db, { title: 'Lough Tay' }).id, priceCents: 4500 }).id;
  const limited = makePhoto(db, { title: 'Glendalough', editionSize: 10 });
  edition = makeVariant(db, { photoId: limited.id, size: 'large', priceCents: 11000 }).id;
  makeFramings(db, { small: 2500, medium: 3000, large: 4000 });
});

const LINES = () => [
  { variantId: open, framing: null, quantity: 2 },
  { variantId: edition, framing: 'large' as const, quantity: 1 },
];
const eur = (value: string) => ({ currency_code: 'EUR', value });
const captureCalls = () => fake.calls.filter((c) => c.path.endsWith('/capture')).length;
const uses = (id: string) => db.select().from(discountCodes).where(eq(discountCodes.id, id)).get()?.uses;
const australian = { ...CUSTOMER, country: 'AU' };

describe('an order with shipping and a code', () => {
  it("stores the quote's figures on the order and its items", async () => {
    const code = makeDiscountCode(db, { code: 'SPRING', kind: 'fixed', value: 2400 });
    const created = await createPaypalOrder(db, client, {
      lines: LINES(),
      country: 'AU',
      discountCode: 'spring',
    });
    // Prints 90.00 + 150.00 = 240.00; 24.00 off; shipping to the world: 25 + 2 × 6 + 60 framed = 97.00.
    expect(created.totalCents).toBe(24000 - 2400 + 9700);
    const order = getOrderWithItems(db, created.orderId);
    expect(order).toMatchObject({
      totalAmountCents: 31300,
      itemTotalCents: 24000,
      shippingCents: 9700,
      discountCents: 2400,
      shipCountry: 'AU',
      shippingZone: 'world',
      // Shipping follows the goods: 97.00 over 117.00 paid at 23% (the open prints and the frame)
      // and 99.00 at 13.5% (the edition), in proportion: 52.54 and 44.46, the spare cent to the
      // larger remainder. No one rate, so the rate column is empty and the parts say it.
      shippingVatRateBp: null,
      shippingVatCents: 982 + 529,
      shippingVatParts: [
        { rateBp: 2300, grossCents: 5254, vatCents: 982 },
        { rateBp: 1350, grossCents: 4446, vatCents: 529 },
      ],
      discountCode: 'SPRING',
      discountCodeId: code.id,
    });
    // The discount is shared out in proportion: 9.00 on the open prints, 15.00 on the framed edition
    // (11.00 on its print, 4.00 on its frame); each part's VAT is on what is paid for it.
    expect(
      order?.items.map((i) => [
        i.discountCents,
        i.vatRateBp,
        i.vatCents,
        i.framingVatRateBp,
        i.framingVatCents,
        i.framingDiscountCents,
        i.editionSize,
      ]),
    ).toEqual([
      [900, 2300, 1515, null, null, 0, null],
      [1500, 1350, 1178, 2300, 673, 400, 10],
    ]);
  });

  it("sends PayPal the breakdown, which adds up as PayPal's rules say", async () => {
    makeDiscountCode(db, { code: 'TENOFF', kind: 'percent', value: 10 });
    const created = await createPaypalOrder(db, client, {
      lines: LINES(),
      country: 'IE',
      discountCode: 'TENOFF',
    });
    const unit = fake.orders.get(created.id)?.purchaseUnits[0];
    // 240.00 of prints, 24.00 off: 216.00 ships free in Ireland.
    expect(unit?.amount).toEqual({
      ...eur('216.00'),
      breakdown: { item_total: eur('240.00'), shipping: eur('0.00'), discount: eur('24.00') },
    });
    expect(unit?.items?.map((i) => [i.quantity, i.unit_amount?.value])).toEqual([
      ['2', '45.00'],
      ['1', '150.00'],
    ]);
    expect(getOrderWithItems(db, created.orderId)?.totalAmountCents).toBe(21600);
  });

  it('refuses an order a code makes free, which PayPal cannot take', async () => {
    makeDiscountCode(db, { code: 'ALL', kind: 'percent', value: 100 });
    // An owner who ships free in Ireland whatever the order comes to.
    db.insert(shippingZones)
      .values({ ...DEFAULT_ZONES[0]!, freeOverCents: 0 })
      .run();
    await expect(
      createPaypalOrder(db, client, { lines: LINES(), country: 'IE', discountCode: 'ALL' }),
    ).rejects.toMatchObject({ status: 422, message: FREE_ORDER_MESSAGE });
    expect(fake.orders.size).toBe(0);
    expect(db.select().from(orders).all()).toEqual([]);
  });

  it('refuses a country not on the list or not shipped to, before PayPal is asked', async () => {
    await expect(createPaypalOrder(db, client, { lines: LINES(), country: 'ZZ' })).rejects.toMatchObject({
      status: 422,
    });
    expect(fake.calls).toEqual([]);
    expect(db.select().from(orders).all()).toEqual([]);
  });
});

describe("the PayPal fake's arithmetic", () => {
  const body = () => paypalOrderBody('o-1', quoteCart(db, { lines: LINES(), country: 'AU' }, new Date()));

  it("takes the site's own body", () => {
    expect(breakdownIssue(body().purchase_units[0]!)).toBeNull();
  });

  it('refuses an amount that is not item_total + shipping − discount (422 AMOUNT_MISMATCH)', async () => {
    const wrong = body();
    wrong.purchase_units[0]!.amount.value = '240.00';
    await expect(client.createOrder(wrong, 'wrong-amount')).rejects.toMatchObject({
      status: 422,
      name: 'UNPROCESSABLE_ENTITY',
      issue: 'AMOUNT_MISMATCH',
    });
  });

  it('refuses an item_total that is not Σ unit_amount × quantity (422 ITEM_TOTAL_MISMATCH)', async () => {
    const wrong = body();
    wrong.purchase_units[0]!.items[0]!.quantity = '3';
    await expect(client.createOrder(wrong, 'wrong-items')).rejects.toMatchObject({
      status: 422,
      issue: 'ITEM_TOTAL_MISMATCH',
    });
  });

  it('refuses priced items without an item_total, and amounts that are not amounts', () => {
    const unit = body().purchase_units[0]!;
    expect(breakdownIssue({ ...unit, amount: { ...unit.amount, breakdown: undefined } })?.issue).toBe(
      'ITEM_TOTAL_REQUIRED',
    );
    const negative = { ...unit, amount: { ...unit.amount, breakdown: { ...unit.amount.breakdown } } };
    negative.amount.breakdown.discount = eur('-5.00');
    expect(breakdownIssue(negative)).toMatchObject({ status: 400, issue: 'INVALID_PARAMETER_VALUE' });
  });
});

describe('capturing an order priced for a country and a code', () => {
  it("refuses a buyer whose country is not the order's, before PayPal is asked and without writing", async () => {
    const created = await createPaypalOrder(db, client, { lines: LINES(), country: 'IE' });
    await expect(capturePaypalOrder(db, client, created.id, australian)).rejects.toMatchObject({
      status: 422,
      message: expect.stringMatching(/priced for delivery to Ireland.*review the new shipping/),
    });
    expect(captureCalls()).toBe(0);
    expect(getOrderWithItems(db, created.orderId)).toMatchObject({
      paymentStatus: 'pending',
      customerName: '',
    });
    // The country's code or its name both do.
    const paid = await capturePaypalOrder(db, client, created.id, { ...CUSTOMER, country: 'IE' });
    expect(paid).toMatchObject({ paid: true });
    expect(getOrderWithItems(db, created.orderId)?.customerAddress).toBe(
      '12 Main Street\nA67 X123 Wicklow\nIreland',
    );
  });

  it('refuses a code used up meanwhile before PayPal is asked to capture', async () => {
    const code = makeDiscountCode(db, { code: 'LAST', maxUses: 1 });
    const first = await createPaypalOrder(db, client, {
      lines: LINES(),
      country: 'AU',
      discountCode: 'LAST',
    });
    const second = await createPaypalOrder(db, client, {
      lines: LINES(),
      country: 'AU',
      discountCode: 'LAST',
    });
    expect(await capturePaypalOrder(db, client, first.id, australian)).toMatchObject({ paid: true });
    expect(uses(code.id)).toBe(1);
    await expect(capturePaypalOrder(db, client, second.id, australian)).rejects.toMatchObject({
      status: 422,
      message: expect.stringMatching(/^This code has been used up, .*You have not been charged/),
    });
    expect(captureCalls()).toBe(1);
    expect(uses(code.id)).toBe(1);
  });

  it('refuses a code that expired or was deleted meanwhile', async () => {
    const code = makeDiscountCode(db, { code: 'SOON', expiresAt: new Date('2030-01-01T00:00:00Z') });
    const created = await createPaypalOrder(db, client, {
      lines: LINES(),
      country: 'AU',
      discountCode: 'SOON',
    });
    const later = new Date('2030-01-02T00:00:00Z');
    await expect(capturePaypalOrder(db, client, created.id, australian, later)).rejects.toMatchObject({
      status: 422,
      message: expect.stringMatching(/^This code has expired/),
    });
    db.delete(discountCodes).where(eq(discountCodes.id, code.id)).run();
    await expect(capturePaypalOrder(db, client, created.id, australian)).rejects.toMatchObject({
      status: 422,
      message: expect.stringMatching(/^This code is not valid/),
    });
    expect(captureCalls()).toBe(0);
  });

  it("counts a code's use once, when the order is paid, however often it is captured", async () => {
    const code = makeDiscountCode(db, { code: 'ONCE' });
    const created = await createPaypalOrder(db, client, {
      lines: LINES(),
      country: 'AU',
      discountCode: 'ONCE',
    });
    expect(uses(code.id)).toBe(0);
    await capturePaypalOrder(db, client, created.id, australian);
    await capturePaypalOrder(db, client, created.id, australian);
    expect(uses(code.id)).toBe(1);
  });

  it('counts no use for an order PayPal did not complete, nor for a test order', async () => {
    const code = makeDiscountCode(db, { code: 'KEEP' });
    fake.captureBehaviour = 'declined';
    const declined = await createPaypalOrder(db, client, {
      lines: LINES(),
      country: 'AU',
      discountCode: 'KEEP',
    });
    expect(await capturePaypalOrder(db, client, declined.id, australian)).toMatchObject({ paid: false });
    fake.captureBehaviour = 'complete';
    const test = await createPaypalOrder(
      db,
      client,
      { lines: LINES(), country: 'AU', discountCode: 'KEEP' },
      { testMode: true },
    );
    expect(await capturePaypalOrder(db, client, test.id, australian)).toMatchObject({ paid: true });
    expect(uses(code.id)).toBe(0);
  });
});
