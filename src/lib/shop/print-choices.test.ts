// The print's choices shared by the print page and the print dialog: the quantity's bounds are the
// checkout's, the offered sizes and finishes follow the photo's variants, a frame not sold for a
// size does not count; a print in words says its framing once.
import { describe, expect, it } from 'vitest';
import { orderLineSchema } from '~/lib/checkout/schemas';
import {
  choiceWords,
  clampQuantity,
  FRAMED_LABEL,
  finishesOffered,
  framePriceText,
  framingWords,
  NO_FRAMING_LABEL,
  orderLineWords,
  type PrintVariant,
  priceChoice,
  QUANTITY,
  sizePriceText,
  sizesOffered,
  withoutFramingWords,
} from '~/lib/shop/print-choices';

const variant = (size: PrintVariant['size'], finish: PrintVariant['finish'], priceCents: number) => ({
  id: `${size}-${finish}`,
  size,
  finish,
  priceCents,
  dimensions: `${size} inches`,
});
const VARIANTS: PrintVariant[] = [variant('large', 'gloss', 9000), variant('small', 'matte', 4500)];

describe('the quantity of one print', () => {
  it('is clamped to the bounds the checkout takes for one line', () => {
    expect(clampQuantity(QUANTITY.max + 1)).toBe(QUANTITY.max);
    expect(clampQuantity('0')).toBe(QUANTITY.min);
    expect(clampQuantity('abc')).toBe(QUANTITY.min);
    expect(clampQuantity('7.9')).toBe(7);
    const line = (quantity: number) => orderLineSchema.safeParse({ variantId: 'v', quantity }).success;
    expect(line(QUANTITY.max)).toBe(true);
    expect(line(QUANTITY.max + 1)).toBe(false);
    expect(line(QUANTITY.min)).toBe(true);
    expect(line(QUANTITY.min - 1)).toBe(false);
  });
});

describe('what is offered and its price', () => {
  it('offers the sizes and finishes the photo is sold in, smallest first', () => {
    expect(sizesOffered(VARIANTS)).toEqual(['small', 'large']);
    expect(finishesOffered(VARIANTS)).toEqual(['matte', 'gloss']);
    expect(finishesOffered(VARIANTS, 'large')).toEqual(['gloss']);
  });

  it('prices a framed line, and ignores a frame the size is not sold with', () => {
    const framing = [{ size: 'large' as const, priceCents: 2500 }];
    expect(
      priceChoice(VARIANTS, framing, { size: 'large', finish: 'gloss', framed: true, quantity: 2 }),
    ).toMatchObject({ framed: true, framePrice: 2500, unitCents: 11500, totalCents: 23000 });
    const small = priceChoice(VARIANTS, framing, {
      size: 'small',
      finish: 'matte',
      framed: true,
      quantity: 1,
    });
    expect(small).toMatchObject({ framed: false, framePrice: null, unitCents: 4500 });
    expect(
      priceChoice(VARIANTS, framing, { size: 'small', finish: 'gloss', framed: false, quantity: 1 }).variant,
    ).toBeUndefined();
    expect(framePriceText(2500)).toBe('+€25.00');
    // Each size's choice shows the listed price in the chosen finish, and nothing where none is sold.
    expect(sizePriceText(VARIANTS, 'large', 'gloss')).toBe('€90.00');
    expect(sizePriceText(VARIANTS, 'small', 'matte')).toBe('€45.00');
    expect(sizePriceText(VARIANTS, 'small', 'gloss')).toBe('');
    expect(framePriceText(null)).toBe('not available');
  });
});

describe('a print in words', () => {
  const line = { title: 'Lough Tay', size: 'small', dimensions: '8x12 inches', finish: 'matte' } as const;

  it('says the framing once, at the end of the words an order keeps, and nothing of it when unframed', () => {
    const framed = orderLineWords({ ...line, framed: true });
    expect(framed).toBe('Lough Tay, small (8x12 inches) matte, framed');
    expect(framed.match(/framed/gi)).toHaveLength(1);
    expect(orderLineWords({ ...line, framed: false })).toBe('Lough Tay, small (8x12 inches) matte');
    expect(choiceWords('medium', 'gloss', true)).toBe('medium gloss, framed');
  });

  it('says the framing apart in one pair of words, and takes it out of a line’s words said beside them', () => {
    expect(framingWords(true)).toBe(FRAMED_LABEL);
    expect(framingWords(false)).toBe(NO_FRAMING_LABEL);
    expect(withoutFramingWords(orderLineWords({ ...line, framed: true }))).toBe(
      orderLineWords({ ...line, framed: false }),
    );
    expect(withoutFramingWords('Lough Tay, small matte')).toBe('Lough Tay, small matte');
  });
});
