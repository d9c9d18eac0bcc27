// The choices of one print, as the print page and the shop's print dialog both offer them: the
// material first (only those the photo has a variant in, in catalogue order), then the sizes offered
// in that material (smallest first), then framing where the material takes a frame; the defaults,
// the quantity's bounds (the same the checkout's schema takes for one line), the words of each
// choice, how a price is shown, and the price of a choice. Pure: it runs in the browser and on the
// server.
import { formatEuro } from '~/lib/platform/shared/format';
import { priceWithWas } from '~/lib/shop/price-sales';
import { framingPriceFor, linePriceCents, lineTotalCents } from '~/lib/shop/pricing';
import { inchWords, isOriginalSize, MATERIALS, materialWords, SIZES_BY_AREA } from '~/lib/site/catalogue';
import {
  FINISH_LABELS,
  FINISHES,
  type Finish,
  MAX_LINE_QUANTITY,
  PRINT_SIZE_LABELS,
  type PrintSize,
} from '~/lib/site/constants';

export { FRAMED_LABEL, framingWords, NO_FRAMING_LABEL, sizeWords } from './print-words';
export { FINISH_LABELS, MATERIALS, PRINT_SIZE_LABELS };

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

/**
 * What is chosen before the visitor chooses: small, matte, no framing, one print (settleChoice moves
 * to what the photo is sold in when it is not sold so).
 */
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

/** The materials the photo is sold in, in catalogue order (matte, gloss, fine-art paper…). */
export const materialsOffered = (variants: readonly PrintVariant[]): Finish[] =>
  FINISHES.filter((f) => variants.some((v) => v.finish === f));

/**
 * The sizes the photo is sold in, smallest first: in one material, or in any (a size it is too small
 * to print, or that the shop does not sell in that material, has no variant).
 */
export const sizesOffered = (variants: readonly PrintVariant[], finish?: Finish): PrintSize[] =>
  SIZES_BY_AREA.filter((s) =>
    variants.some((v) => v.size === s && (finish === undefined || v.finish === finish)),
  );

/**
 * The material and size chosen, made one the photo is sold in: the material wanted when it is sold,
 * else the first sold; then the size wanted when that material comes in it, else its smallest.
 * Nothing sold: what was wanted.
 */
export function settleChoice(
  variants: readonly PrintVariant[],
  wanted: { finish: Finish; size: PrintSize },
): { finish: Finish; size: PrintSize } {
  const materials = materialsOffered(variants);
  const finish = materials.includes(wanted.finish) ? wanted.finish : (materials[0] ?? wanted.finish);
  const sizes = sizesOffered(variants, finish);
  const size = sizes.includes(wanted.size) ? wanted.size : (sizes[0] ?? wanted.size);
  return { finish, size };
}

/** Whether a print in this material can be framed (papers only: canvas, aluminium, acrylic hang as they are). */
export const framingOffered = (finish: Finish): boolean => MATERIALS[finish].frameable;

/**
 * Whether the framing choice is shown for a material: it takes a frame, and a frame is sold for at
 * least one of the sizes the photo comes in in that material.
 */
export const framingShown = (
  variants: readonly PrintVariant[],
  framing: readonly FrameOption[],
  finish: Finish,
): boolean =>
  framingOffered(finish) && sizesOffered(variants, finish).some((s) => framing.some((f) => f.size === s));

/** What a material that takes no frame says in place of the framing choice. */
export const unframedMaterialWords = (finish: Finish): string =>
  `${MATERIALS[finish].label} is not framed: it comes ready to hang.`;

/** How a price is shown beside a choice and in the totals. */
export const showPrice = formatEuro;

/** A price, with its true "was" price during a sale: "€40.50, was €45.00 (lowest price in …)". */
export { priceWithWas };

/**
 * A size's price as its choice shows it: the variant's in the chosen material, from the server's list
 * of the photo's prints (with its "was" price during a sale); empty when that size is not sold in
 * that material.
 */
export function sizePriceText(variants: readonly PrintVariant[], size: PrintSize, finish: Finish): string {
  const variant = variants.find((v) => v.size === size && v.finish === finish);
  return variant ? priceWithWas(variant.priceCents, variant.wasCents) : '';
}

/** What a frame adds, shown beside "Framed". */
export const framePriceText = (framePrice: number | null): string =>
  framePrice === null ? 'not available' : `+${showPrice(framePrice)}`;

/** How a print's words end when it is framed; an unframed print's words say nothing of framing. */
const FRAMED_ENDING = ', framed';

/**
 * A size as an order's words state it: the original sizes by name with their inches, "small (8x12
 * inches)", the others by their inches alone, "16x24 inches".
 */
export const orderSizeWords = (size: PrintSize, dimensions: string): string =>
  isOriginalSize(size) ? `${size} (${dimensions})` : dimensions;

/**
 * A size inside brackets, as a refusal names it beside the photo's title: "small, 8x12 inches" for
 * the original sizes, "16x24 inches" for the others (whose code is their inches already).
 */
export const refusalSizeWords = (size: PrintSize, dimensions: string): string =>
  isOriginalSize(size) ? `${size}, ${dimensions}` : dimensions;

/** A chosen print in words, as the cart's confirmation says it: "medium matte, framed", "16x24 inches canvas". */
export const choiceWords = (size: PrintSize, finish: Finish, framed: boolean): string =>
  `${isOriginalSize(size) ? PRINT_SIZE_LABELS[size].toLowerCase() : inchWords(size)} ${materialWords(finish)}${framed ? FRAMED_ENDING : ''}`;

/**
 * What an order keeps of a line, in words, as the mails, PayPal and the owner's screens read it:
 * "Lough Tay, small (8x12 inches) matte, framed", "Lough Tay, 16x24 inches canvas", "Lough Tay,
 * 12x12 inches fine-art paper". The framing is said once, at the end. The sales report reads the
 * title and the size back from these words (checkout/order-line-words.ts) for a print deleted since.
 */
export const orderLineWords = (line: {
  title: string;
  size: PrintSize;
  dimensions: string;
  finish: Finish;
  framed: boolean;
}): string =>
  `${line.title}, ${orderSizeWords(line.size, line.dimensions)} ${materialWords(line.finish)}${line.framed ? FRAMED_ENDING : ''}`;

/** A line's words without their framing, for a place that says the framing beside them (framingWords). */
export const withoutFramingWords = (words: string): string =>
  words.endsWith(FRAMED_ENDING) ? words.slice(0, -FRAMED_ENDING.length) : words;

/**
 * A choice priced at the shop's prices: the variant (none when that size and material is not sold),
 * the frame's price for the size (null: no frame for it, or a material that takes none, so it is not
 * framed), the price of one print and of the line.
 */
export function priceChoice(
  variants: readonly PrintVariant[],
  framing: readonly FrameOption[],
  choice: { size: PrintSize; finish: Finish; framed: boolean; quantity: number },
) {
  const variant = variants.find((v) => v.size === choice.size && v.finish === choice.finish);
  const framePrice = framingOffered(choice.finish) ? framingPriceFor(framing, choice.size) : null;
  const framed = choice.framed && framePrice !== null;
  const unitCents = linePriceCents(variant?.priceCents, framed ? framePrice : null);
  return { variant, framePrice, framed, unitCents, totalCents: lineTotalCents(unitCents, choice.quantity) };
}
