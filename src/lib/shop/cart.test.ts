// The cart rules, as pure functions in integer cents.
import { describe, expect, it } from 'vitest';
import {
  addLine,
  type CartLine,
  clear,
  EMPTY_CART,
  orderLines,
  removeLine,
  totals,
  updateQuantity,
} from '~/lib/shop/cart';
import { safeDecode } from '~/lib/shop/cart-store';

const smallMatte: CartLine = {
  variantId: 'v-lough-tay-small-matte',
  size: 'small',
  finish: 'matte',
  framing: null,
  quantity: 1,
  unitCents: 4500,
  title: 'Lough Tay',
};
const smallMatteFramed: CartLine = { ...smallMatte, framing: 'small', unitCents: 7000 };
const largeGloss: CartLine = {
  variantId: 'v-bray-head-large-gloss',
  size: 'large',
  finish: 'gloss',
  framing: 'large',
  quantity: 2,
  unitCents: 13500,
  title: 'Bray Head',
};

describe('cart', () => {
  it('adds a new line to an empty cart without changing the original', () => {
    const cart = addLine(EMPTY_CART, smallMatte);
    expect(cart).toEqual([smallMatte]);
    expect(EMPTY_CART).toEqual([]);
  });

  it('merges a line with the same variant id, size and finish by summing quantities', () => {
    const cart = addLine(addLine(EMPTY_CART, smallMatte), { ...smallMatte, quantity: 3 });
    expect(cart).toHaveLength(1);
    expect(cart[0]!.quantity).toBe(4);
  });

  it('keeps framed and unframed prints of one variant apart (framing is part of the identity)', () => {
    const cart = addLine(addLine(EMPTY_CART, smallMatte), smallMatteFramed);
    expect(cart).toHaveLength(2);
    expect(totals(cart).totalCents).toBe(4500 + 7000);
  });

  it('adds a different variant as a new line', () => {
    const cart = addLine(addLine(EMPTY_CART, smallMatte), largeGloss);
    expect(cart.map((l) => l.variantId)).toEqual([smallMatte.variantId, largeGloss.variantId]);
  });

  it('ignores a line with a quantity below 1', () => {
    expect(addLine(EMPTY_CART, { ...smallMatte, quantity: 0 })).toEqual([]);
  });

  it('removes a line by its composite identity only', () => {
    const cart = addLine(addLine(addLine(EMPTY_CART, smallMatte), smallMatteFramed), largeGloss);
    const after = removeLine(cart, smallMatte);
    expect(after).toEqual([smallMatteFramed, largeGloss]);
    expect(cart).toHaveLength(3);
  });

  it('updates a quantity, and 0 or less removes the line', () => {
    const cart = addLine(addLine(EMPTY_CART, smallMatte), largeGloss);
    expect(
      updateQuantity(cart, largeGloss, 5).find((l) => l.variantId === largeGloss.variantId)?.quantity,
    ).toBe(5);
    expect(updateQuantity(cart, largeGloss, 0)).toEqual([smallMatte]);
    expect(updateQuantity(cart, largeGloss, -3)).toEqual([smallMatte]);
  });

  it('clear empties the cart', () => {
    expect(clear(addLine(EMPTY_CART, smallMatte))).toEqual([]);
  });

  it('total is the sum of price × quantity and itemCount the sum of quantities', () => {
    const cart = addLine(addLine(EMPTY_CART, { ...smallMatte, quantity: 3 }), largeGloss);
    expect(totals(cart)).toEqual({ totalCents: 3 * 4500 + 2 * 13500, itemCount: 5 });
    expect(totals(EMPTY_CART)).toEqual({ totalCents: 0, itemCount: 0 });
  });

  it('sends only variant, framing and quantity to the server, never a price', () => {
    expect(orderLines([largeGloss])).toEqual([
      { variantId: largeGloss.variantId, framing: 'large', quantity: 2 },
    ]);
  });
});

describe('stored cart', () => {
  it('reads a valid stored cart and keeps extra fields', () => {
    const raw = JSON.stringify([{ ...smallMatte, imageUrl: '/a.jpg' }]);
    expect(safeDecode(raw)).toEqual([{ ...smallMatte, imageUrl: '/a.jpg' }]);
  });
  it('reads corrupt or stale data as an empty cart', () => {
    for (const raw of [
      '{not json',
      '{}',
      'null',
      JSON.stringify([{ ...smallMatte, quantity: 0 }]),
      JSON.stringify([{ ...smallMatte, size: 'huge' }]),
      JSON.stringify([{ ...smallMatte, unitCents: 1.5 }]),
      JSON.stringify([{ variantId: 'v', qty: 1 }]),
    ]) {
      expect(safeDecode(raw), raw).toEqual([]);
    }
  });
});
