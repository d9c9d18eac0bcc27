// The shop's prints: each product it sells (catalogue_offers), unframed, and framed too where its
// material takes a frame (paper) and its size has a frame for sale (framing_options, switched on).
// The owner's print lab card lists these, one row each.
import type { Db, Tx } from '~/lib/platform/server/db';
import {
  CATALOGUE_PRODUCTS,
  type CatalogueProduct,
  type CatalogueSize,
  MATERIALS,
  productKey,
} from '~/lib/site/catalogue';
import { offeredProducts } from './catalogue-offers.server';
import { listFramingOptions } from './pricing.server';

export interface ShopPrint extends CatalogueProduct {
  framed: boolean;
}

/**
 * These products unframed, and framed where the material takes a frame and the size is one of
 * `framedSizes`: by material, then size, unframed before framed.
 */
export function printsOf(
  products: readonly CatalogueProduct[],
  framedSizes: readonly CatalogueSize[],
): ShopPrint[] {
  const sold = new Set(products.map((p) => productKey(p.size, p.finish)));
  return CATALOGUE_PRODUCTS.filter((p) => sold.has(productKey(p.size, p.finish))).flatMap(
    ({ size, finish }): ShopPrint[] =>
      MATERIALS[finish].frameable && framedSizes.includes(size)
        ? [
            { size, finish, framed: false },
            { size, finish, framed: true },
          ]
        : [{ size, finish, framed: false }],
  );
}

/** The shop's prints now. */
export function shopPrints(db: Db | Tx): ShopPrint[] {
  const framed = listFramingOptions(db)
    .filter((f) => f.isActive)
    .map((f) => f.size);
  return printsOf(offeredProducts(db), framed);
}
