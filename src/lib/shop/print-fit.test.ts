// Whether a photo has enough pixels for a print: its long side against the print's long side, the
// lower resolution of the two sides counts, and a size fits from 150 ppi up (exactly 150 fits).
import { describe, expect, it } from 'vitest';
import {
  fitsBySize,
  fitsLabArea,
  neededPixels,
  printFits,
  printPpi,
  sellableSizes,
} from '~/lib/shop/print-fit';

describe('print fit', () => {
  it('a 3000 × 2400 original makes a 16x20" print at exactly 150 ppi, which fits', () => {
    expect(printPpi(3000, 2400, 'large')).toBe(150);
    expect(printFits(3000, 2400, 'large')).toBe(true);
    expect(printFits(2999, 2400, 'large')).toBe(false);
    expect(printFits(3000, 2399, 'large')).toBe(false);
  });

  it('matches orientation: a portrait original is judged as its landscape twin', () => {
    expect(fitsBySize(2400, 3000)).toEqual(fitsBySize(3000, 2400));
  });

  it('takes the lower of the two sides: a 3:2 original 3000 px wide is 125 ppi at 16x20"', () => {
    expect(printPpi(3000, 2000, 'large')).toBe(125);
    expect(printFits(3000, 2000, 'large')).toBe(false);
  });

  it('a 2400 × 1600 original fits small only', () => {
    expect(fitsBySize(2400, 1600)).toEqual([
      { size: 'small', ppi: 200, fits: true },
      { size: 'medium', ppi: 133, fits: false },
      { size: 'large', ppi: 100, fits: false },
    ]);
  });

  it('shows whole pixels per inch, rounded down, so 149.9 never reads as 150', () => {
    const [, , large] = fitsBySize(2999, 2400);
    expect(large).toEqual({ size: 'large', ppi: 149, fits: false });
  });

  it('counts a photo without a known pixel size as fitting every size', () => {
    for (const [w, h] of [
      [null, null],
      [3000, null],
      [undefined, 2000],
      [0, 0],
    ] as const) {
      expect(fitsBySize(w, h).every((s) => s.fits && s.ppi === null)).toBe(true);
    }
  });

  it('names the pixels each size needs at 150 ppi, and the sizes a photo is sold at', () => {
    expect(neededPixels('small')).toEqual({ long: 1800, short: 1200 });
    expect(neededPixels('medium')).toEqual({ long: 2400, short: 1800 });
    expect(neededPixels('large')).toEqual({ long: 3000, short: 2400 });
    expect(sellableSizes(1680, 1120)).toEqual([]);
    expect(sellableSizes(1800, 2400)).toEqual(['small', 'medium']);
    expect(sellableSizes(null, null)).toEqual(['small', 'medium', 'large']);
  });

  it('asks for half the pixels of the lab’s print area on each side, long against long', () => {
    const canvas = { widthPx: 5850, heightPx: 8250 };
    expect(fitsLabArea(4125, 2925, canvas)).toBe(true);
    expect(fitsLabArea(2925, 4125, canvas)).toBe(true);
    expect(fitsLabArea(4124, 2925, canvas)).toBe(false);
    expect(fitsLabArea(4200, 2800, canvas)).toBe(false);
    expect(fitsLabArea(null, null, canvas)).toBe(true);
    expect(fitsLabArea(4200, 2800, null)).toBe(true);
    expect(fitsLabArea(4200, 2800, { widthPx: null, heightPx: null })).toBe(true);
  });
});
