// The print's choices shared by the print page and the print dialog: the quantity's bounds are the
// checkout's; the material is chosen first, then a size it comes in, both following the photo's
// variants; a frame not sold for a size, or for a material that takes none, does not count; a size
// is named in inches and centimetres; a print in words says its framing once, the original prints'
// words as they always were.
import { describe, expect, it } from 'vitest';
import { orderLineSchema } from '~/lib/checkout/schemas';
import {
  choiceWords,
  clampQuantity,
  DEFAULT_CHOICE,
  FRAMED_LABEL,
  framePriceText,
  framingOffered,
  framingShown,
  framingWords,
  materialsOffered,
  NO_FRAMING_LABEL,
  orderLineWords,
  type PrintVariant,
  priceChoice,
  QUANTITY,
  settleChoice,
  sizePriceText,
  sizesOffered,
  sizeWords,
  unframedMaterialWords,
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
  it('offers the materials and sizes the photo is sold in, smallest first', () => {
    expect(sizesOffered(VARIANTS)).toEqual(['small', 'large']);
    expect(materialsOffered(VARIANTS)).toEqual(['matte', 'gloss']);
    expect(sizesOffered(VARIANTS, 'gloss')).toEqual(['large']);
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

describe('material first, then size', () => {
  // Canvas comes in no small size: its smallest is 12x18; aluminium only in 20x30.
  const SOLD: PrintVariant[] = [
    variant('20x30', 'aluminium', 24000),
    variant('16x24', 'canvas', 15000),
    variant('large', 'matte', 9000),
    variant('12x18', 'canvas', 11000),
    variant('small', 'matte', 4500),
    variant('small', 'fine-art', 6000),
    variant('8x10', 'fine-art', 5000),
  ];

  it('lists the materials in catalogue order, and each one’s sizes smallest first', () => {
    expect(materialsOffered(SOLD)).toEqual(['matte', 'fine-art', 'canvas', 'aluminium']);
    expect(sizesOffered(SOLD, 'canvas')).toEqual(['12x18', '16x24']);
    expect(sizesOffered(SOLD, 'fine-art')).toEqual(['8x10', 'small']);
    expect(sizesOffered(SOLD)).toEqual(['8x10', 'small', '12x18', 'large', '16x24', '20x30']);
  });

  it('starts from small matte while it is sold, else from the first variant offered', () => {
    expect(settleChoice(SOLD, DEFAULT_CHOICE)).toEqual({ finish: 'matte', size: 'small' });
    const noMatte = SOLD.filter((v) => v.finish !== 'matte');
    expect(settleChoice(noMatte, DEFAULT_CHOICE)).toEqual({ finish: 'fine-art', size: 'small' });
    const canvasOnly = SOLD.filter((v) => v.finish === 'canvas');
    expect(settleChoice(canvasOnly, DEFAULT_CHOICE)).toEqual({ finish: 'canvas', size: '12x18' });
    // Nothing sold: what was wanted, with nothing to add.
    expect(settleChoice([], DEFAULT_CHOICE)).toEqual({ finish: 'matte', size: 'small' });
  });

  it('keeps the size when the new material comes in it, else moves to the material’s first size', () => {
    expect(settleChoice(SOLD, { finish: 'canvas', size: 'small' })).toEqual({
      finish: 'canvas',
      size: '12x18',
    });
    expect(settleChoice(SOLD, { finish: 'fine-art', size: 'small' })).toEqual({
      finish: 'fine-art',
      size: 'small',
    });
    expect(settleChoice(SOLD, { finish: 'aluminium', size: '16x24' })).toEqual({
      finish: 'aluminium',
      size: '20x30',
    });
    // A material the photo is not sold in falls to the first one it is.
    expect(settleChoice(SOLD, { finish: 'acrylic', size: '16x24' })).toEqual({
      finish: 'matte',
      size: 'small',
    });
  });

  it('never frames a material that takes no frame, even where a frame is sold for its size', () => {
    const framing = [
      { size: 'small' as const, priceCents: 2500 },
      { size: '16x24' as const, priceCents: 4500 },
    ];
    expect(framingOffered('canvas')).toBe(false);
    expect(framingOffered('aluminium')).toBe(false);
    expect(framingOffered('fine-art')).toBe(true);
    expect(framingShown(SOLD, framing, 'canvas')).toBe(false);
    expect(framingShown(SOLD, framing, 'matte')).toBe(true);
    expect(framingShown(SOLD, framing, 'fine-art')).toBe(true);
    // Matte sold only where no frame is: nothing to frame.
    expect(framingShown(SOLD, [{ size: '16x24', priceCents: 4500 }], 'matte')).toBe(false);
    const canvas = priceChoice(SOLD, framing, { size: '16x24', finish: 'canvas', framed: true, quantity: 1 });
    expect(canvas).toMatchObject({ framed: false, framePrice: null, unitCents: 15000 });
    expect(unframedMaterialWords('canvas')).toBe('Canvas is not framed: it comes ready to hang.');
  });

  it('names a size in inches and centimetres, the original sizes by name too', () => {
    expect(sizeWords('small')).toBe('Small · 8 × 12 in (20 × 30 cm)');
    expect(sizeWords('large')).toBe('Large · 16 × 20 in (41 × 51 cm)');
    expect(sizeWords('16x24')).toBe('16 × 24 in (41 × 61 cm)');
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

  it('says a size of the catalogue by its inches, and a material by its name', () => {
    const canvas = {
      title: 'Lough Tay',
      size: '16x24',
      dimensions: '16x24 inches',
      finish: 'canvas',
    } as const;
    expect(orderLineWords({ ...canvas, framed: false })).toBe('Lough Tay, 16x24 inches canvas');
    expect(
      orderLineWords({
        ...canvas,
        size: '12x12',
        dimensions: '12x12 inches',
        finish: 'fine-art',
        framed: true,
      }),
    ).toBe('Lough Tay, 12x12 inches fine-art paper, framed');
    expect(orderLineWords({ ...line, finish: 'lustre', framed: false })).toBe(
      'Lough Tay, small (8x12 inches) lustre paper',
    );
    expect(choiceWords('16x24', 'canvas', false)).toBe('16x24 inches canvas');
    expect(choiceWords('small', 'aluminium', false)).toBe('small aluminium');
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
