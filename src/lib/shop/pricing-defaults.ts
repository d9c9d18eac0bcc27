// Starting print prices of a new installation, in cents. Matte and gloss cost the same (as the FAQ says).
import type { Finish, PrintSize } from '~/lib/site/constants';

export const DEFAULT_PRINT_PRICES_CENTS: Record<PrintSize, Record<Finish, number>> = {
  small: { matte: 4500, gloss: 4500 },
  medium: { matte: 7500, gloss: 7500 },
  large: { matte: 11000, gloss: 11000 },
};
