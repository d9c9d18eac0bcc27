// The choices of one print, as the print page and the shop's print dialog both offer them: the sizes
// and finishes on sale (only those the photo has a variant for, smallest first), the defaults, the
// quantity's bounds (the same the checkout's schema takes for one line), the labels of each choice,
// how a price is shown, and the price of a choice. Pure: it runs in the browser and on the server.
import { formatEuro } from '~/lib/platform/shared/format';
import { priceWithWas } from '~/lib/shop/price-sales';
import { framingPriceFor, linePriceCents, lineTotalCents } from '~/lib/shop/pricing';
import {
  FINISH_LABELS,
  FINISHES,
  type Finish,
  MAX_LINE_QUANTITY,
  PRINT_DIMENSIONS,
  PRINT_SIZE_LABELS,
  PRINT_SIZES,
  type PrintSize,
} from '~/lib/site/constants';

export { FINISH_LABELS, PRINT_SIZE_LABELS };

/** A print of the photo on sale, as the page and the dialog read it (never a price they compute). */
export interface PrintVariant {
  id: string;
  size: PrintSize;
  finish: Finish;
  /** What it costs now: its sale price while a sale runs. */
  priceCents: number;
  dimensions: string;
  /** While a sale runs: the lowest price of the 30 days before it, when above the sale price. */
  wasCents?: number | null;
  /**
   * Made and sent by the print lab, unframed and/or framed: each key present when the lab makes
   * that print, with the lab's words for its product ('' when it gave none).
   */
  lab?: { unframed?: string; framed?: string };
  /**
   * Where the photographer put the crop window of this size when the print is a crop and not taken
   * from the centre (print-crops.ts: 0 left or top, 1 right or bottom); absent: the centre.
   */
  cropPosition?: number;
}
/** A frame on sale for a size. */
export interface FrameOption {
  size: PrintSize;
  priceCents: number;
}

/** What is chosen before the visitor chooses: small, matte, no framing, one print. */
export const DEFAULT_CHOICE = {
  size: 'small',
  finish: 'matte',
  framed: false,
  quantity: 1,
} as const satisfies {
  size: PrintSize;
  finish: Finish;
  framed: boolean;
  quantity: number;
};

/** How many copies of one print a line may hold: the checkout refuses more. */
export const QUANTITY = { min: 1, max: MAX_LINE_QUANTITY } as const;

/** A quantity typed or stepped to, as the cart takes it: a whole number within QUANTITY. */
export function clampQuantity(value: string | number): number {
  const n = Math.floor(Number(value));
  return Number.isFinite(n) ? Math.min(QUANTITY.max, Math.max(QUANTITY.min, n)) : QUANTITY.min;
}

/** The sizes the photo is sold in, smallest first (a size it is too small to print has no variant). */
export const sizesOffered = (variants: readonly PrintVariant[]): PrintSize[] =>
  PRINT_SIZES.filter((s) => variants.some((v) => v.size === s));

/** The finishes the photo is sold in, in one size or in any. */
export const finishesOffered = (variants: readonly PrintVariant[], size?: PrintSize): Finish[] =>
  FINISHES.filter((f) => variants.some((v) => v.finish === f && (size === undefined || v.size === size)));

/** A size's dimensions as its variant states them, else the shop's usual ones. */
export const dimensionsOf = (variants: readonly PrintVariant[], size: PrintSize): string =>
  variants.find((v) => v.size === size)?.dimensions ?? PRINT_DIMENSIONS[size];

/** How a price is shown beside a choice and in the totals. */
export const showPrice = formatEuro;

/** A price, with its true "was" price during a sale: "€40.50, was €45.00 (lowest price in …)". */
export { priceWithWas };

/**
 * A size's price as its choice shows it: the variant's in the chosen finish, from the server's list
 * of the photo's prints (with its "was" price during a sale); empty when that size is not sold in
 * that finish.
 */
export function sizePriceText(variants: readonly PrintVariant[], size: PrintSize, finish: Finish): string {
  const variant = variants.find((v) => v.size === size && v.finish === finish);
  return variant ? priceWithWas(variant.priceCents, variant.wasCents) : '';
}

export const NO_FRAMING_LABEL = 'No framing';
export const FRAMED_LABEL = 'Framed';
/** What a frame adds, shown beside "Framed". */
export const framePriceText = (framePrice: number | null): string =>
  framePrice === null ? 'not available' : `+${showPrice(framePrice)}`;

/** Whether a print is framed, where a line says it apart from the rest: "Framed" or "No framing". */
export const framingWords = (framed: boolean): string => (framed ? FRAMED_LABEL : NO_FRAMING_LABEL);

/** How a print's words end when it is framed; an unframed print's words say nothing of framing. */
const FRAMED_ENDING = ', framed';

/** A chosen print in words, as the cart's confirmation says it: "medium matte, framed". */
export const choiceWords = (size: PrintSize, finish: Finish, framed: boolean): string =>
  `${PRINT_SIZE_LABELS[size].toLowerCase()} ${finish}${framed ? FRAMED_ENDING : ''}`;

/**
 * What an order keeps of a line, in words, as the mails, PayPal and the owner's screens read it:
 * "Lough Tay, small (8x12 inches) matte, framed". The framing is said once, at the end. The sales
 * report reads the title and the size back from these words for a print deleted since.
 */
export const orderLineWords = (line: {
  title: string;
  size: PrintSize;
  dimensions: string;
  finish: Finish;
  framed: boolean;
}): string =>
  `${line.title}, ${line.size} (${line.dimensions}) ${line.finish}${line.framed ? FRAMED_ENDING : ''}`;

/** A line's words without their framing, for a place that says the framing beside them (framingWords). */
export const withoutFramingWords = (words: string): string =>
  words.endsWith(FRAMED_ENDING) ? words.slice(0, -FRAMED_ENDING.length) : words;

/**
 * A choice priced at the shop's prices: the variant (none when that size and finish is not sold),
 * the frame's price for the size (null: no frame for it, so it is not framed), the price of one
 * print and of the line.
 */
export function priceChoice(
  variants: readonly PrintVariant[],
  framing: readonly FrameOption[],
  choice: { size: PrintSize; finish: Finish; framed: boolean; quantity: number },
) {
  const variant = variants.find((v) => v.size === choice.size && v.finish === choice.finish);
  const framePrice = framingPriceFor(framing, choice.size);
  const framed = choice.framed && framePrice !== null;
  const unitCents = linePriceCents(variant?.priceCents, framed ? framePrice : null);
  return { variant, framePrice, framed, unitCents, totalCents: lineTotalCents(unitCents, choice.quantity) };
}
