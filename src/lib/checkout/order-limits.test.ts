// Quantity caps on an order, applied after repeated lines of the same print are combined: at most 100
// prints of one variant and framing, at most 500 prints in one order, each refused with a plain message.
import { beforeEach, describe, expect, it } from 'vitest';
import { priceOrderLines } from '~/lib/checkout/order-lines.server';
import { createOrderSchema, type OrderLineInput } from '~/lib/checkout/schemas';
import type { Db } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { memoryDb } from '~tests/helpers/db';
import { makeFramings, makePhoto, makeVariant } from '~tests/helpers/factories';

const PER_PRINT =
  /^You can order at most 100 copies of one print \(Lough Tay.*\)\. Please lower the quantity\.$/;
const PER_ORDER = 'An order can hold at most 500 prints. Please split it into smaller orders.';

function seed(db: Db) {
  makePhoto(db, { id: 'p-tay', title: 'Lough Tay', category: 'mountains' });
  for (const size of ['small', 'medium', 'large'] as const) {
    makeVariant(db, { id: `v-${size}`, photoId: 'p-tay', size, finish: 'matte', priceCents: 4500 });
  }
  makeFramings(db, { small: 2500, medium: 3000, large: 4000 });
}

const line = (size: 'small' | 'medium' | 'large', quantity: number, framed = false): OrderLineInput => ({
  variantId: `v-${size}`,
  framing: framed ? size : null,
  quantity,
});

/** Six different prints (three sizes, each framed and not). */
const sixKinds = (quantity: number) =>
  (['small', 'medium', 'large'] as const).flatMap((s) => [line(s, quantity), line(s, quantity, true)]);

describe('quantity caps when pricing an order', () => {
  let db: Db;
  beforeEach(() => {
    db = memoryDb();
    seed(db);
  });

  const refusal = (lines: OrderLineInput[]) => {
    try {
      const priced = priceOrderLines(db, lines);
      return `priced ${priced.items.map((i) => i.quantity).join('+')} prints`;
    } catch (err) {
      expect(err).toBeInstanceOf(HttpError);
      expect((err as HttpError).status).toBe(400);
      return (err as HttpError).message;
    }
  };

  it('refuses 50 lines of 100 of the same print: 5,000 prints are not one order line', () => {
    expect(refusal(Array.from({ length: 50 }, () => line('small', 100)))).toMatch(PER_PRINT);
  });

  it('caps the combined quantity of one print at 100', () => {
    expect(refusal([line('small', 60), line('small', 41)])).toMatch(PER_PRINT);
    expect(refusal([line('large', 100, true), line('large', 1, true)])).toMatch(PER_PRINT);
    const priced = priceOrderLines(db, [line('small', 50), line('small', 50)]);
    expect(priced.items.map((i) => i.quantity)).toEqual([100]);
  });

  it('counts a framed and an unframed print separately', () => {
    const priced = priceOrderLines(db, [line('small', 100), line('small', 100, true)]);
    expect(priced.items.map((i) => i.quantity)).toEqual([100, 100]);
  });

  it('caps the whole order at 500 prints', () => {
    expect(refusal(sixKinds(100))).toBe(PER_ORDER);
    expect(refusal([...sixKinds(83), line('small', 3)])).toBe(PER_ORDER);
    const priced = priceOrderLines(db, sixKinds(83));
    expect(priced.items.reduce((n, i) => n + i.quantity, 0)).toBe(498);
  });
});

describe('the order schema', () => {
  const parse = (lines: OrderLineInput[]) => createOrderSchema.safeParse({ lines, country: 'IE' });

  it('refuses a line over 100 and an order over 500 prints in all', () => {
    expect(parse([line('small', 101)]).success).toBe(false);
    const tooMany = parse(sixKinds(100));
    expect(tooMany.success).toBe(false);
    expect(tooMany.error?.issues[0]?.message).toBe(PER_ORDER);
    expect(parse(Array.from({ length: 50 }, () => line('small', 100))).success).toBe(false);
    expect(parse(sixKinds(83)).success).toBe(true);
  });
});
