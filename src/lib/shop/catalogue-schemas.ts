// PUT /api/admin/catalogue: the products of the catalogue the shop sells, as the owner's "Products
// the shop sells" card sends them, shared by the card and the endpoint. Each product is a material in
// a size, with its price in the default price list in euros (needed for a product that has none
// yet; left out, a product keeps the price it has). Below, what GET (and a saved PUT) answers.
import { z } from 'zod';
import { CATALOGUE_PRODUCTS, type CatalogueProduct, productKey, productWords } from '~/lib/site/catalogue';
import { FINISHES, PRINT_SIZES } from '~/lib/site/constants';
import { eurosToCents, MAX_PRICE_CENTS } from './pricing';

const PRICE_RULE = `a number of euros from 0 to ${MAX_PRICE_CENTS / 100} with at most 2 decimals`;

export const catalogueProductSchema = z
  .object({
    size: z.enum(PRINT_SIZES, { error: 'That print size is not in the catalogue.' }),
    finish: z.enum(FINISHES, { error: 'That material is not in the catalogue.' }),
    price: z.unknown().optional(),
  })
  .transform(({ size, finish, price }, ctx) => {
    if (price === undefined || price === null || price === '') return { size, finish, price: null };
    const cents = eurosToCents(price);
    if (cents === null) {
      ctx.addIssue({
        code: 'custom',
        message: `The price of ${productWords({ size, finish })} prints must be ${PRICE_RULE}.`,
        path: ['price'],
      });
      return z.NEVER;
    }
    return { size, finish, price: cents };
  });

export const catalogueSchema = z.object({
  products: z
    .array(catalogueProductSchema, { error: 'Give the products the shop sells as a list.' })
    .min(1, 'The shop must sell at least one product.')
    .max(CATALOGUE_PRODUCTS.length, `The catalogue has only ${CATALOGUE_PRODUCTS.length} products.`)
    .refine((list) => new Set(list.map((p) => productKey(p.size, p.finish))).size === list.length, {
      error: 'Each product may be given only once.',
    }),
});

export type CatalogueInput = z.output<typeof catalogueSchema>;
/** The card's form values: the price typed as text. */
export type CatalogueForm = z.input<typeof catalogueSchema>;

export interface CatalogueProductView extends CatalogueProduct {
  /** Its price in the default list, in cents (null: none yet). */
  priceCents: number | null;
  /** Active photos the shop offers it for now (their proportion, pixels and the owner's crops). */
  photoCount: number;
}

export interface PricedProduct extends CatalogueProduct {
  priceCents: number;
}

export interface CatalogueView {
  /** The products the shop sells, by material then size. */
  products: CatalogueProductView[];
  /**
   * The default list's prices of products the shop does not sell now (sold before, or a starting
   * price): turned on again, a product has this price unless the owner gives another.
   */
  keptPrices: PricedProduct[];
  /** Active photos in all. */
  activePhotos: number;
}

/** "Offered for 12 of 40 photos": how many of the shop's photos a product is sold for. */
export const offeredForWords = (photoCount: number, activePhotos: number): string =>
  `Offered for ${photoCount} of ${activePhotos} photo${activePhotos === 1 ? '' : 's'}`;
