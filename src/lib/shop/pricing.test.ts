// Print pricing in integer cents: the dialog's arithmetic and the server's pricing of lines.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { priceOrderLines } from '~/lib/checkout/order-lines.server';
import { createPendingOrder, judgeCapture, paypalOrderBody } from '~/lib/checkout/place-order.server';
import { quoteCart } from '~/lib/checkout/quote-cart.server';
import { customerDataSchema } from '~/lib/checkout/schemas';
import type { Db } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { decimalToCents, framingPriceFor, linePriceCents, lineTotalCents } from '~/lib/shop/pricing';
import { framingOptions, orderItems, orders, photos, productVariants } from '~db/schema';
import { memoryDb } from '~tests/helpers/db';
import { CUSTOMER } from '~tests/helpers/fixtures';

describe('dialog pricing', () => {
  it('line price = variant price + framing price for the size', () => {
    expect(linePriceCents(4500, 2500)).toBe(7000);
    expect(linePriceCents(4500, null)).toBe(4500);
  });
  it('a missing variant price counts as 0', () => {
    expect(linePriceCents(undefined, 2500)).toBe(2500);
    expect(linePriceCents(null)).toBe(0);
  });
  it('total = line price × quantity, with 1 as the minimum quantity', () => {
    expect(lineTotalCents(7000, 3)).toBe(21000);
    expect(lineTotalCents(7000, 0)).toBe(7000);
  });
  it('finds the frame price of a size', () => {
    const opts = [{ size: 'small' as const, priceCents: 2500 }];
    expect(framingPriceFor(opts, 'small')).toBe(2500);
    expect(framingPriceFor(opts, 'large')).toBeNull();
    expect(framingPriceFor(opts, null)).toBeNull();
  });
  it('reads PayPal decimal amounts into cents strictly', () => {
    expect(decimalToCents('110.00')).toBe(11000);
    expect(decimalToCents('5.5')).toBe(550);
    expect(decimalToCents('7')).toBe(700);
    expect(decimalToCents('1e3')).toBeNull();
    expect(decimalToCents('-1.00')).toBeNull();
  });
});

function seed(db: Db) {
  db.insert(photos)
    .values([
      { id: 'p-tay', title: 'Lough Tay', imageUrl: '/x.jpg', category: 'mountains' },
      { id: 'p-gone', title: 'Retired', imageUrl: '/y.jpg', category: 'coastal', isActive: false },
    ])
    .run();
  db.insert(productVariants)
    .values([
      {
        id: 'v-small-matte',
        photoId: 'p-tay',
        size: 'small',
        finish: 'matte',
        priceCents: 4500,
        dimensions: '8x12 inches',
      },
      {
        id: 'v-large-gloss',
        photoId: 'p-tay',
        size: 'large',
        finish: 'gloss',
        priceCents: 11000,
        dimensions: '16x20 inches',
      },
      {
        id: 'v-gone',
        photoId: 'p-gone',
        size: 'small',
        finish: 'matte',
        priceCents: 4500,
        dimensions: '8x12 inches',
      },
    ])
    .run();
  db.insert(framingOptions)
    .values([
      { id: 'f-small', size: 'small', priceCents: 2500 },
      { id: 'f-large', size: 'large', priceCents: 4000 },
      { id: 'f-medium', size: 'medium', priceCents: 3000, isActive: false },
    ])
    .run();
}

describe('server pricing of order lines', () => {
  let db: Db;
  beforeEach(() => {
    db = memoryDb();
    seed(db);
  });

  it('prices from the database: variant + framing, × quantity, summed in cents', () => {
    const priced = priceOrderLines(db, [
      { variantId: 'v-small-matte', framing: null, quantity: 2 },
      { variantId: 'v-large-gloss', framing: 'large', quantity: 1 },
    ]);
    expect(priced.items.map((i) => i.unitCents)).toEqual([4500, 15000]);
    expect(priced.totalCents).toBe(2 * 4500 + 15000);
  });

  it('combines repeated lines of the same variant and framing', () => {
    const priced = priceOrderLines(db, [
      { variantId: 'v-small-matte', framing: null, quantity: 1 },
      { variantId: 'v-small-matte', framing: null, quantity: 2 },
    ]);
    expect(priced.items).toHaveLength(1);
    expect(priced.items[0]!.quantity).toBe(3);
  });

  const refused = (lines: Parameters<typeof priceOrderLines>[1], message: RegExp) => {
    try {
      priceOrderLines(db, lines);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(HttpError);
      expect((err as HttpError).status).toBe(400);
      expect((err as HttpError).message).toMatch(message);
    }
  };

  it('refuses unknown variants, inactive photos, inactive framing and a frame of another size', () => {
    refused([{ variantId: 'nope', framing: null, quantity: 1 }], /no longer available/);
    refused([{ variantId: 'v-gone', framing: null, quantity: 1 }], /no longer available/);
    db.update(productVariants).set({ priceCents: 0 }).where(eq(productVariants.id, 'v-large-gloss')).run();
    refused([{ variantId: 'v-large-gloss', framing: null, quantity: 1 }], /no price/);
    refused([{ variantId: 'v-small-matte', framing: 'large', quantity: 1 }], /match the size/);
    db.update(framingOptions).set({ isActive: false }).where(eq(framingOptions.size, 'small')).run();
    refused([{ variantId: 'v-small-matte', framing: 'small', quantity: 1 }], /not available/);
    refused([], /empty/);
  });

  it('stores a pending order with its items in one go', () => {
    const lines = [{ variantId: 'v-large-gloss', framing: 'large' as const, quantity: 2 }];
    // Shipped to Ireland, whose shipping is free from €150: the total is the prints'.
    const id = createPendingOrder(db, quoteCart(db, { lines, country: 'IE' }, new Date()));
    const order = db.select().from(orders).where(eq(orders.id, id)).get()!;
    expect(order).toMatchObject({ totalAmountCents: 30000, paymentStatus: 'pending', currency: 'EUR' });
    const items = db.select().from(orderItems).where(eq(orderItems.orderId, id)).all();
    expect(items).toEqual([
      expect.objectContaining({
        quantity: 2,
        priceCents: 15000,
        framingSize: 'large',
        framingPriceCents: 4000,
      }),
    ]);
  });

  it('builds a PayPal body whose breakdown adds up to the amount', () => {
    const lines = [{ variantId: 'v-large-gloss', framing: 'large' as const, quantity: 2 }];
    const body = paypalOrderBody('o-1', quoteCart(db, { lines, country: 'IE' }, new Date()));
    expect(body.purchase_units[0]!.amount).toMatchObject({
      currency_code: 'EUR',
      value: '300.00',
      breakdown: { item_total: { currency_code: 'EUR', value: '300.00' } },
    });
    expect(body.purchase_units[0]!.items![0]).toMatchObject({
      quantity: '2',
      unit_amount: { value: '150.00' },
    });
  });
});

describe('capture judgement', () => {
  const order = (status: string, value: string, currency = 'EUR') => ({
    id: 'X',
    status: 'COMPLETED',
    purchase_units: [
      { payments: { captures: [{ id: 'C1', status, amount: { currency_code: currency, value } }] } },
    ],
  });
  it('is paid only for a COMPLETED capture of exactly the stored cents in EUR', () => {
    expect(judgeCapture(11000, order('COMPLETED', '110.00')).ok).toBe(true);
    expect(judgeCapture(11000, order('COMPLETED', '109.99')).ok).toBe(false);
    expect(judgeCapture(11000, order('COMPLETED', '110.00', 'USD')).ok).toBe(false);
    expect(judgeCapture(11000, order('PENDING', '110.00')).ok).toBe(false);
    expect(judgeCapture(11000, order('DECLINED', '110.00')).ok).toBe(false);
    expect(judgeCapture(11000, { id: 'X', status: 'COMPLETED' }).ok).toBe(false);
  });
});

describe('checkout form rules', () => {
  const valid = { ...CUSTOMER, phone: '+353 (1) 234-5678' };
  const messageFor = (patch: Partial<typeof valid>) => {
    const r = customerDataSchema.safeParse({ ...valid, ...patch });
    return r.success ? null : r.error.issues.map((i) => i.message);
  };
  it('accepts a complete form', () => expect(messageFor({})).toBeNull());
  it('has the messages the owner wrote', () => {
    expect(messageFor({ name: 'A' })).toEqual(['Name must be at least 2 characters']);
    expect(messageFor({ email: 'nope' })).toEqual(['Please enter a valid email address']);
    expect(messageFor({ phone: '12345' })).toEqual(['Phone number must be at least 10 digits']);
    expect(messageFor({ phone: '0123456789x' })).toEqual(['Please enter a valid phone number']);
    expect(messageFor({ phone: '01234+56789' })).toEqual(['Please enter a valid phone number']);
    expect(messageFor({ street: 'Main' })).toEqual(['Street address must be at least 5 characters']);
    expect(messageFor({ city: 'W' })).toEqual(['City must be at least 2 characters']);
    expect(messageFor({ postalCode: 'A6' })).toEqual(['Postal code must be at least 3 characters']);
    expect(messageFor({ country: 'I' })).toEqual(['Country must be at least 2 characters']);
  });
});
