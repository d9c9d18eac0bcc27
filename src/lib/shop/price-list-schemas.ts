// The price lists' payloads, shared by the owner's forms and the endpoints under
// /api/admin/price-lists. Prices arrive in euros (a number or a numeric string) and leave in integer
// cents; a refused value is named in a sentence, with the field it is about.
import { z } from 'zod';
import { eurosToCents, MAX_PRICE_CENTS } from '~/lib/shop/pricing';
import { productWords } from '~/lib/site/catalogue';
import { FINISHES, PHOTO_CATEGORIES, PRINT_SIZES } from '~/lib/site/constants';
import { MAX_LAB_MARKUP_PERCENT, MIN_LAB_MARKUP_PERCENT } from './lab-markup';
import {
  DEFAULT_LIST_NAME,
  editionPriceCents,
  gridEntries,
  MAX_EDITION_PERCENT,
  MAX_LIST_NAME_LENGTH,
  MIN_EDITION_PERCENT,
  type PriceGrid,
  setGridPrice,
} from './price-lists';

const PRICE_RULE = `a number of euros from 0 to ${MAX_PRICE_CENTS / 100} with at most 2 decimals`;
const shown = (v: unknown) => (JSON.stringify(v) ?? 'nothing').slice(0, 40);
const asRecord = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === 'object' ? (v as Record<string, unknown>) : {};

const isOneOf = <T extends string>(list: readonly T[], v: string): v is T =>
  (list as readonly string[]).includes(v);

/**
 * A price per product, { small: { matte, gloss }, '16x24': { canvas }, … }: any products of the
 * catalogue, at least one. A product of the shop left out keeps its price (the default list) or takes
 * the default list's (a named list).
 */
const gridSchema = z.unknown().transform((value, ctx) => {
  const grid: PriceGrid = {};
  for (const [size, byFinish] of Object.entries(asRecord(value))) {
    if (!isOneOf(PRINT_SIZES, size)) {
      ctx.addIssue({ code: 'custom', message: `Unknown print size ${shown(size)}.`, path: [size] });
      return z.NEVER;
    }
    for (const [finish, raw] of Object.entries(asRecord(byFinish))) {
      if (!isOneOf(FINISHES, finish)) {
        ctx.addIssue({ code: 'custom', message: `Unknown material ${shown(finish)}.`, path: [size, finish] });
        return z.NEVER;
      }
      const cents = eurosToCents(raw);
      if (cents === null) {
        ctx.addIssue({
          code: 'custom',
          message: `The price of ${productWords({ size, finish })} prints must be ${PRICE_RULE} (got ${shown(raw)}).`,
          path: [size, finish],
        });
        return z.NEVER;
      }
      setGridPrice(grid, size, finish, cents);
    }
  }
  if (gridEntries(grid).length === 0) {
    ctx.addIssue({ code: 'custom', message: 'No prices were given.' });
    return z.NEVER;
  }
  return grid;
});

const EDITION_RULE = `a whole percentage from ${MIN_EDITION_PERCENT} to ${MAX_EDITION_PERCENT} of the open print’s price, or the same as an open print`;
const editionPercentSchema = z
  .number({ error: `The edition price must be ${EDITION_RULE}.` })
  .int({ error: `The edition price must be ${EDITION_RULE}.` })
  .min(MIN_EDITION_PERCENT, `The edition price must be ${EDITION_RULE}.`)
  .max(MAX_EDITION_PERCENT, `The edition price must be ${EDITION_RULE}.`)
  .nullable();

/** The first edition price over the highest price a print may have, as a sentence; null when none is. */
export function editionPriceProblem(prices: PriceGrid, percent: number | null): string | null {
  for (const { size, finish, cents } of gridEntries(prices)) {
    if (editionPriceCents(cents, percent) > MAX_PRICE_CENTS) {
      return `At ${percent}%, copies of the edition in ${productWords({ size, finish })} would cost over ${MAX_PRICE_CENTS / 100} euro.`;
    }
  }
  return null;
}

const MARKUP_RULE = `a whole percentage from ${MIN_LAB_MARKUP_PERCENT} to ${MAX_LAB_MARKUP_PERCENT} over the lab’s cost, or fixed prices`;
/** The margin over the lab's cost of the prints it makes; null or left out: the fixed prices. */
const labMarkupPercentSchema = z
  .number({ error: `The price of the lab’s prints must be ${MARKUP_RULE}.` })
  .int({ error: `The price of the lab’s prints must be ${MARKUP_RULE}.` })
  .min(MIN_LAB_MARKUP_PERCENT, `The price of the lab’s prints must be ${MARKUP_RULE}.`)
  .max(MAX_LAB_MARKUP_PERCENT, `The price of the lab’s prints must be ${MARKUP_RULE}.`)
  .nullable()
  .default(null);

const pricesAndEdition = {
  prices: gridSchema,
  editionPercent: editionPercentSchema,
  labMarkupPercent: labMarkupPercentSchema,
};

const checkEditionPrices = (
  v: { prices: PriceGrid; editionPercent: number | null },
  ctx: z.core.$RefinementCtx<unknown>,
) => {
  const problem = editionPriceProblem(v.prices, v.editionPercent);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['editionPercent'] });
};

/** POST /api/admin/price-lists and PUT /api/admin/price-lists/{id}: a named list. */
export const priceListSchema = z
  .object({
    name: z
      .string({ error: 'Give the price list a name.' })
      .trim()
      .min(1, 'Give the price list a name.')
      .max(MAX_LIST_NAME_LENGTH, `A price list’s name must be at most ${MAX_LIST_NAME_LENGTH} characters.`)
      .refine((name) => name.toLowerCase() !== DEFAULT_LIST_NAME.toLowerCase(), {
        message: `“${DEFAULT_LIST_NAME}” is the name of the default price list: choose another name.`,
      }),
    ...pricesAndEdition,
  })
  .superRefine(checkEditionPrices);
/** A named list as the services take it (a margin left out: the fixed prices). */
export type PriceListInput = Omit<z.output<typeof priceListSchema>, 'labMarkupPercent'> & {
  labMarkupPercent?: number | null;
};

/** PUT /api/admin/price-lists/default: the default list's prices and edition rule (it keeps its name). */
export const defaultPriceListSchema = z.object(pricesAndEdition).superRefine(checkEditionPrices);
export type DefaultPriceListInput = Omit<z.output<typeof defaultPriceListSchema>, 'labMarkupPercent'> & {
  labMarkupPercent?: number | null;
};

const listId = z
  .string({ error: 'Choose a price list.' })
  .trim()
  .min(1, 'Choose a price list.')
  .max(64, 'That price list was not found.');

/**
 * PUT /api/admin/price-lists/collections { collections: { mountains: id | null, … } }: each named
 * collection's list (null: the default); collections left out keep theirs.
 */
export const collectionPriceListsSchema = z.object({
  collections: z.partialRecord(
    z.enum(PHOTO_CATEGORIES, {
      error: `Unknown collection: use ${PHOTO_CATEGORIES.join(', ')}.`,
    }),
    listId.nullable(),
    { error: 'Give each collection’s price list.' },
  ),
});

/** PUT /api/admin/price-lists/photos/{id} { priceListId }: the photo's own list, or null for its collection's. */
export const photoPriceListSchema = z.object({ priceListId: listId.nullable() });
