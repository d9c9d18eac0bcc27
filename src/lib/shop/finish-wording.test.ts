// The FAQ's and the pricing guide's sentence on gloss against matte follows the prices charged.
import { describe, expect, it } from 'vitest';
import { glossPriceSentence } from '~/lib/shop/finish-wording';

const prices = (pairs: [number | null, number | null][]) =>
  (['small', 'medium', 'large'] as const).map((size, i) => ({
    size,
    matteCents: pairs[i]?.[0] ?? null,
    glossCents: pairs[i]?.[1] ?? null,
  }));

describe('glossPriceSentence', () => {
  it('says both finishes cost the same when they do at every size', () => {
    expect(
      glossPriceSentence(
        prices([
          [4500, 4500],
          [7500, 7500],
          [11000, 11000],
        ]),
      ),
    ).toBe('Both finishes cost the same at every size.');
  });

  it('says by how much gloss costs more when the gap is the same at every size', () => {
    expect(
      glossPriceSentence(
        prices([
          [4500, 5000],
          [7500, 8000],
          [11000, 11500],
        ]),
      ),
    ).toBe('Gloss costs €5.00 more than matte at every size.');
  });

  it('says by how much gloss costs less, in euro with 2 decimals', () => {
    expect(
      glossPriceSentence(
        prices([
          [4550, 4500],
          [7550, 7500],
          [11050, 11000],
        ]),
      ),
    ).toBe('Gloss costs €0.50 less than matte at every size.');
  });

  it('lists each size when the gaps differ', () => {
    expect(
      glossPriceSentence(
        prices([
          [4500, 4500],
          [7500, 7750],
          [11000, 10700],
        ]),
      ),
    ).toBe(
      'Against matte, gloss costs the same for a small print, €2.50 more for a medium print and €3.00 less for a large print.',
    );
  });

  it('leaves out a size not sold in both finishes, and says nothing when none is', () => {
    expect(
      glossPriceSentence(
        prices([
          [4500, null],
          [7500, 8000],
          [11000, 12000],
        ]),
      ),
    ).toBe('Against matte, gloss costs €5.00 more for a medium print and €10.00 more for a large print.');
    expect(
      glossPriceSentence(
        prices([
          [4500, null],
          [null, 8000],
          [null, null],
        ]),
      ),
    ).toBe('');
  });

  it('names a size of the catalogue by its inches', () => {
    expect(
      glossPriceSentence([
        { size: 'small', matteCents: 4500, glossCents: 4500 },
        { size: '16x24', matteCents: 12000, glossCents: 13000 },
      ]),
    ).toBe('Against matte, gloss costs the same for a small print and €10.00 more for a 16 × 24 in print.');
  });
});
