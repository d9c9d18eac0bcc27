// The words an order keeps of a line (orderLineWords, lib/shop/print-choices.ts) read back: the
// photo's title and the print's size, as the owner's sales report counts an item whose print was
// deleted since. The original sizes are named ("Lough Tay, small (8x12 inches) matte"), the others
// stated by their inches ("Lough Tay, 16x24 inches canvas").
import { orderSizeWords } from '~/lib/shop/print-choices';
import { PRINT_DIMENSIONS, PRINT_SIZES, type PrintSize } from '~/lib/site/constants';

/**
 * How each size begins in an order's words: an original size by its name and an opening bracket
 * (its inches after it may be stated otherwise), another by its inches and a space.
 */
const OPENINGS = new Map<string, PrintSize>(
  PRINT_SIZES.map((size) => {
    const words = orderSizeWords(size, PRINT_DIMENSIONS[size]);
    const bracket = words.indexOf('(');
    return [bracket === -1 ? `${words} ` : words.slice(0, bracket + 1), size];
  }),
);
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const WORDS = new RegExp(`^(.+), (${[...OPENINGS.keys()].map(escaped).join('|')})`);

/** The photo title and size an order's words name, or null when they name none. */
export function readOrderLineWords(words: string): { title: string; size: PrintSize } | null {
  const match = WORDS.exec(words);
  const size = match?.[2] ? OPENINGS.get(match[2]) : undefined;
  return match?.[1] && size ? { title: match[1], size } : null;
}
