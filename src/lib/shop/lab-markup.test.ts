// The lab's prints priced as a margin over the lab's cost: cost plus the percentage, rounded up to
// whole euros, and only where the lab's cost is known.
import { describe, expect, it } from 'vitest';
import { markedUpCents, withLabMarkup } from './lab-markup';
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
    expect(prices.large.matte).toBe(3600);
    expect(prices.medium.gloss).toBe(7200);
    expect(prices.small.matte).toBe(5000);
    expect(labPriced).toEqual(['medium-gloss', 'large-matte']);
    expect(fixed.large.matte).toBe(5000);
    expect(withLabMarkup(fixed, null, costs)).toEqual({ prices: fixed, labPriced: [] });
  });
});
