// Print variants and framing, priced in integer cents. The shop offers a print size only where the
// photo has enough pixels for it (print-fit.ts).
import { and, count, eq, inArray, min } from 'drizzle-orm';
import type { Db, Tx } from '~/lib/platform/server/db';
import { DEFAULT_PRINT_PRICES_CENTS } from '~/lib/shop/pricing-defaults';
import { FINISHES, type Finish, PRINT_DIMENSIONS, PRINT_SIZES, type PrintSize } from '~/lib/site/constants';
import { appMeta, framingOptions, photos, productVariants } from '~db/schema';
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

/** Where the owner's price of a size and finish is kept (app_meta), in cents. */
export const printPriceKey = (size: PrintSize, finish: Finish) => `print-price:${size}:${finish}`;

/**
 * The prices a new photo's variants start at: for each size and finish, the price the owner last set,
 * else the price most photos have now, else the default.
 */
export function currentPrices(db: Db | Tx): Record<PrintSize, Record<Finish, number>> {
  const rows = db
    .select({
      size: productVariants.size,
      finish: productVariants.finish,
      priceCents: productVariants.priceCents,
      n: count(),
    })
    .from(productVariants)
    .groupBy(productVariants.size, productVariants.finish, productVariants.priceCents)
    .all();
  const prices = structuredClone(DEFAULT_PRINT_PRICES_CENTS);
  const best = new Map<string, number>();
  for (const r of rows) {
    const key = `${r.size}:${r.finish}`;
    if ((best.get(key) ?? -1) < r.n) {
      best.set(key, r.n);
      prices[r.size][r.finish] = r.priceCents;
    }
  }
  const keys = PRINT_SIZES.flatMap((size) => FINISHES.map((finish) => printPriceKey(size, finish)));
  const set = new Map(
    db
      .select()
      .from(appMeta)
      .where(inArray(appMeta.key, keys))
      .all()
      .map((r) => [r.key, Number(r.value)]),
  );
  for (const size of PRINT_SIZES) {
    for (const finish of FINISHES) {
      const cents = set.get(printPriceKey(size, finish));
      if (Number.isInteger(cents) && (cents as number) >= 0) prices[size][finish] = cents as number;
    }
  }
  return prices;
}

/**
 * Gives a photo its six variants (3 sizes × 2 finishes) at the current prices (or `prices`, when
 * the caller has read them already); a variant that exists is left as it is. Returns how many were made.
 */
export function createVariantsForPhoto(
  db: Db | Tx,
  photoId: string,
  prices: ReturnType<typeof currentPrices> = currentPrices(db),
): number {
  let created = 0;
  for (const size of PRINT_SIZES) {
    for (const finish of FINISHES) {
      created += db
        .insert(productVariants)
        .values({
          photoId,
          size,
          finish,
          priceCents: prices[size][finish],
          dimensions: PRINT_DIMENSIONS[size],
        })
        .onConflictDoNothing()
        .run().changes;
    }
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
