// Print variants and framing, priced in integer cents. The shop offers a print size only where the
// photo has enough pixels for it (print-fit.ts).
import { and, eq, min } from 'drizzle-orm';
import type { Db, Tx } from '~/lib/platform/server/db';
import { type Finish, PRINT_DIMENSIONS, type PrintSize } from '~/lib/site/constants';
import { framingOptions, photos, productVariants } from '~db/schema';
import { offeredProducts } from './catalogue-offers.server';
import { loadPricing, photoGrid, pricedPhotos, pricesOfPhoto } from './price-list-repricing.server';
import { gridPrice, type PriceGrid } from './price-lists';
import { variantFitsPhoto } from './print-fit.server';

/** The lowest price of a size and finish across the shown photos it fits (the quick pricing guide). */
export function getFromPrice(db: Db, size: PrintSize, finish: Finish): number | null {
  const row = db
    .select({ cents: min(productVariants.priceCents) })
    .from(productVariants)
    .innerJoin(photos, eq(photos.id, productVariants.photoId))
    .where(
      and(
        eq(photos.isActive, true),
        eq(productVariants.size, size),
        eq(productVariants.finish, finish),
        variantFitsPhoto(),
      ),
    )
    .get();
  return row?.cents ?? null;
}

export function listActiveFramingOptions(db: Db) {
  return db.select().from(framingOptions).where(eq(framingOptions.isActive, true)).all();
}

export { currentPrices, printPriceKey } from './default-price-list.server';

/**
 * Gives a photo a variant of every product the shop sells that its price list prices, at that price
 * (or at `prices`, when the caller has worked them out already); a variant that exists is left as it
 * is. Which of them a buyer is offered is the shop's reads' business (printOfferedSql: the photo's
 * proportion, its pixels, the owner's crops). Returns how many were made.
 */
export function createVariantsForPhoto(
  db: Db | Tx,
  photoId: string,
  prices: PriceGrid = pricesOfPhoto(db, photoId),
): number {
  const values = offeredProducts(db).flatMap(({ size, finish }) => {
    const priceCents = gridPrice(prices, size, finish);
    return priceCents === undefined
      ? []
      : [{ photoId, size, finish, priceCents, dimensions: PRINT_DIMENSIONS[size] }];
  });
  if (values.length === 0) return 0;
  return db.insert(productVariants).values(values).onConflictDoNothing().run().changes;
}

/**
 * Gives every photo the variants of the products the shop sells that it lacks (after the owner
 * turns a product on, or prices one for the first time). Returns how many were made.
 */
export function createMissingVariants(db: Db | Tx): number {
  const pricing = loadPricing(db);
  let created = 0;
  for (const photo of pricedPhotos(db, 'all')) {
    created += createVariantsForPhoto(db, photo.id, photoGrid(pricing, photo));
  }
  return created;
}

const variantColumns = {
  id: productVariants.id,
  photoId: productVariants.photoId,
  size: productVariants.size,
  finish: productVariants.finish,
  priceCents: productVariants.priceCents,
  dimensions: productVariants.dimensions,
};

/**
 * Variants of active photos at the sizes they fit, cheapest first within each photo
 * (GET /api/product-variants).
 */
export function listActiveVariants(db: Db) {
  return db
    .select(variantColumns)
    .from(productVariants)
    .innerJoin(photos, eq(photos.id, productVariants.photoId))
    .where(and(eq(photos.isActive, true), variantFitsPhoto()))
    .orderBy(productVariants.photoId, productVariants.priceCents)
    .all();
}

/**
 * The variants of one active photo at the sizes it fits (the print dialog); empty for an unknown or
 * inactive photo.
 */
export function listVariantsForPhoto(db: Db, photoId: string) {
  return db
    .select(variantColumns)
    .from(productVariants)
    .innerJoin(photos, eq(photos.id, productVariants.photoId))
    .where(and(eq(productVariants.photoId, photoId), eq(photos.isActive, true), variantFitsPhoto()))
    .all();
}

/** The products list: one entry per variant of an active photo at a size it fits, with its photo. */
export function listProducts(db: Db) {
  return db
    .select({ variant: productVariants, photo: photos })
    .from(productVariants)
    .innerJoin(photos, eq(photos.id, productVariants.photoId))
    .where(and(eq(photos.isActive, true), variantFitsPhoto()))
    .orderBy(productVariants.photoId, productVariants.priceCents)
    .all();
}
