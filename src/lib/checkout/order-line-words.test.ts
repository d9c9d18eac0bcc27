// An order's words are read back as they were written: the title and the size of every catalogue
// size, in the original form ("small (8x12 inches)") and the new one ("16x24 inches"), whatever
// follows them (the material, the framing, the lab's words); words that name no size read as none.
import { describe, expect, it } from 'vitest';
import { readOrderLineWords } from '~/lib/checkout/order-line-words';
import { orderLineWords } from '~/lib/shop/print-choices';
import { FINISHES, PRINT_DIMENSIONS, PRINT_SIZES } from '~/lib/site/constants';

describe('an order’s words read back', () => {
  it('gives the title and size of every size in every material, framed or not', () => {
    for (const size of PRINT_SIZES) {
      for (const finish of FINISHES) {
        for (const framed of [false, true]) {
          const words = orderLineWords({
            title: 'Kippure, at dawn',
            size,
            dimensions: PRINT_DIMENSIONS[size],
            finish,
            framed,
          });
          expect(readOrderLineWords(words), words).toEqual({ title: 'Kippure, at dawn', size });
        }
      }
    }
  });

  it('reads both forms with the lab’s words after them, and nothing from words naming no size', () => {
    expect(readOrderLineWords('Lough Tay, small (8x12 inches) matte, framed')).toEqual({
      title: 'Lough Tay',
      size: 'small',
    });
    expect(
      readOrderLineWords('Lough Tay, 16x24 inches canvas — Standard canvas on quality stretcher bar'),
    ).toEqual({ title: 'Lough Tay', size: '16x24' });
    // The original sizes are known by name, whatever inches were stated beside them.
    expect(readOrderLineWords('Kippure, medium (12x18 inches) matte')).toEqual({
      title: 'Kippure',
      size: 'medium',
    });
    expect(readOrderLineWords('A gift card')).toBeNull();
    expect(readOrderLineWords('Lough Tay, 7x9 inches canvas')).toBeNull();
    expect(readOrderLineWords('Lough Tay, small matte')).toBeNull();
  });
});
