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
