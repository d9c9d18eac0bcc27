// Prices of the prints the lab makes, set as a margin over what the lab charges instead of fixed:
// the lab's cost of one copy plus the list's percentage, rounded up to whole euros (a shop's price
// reads €45, not €44.37). The percentage is of the price with VAT inside, as every price of the
// shop is; what is left after VAT and the lab's cost shows in the lab's margins table. A print the
// lab makes whose cost is not known yet keeps the list's fixed price. Pure and in integer cents.
import type { Finish, PrintSize } from '~/lib/site/constants';
import { gridEntries, type PriceGrid, setGridPrice } from './price-lists';
import { MAX_PRICE_CENTS } from './pricing';

/** The lab's cost of one copy of each unframed print it makes, in cents; missing: not made by it, or not known. */
export type LabCostGrid = Partial<Record<PrintSize, Partial<Record<Finish, number>>>>;

/** A margin is 0% to 1000% over the lab's cost. */
export const MIN_LAB_MARKUP_PERCENT = 0;
export const MAX_LAB_MARKUP_PERCENT = 1000;

/** The lab's cost plus `percent`, rounded up to whole euros, at most the highest price a print may have. */
export function markedUpCents(costCents: number, percent: number): number {
  const cents = Math.ceil((costCents * (100 + percent)) / 10_000) * 100;
  return Math.min(cents, MAX_PRICE_CENTS);
}

/** "large-matte": a print of the grid, as the views name it. */
export const cellKey = (size: PrintSize, finish: Finish) => `${size}-${finish}`;

/**
 * The prices a list charges: its fixed prices, with the prints the lab makes (and whose cost is
 * known) at the lab's cost plus `percent` when the list sets one. `labPriced` names those prints.
 */
export function withLabMarkup(
  fixed: PriceGrid,
  percent: number | null,
  costs: LabCostGrid,
): { prices: PriceGrid; labPriced: string[] } {
  if (percent === null) return { prices: fixed, labPriced: [] };
  const prices = structuredClone(fixed);
  const labPriced: string[] = [];
  for (const { size, finish } of gridEntries(fixed)) {
    const cost = costs[size]?.[finish];
    if (cost === undefined) continue;
    setGridPrice(prices, size, finish, markedUpCents(cost, percent));
    labPriced.push(cellKey(size, finish));
  }
  return { prices, labPriced };
}
