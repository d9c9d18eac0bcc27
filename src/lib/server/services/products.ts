// Print variants and framing, priced in integer cents.
import { and, eq, max, min } from 'drizzle-orm';
import { framingOptions, photos, productVariants } from '../../../../db/schema';
import type { Finish, PrintSize } from '../../shared/constants';
import type { Db } from '../db';

/** The price range of each active photo's variants, for shop cards. */
export function listPriceRanges(db: Db): Map<string, { minCents: number; maxCents: number }> {
  const rows = db
    .select({
      photoId: productVariants.photoId,
      minCents: min(productVariants.priceCents),
      maxCents: max(productVariants.priceCents),
    })
    .from(productVariants)
    .innerJoin(photos, eq(photos.id, productVariants.photoId))
    .where(eq(photos.isActive, true))
    .groupBy(productVariants.photoId)
    .all();
  return new Map(rows.map((r) => [r.photoId, { minCents: r.minCents ?? 0, maxCents: r.maxCents ?? 0 }]));
}

/** The lowest price of a size and finish across photos (the quick pricing guide). */
export function getFromPrice(db: Db, size: PrintSize, finish: Finish): number | null {
  const row = db
    .select({ cents: min(productVariants.priceCents) })
    .from(productVariants)
    .where(and(eq(productVariants.size, size), eq(productVariants.finish, finish)))
    .get();
  return row?.cents ?? null;
}

export function listActiveFramingOptions(db: Db) {
  return db.select().from(framingOptions).where(eq(framingOptions.isActive, true)).all();
}

/** Variants of active photos, cheapest first within each photo (GET /api/product-variants). */
export function listActiveVariants(db: Db) {
  return db
    .select({
      id: productVariants.id,
      photoId: productVariants.photoId,
      size: productVariants.size,
      finish: productVariants.finish,
      priceCents: productVariants.priceCents,
      dimensions: productVariants.dimensions,
    })
    .from(productVariants)
    .innerJoin(photos, eq(photos.id, productVariants.photoId))
    .where(eq(photos.isActive, true))
    .orderBy(productVariants.photoId, productVariants.priceCents)
    .all();
}

/** The variants of one active photo (the print dialog); empty for an unknown or inactive photo. */
export function listVariantsForPhoto(db: Db, photoId: string) {
  return db
    .select({
      id: productVariants.id,
      photoId: productVariants.photoId,
      size: productVariants.size,
      finish: productVariants.finish,
      priceCents: productVariants.priceCents,
      dimensions: productVariants.dimensions,
    })
    .from(productVariants)
    .innerJoin(photos, eq(photos.id, productVariants.photoId))
    .where(and(eq(productVariants.photoId, photoId), eq(photos.isActive, true)))
    .all();
}

/** SPEC §3 "Product list entry": one entry per variant of an active photo, with its photo. */
export function listProducts(db: Db) {
  return db
    .select({ variant: productVariants, photo: photos })
    .from(productVariants)
    .innerJoin(photos, eq(photos.id, productVariants.photoId))
    .where(eq(photos.isActive, true))
    .orderBy(productVariants.photoId, productVariants.priceCents)
    .all();
}
