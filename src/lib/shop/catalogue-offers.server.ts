// The products of the catalogue the shop sells (catalogue_offers): what the owner turned on, which
// every photo's variants, the owner's price forms and the lab card follow.
import type { Db, Tx } from '~/lib/platform/server/db';
import {
  byProductOrder,
  type CatalogueProduct,
  type CatalogueSize,
  productKey,
  SIZES_BY_AREA,
} from '~/lib/site/catalogue';
import { catalogueOffers } from '~db/schema';

/** The products the shop sells, by material then size. */
export function offeredProducts(db: Db | Tx): CatalogueProduct[] {
  return db
    .select({ size: catalogueOffers.size, finish: catalogueOffers.finish })
    .from(catalogueOffers)
    .all()
    .sort(byProductOrder);
}

/** The keys ("large:matte") of the products the shop sells. */
export const offeredKeys = (db: Db | Tx): Set<string> =>
  new Set(offeredProducts(db).map((p) => productKey(p.size, p.finish)));

/** The sizes the shop sells in any material, smallest first. */
export function offeredSizes(db: Db | Tx): CatalogueSize[] {
  const products = offeredProducts(db);
  return SIZES_BY_AREA.filter((size) => products.some((p) => p.size === size));
}
