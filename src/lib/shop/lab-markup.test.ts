// The lab's prints priced as a margin over the lab's cost: cost plus the percentage, rounded up to
// whole euros, and only where the lab's cost is known.
import { describe, expect, it } from 'vitest';
import { markedUpCents, withLabMarkup } from './lab-markup';
import { gridPrice } from './price-lists';
import { MAX_PRICE_CENTS } from './pricing';

const grid = (cents: number) => ({
  small: { matte: cents, gloss: cents },
  medium: { matte: cents, gloss: cents },
  large: { matte: cents, gloss: cents },
});

describe('a margin over the lab’s cost', () => {
  it('adds the percentage and rounds up to whole euros', () => {
    expect(markedUpCents(1800, 150)).toBe(4500);
    expect(markedUpCents(1234, 100)).toBe(2500);
    expect(markedUpCents(1800, 0)).toBe(1800);
    expect(markedUpCents(1801, 0)).toBe(1900);
    expect(markedUpCents(9_000_000, 1000)).toBe(MAX_PRICE_CENTS);
  });

  it('prices only the lab’s prints whose cost is known, and nothing without a margin', () => {
    const fixed = grid(5000);
    const costs = { large: { matte: 1800 }, medium: { gloss: 3600 } };
    const { prices, labPriced } = withLabMarkup(fixed, 100, costs);
    expect(gridPrice(prices, 'large', 'matte')).toBe(3600);
    expect(gridPrice(prices, 'medium', 'gloss')).toBe(7200);
    expect(gridPrice(prices, 'small', 'matte')).toBe(5000);
    expect(labPriced).toEqual(['large-matte', 'medium-gloss']);
    expect(gridPrice(fixed, 'large', 'matte')).toBe(5000);
    expect(withLabMarkup(fixed, null, costs)).toEqual({ prices: fixed, labPriced: [] });
  });

  it('prices a product of the catalogue the list prices, and none it does not', () => {
    const fixed = { ...grid(5000), '16x24': { canvas: 15000 } };
    const costs = { '16x24': { canvas: 4000, acrylic: 9000 } };
    const { prices, labPriced } = withLabMarkup(fixed, 100, costs);
    expect(gridPrice(prices, '16x24', 'canvas')).toBe(8000);
    expect(gridPrice(prices, '16x24', 'acrylic')).toBeUndefined();
    expect(labPriced).toEqual(['16x24-canvas']);
  });
});
