// Starting print prices of a new installation, in cents: the original three sizes in matte and gloss
// (they cost the same, as the FAQ says). Other products of the catalogue have no starting price: the
// owner gives one when turning them on.
import type { PriceGrid } from './price-lists';

export const DEFAULT_PRINT_PRICES_CENTS = {
  small: { matte: 4500, gloss: 4500 },
  medium: { matte: 7500, gloss: 7500 },
  large: { matte: 11000, gloss: 11000 },
} as const satisfies PriceGrid;
