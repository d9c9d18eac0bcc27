// The owner's price list: print prices per size and finish (for every photo's variants and for the
// variants photos get later) and frame prices per size. A price change reaches new orders only:
// order_items keep the price they were sold at. Every update is one transaction.
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { MAX_PRICE_CENTS } from '~/lib/shop/pricing';
import type { FramingPriceUpdate, PrintPriceUpdate } from '~/lib/shop/schemas';
import { DEFAULT_FRAME_PRICE_CENTS, FINISHES, PRINT_SIZES, type PrintSize } from '~/lib/site/constants';
import { appMeta, framingOptions, photos, productVariants } from '~db/schema';
import { createVariantsForPhoto, currentPrices, printPriceKey } from './products.server';

const sizeOrder = (size: PrintSize) => PRINT_SIZES.indexOf(size);

/** Every frame, switched on or off, small to large. */
export function listFramingOptions(db: Db | Tx) {
  return db
    .select()
    .from(framingOptions)
    .all()
    .sort((a, b) => sizeOrder(a.size) - sizeOrder(b.size));
}

/**
 * The price list in cents: what new variants get for each size and finish, and each size's frame
 * (a size without a frame shows the default frame price and isActive false).
 */
export function getPriceMatrix(db: Db | Tx) {
  const prices = currentPrices(db);
  const frames = new Map(listFramingOptions(db).map((f) => [f.size, f]));
  return {
    prints: PRINT_SIZES.flatMap((size) =>
      FINISHES.map((finish) => ({ size, finish, priceCents: prices[size][finish] })),
    ),
    framing: PRINT_SIZES.map((size) => {
      const frame = frames.get(size);
      return {
        size,
        priceCents: frame?.priceCents ?? DEFAULT_FRAME_PRICE_CENTS,
        isActive: frame?.isActive ?? false,
      };
    }),
  };
}

function checkCents(cents: number, what: string): void {
  if (!Number.isInteger(cents) || cents < 0 || cents > MAX_PRICE_CENTS) {
    throw new HttpError(400, `The price of ${what} must be from 0 to ${MAX_PRICE_CENTS / 100} euro.`);
  }
}

/**
 * Sets print prices per size and finish: every existing variant of that size and finish, and the
 * price new variants get. All or nothing: one bad entry and nothing is saved.
 */
export function updatePrintPrices(db: Db, updates: readonly PrintPriceUpdate[]) {
  return db.transaction((tx) => {
    for (const { size, finish, priceCents } of updates) {
      if (!PRINT_SIZES.includes(size) || !FINISHES.includes(finish)) {
        throw new HttpError(400, `Unknown print size or finish: ${size} ${finish}.`);
      }
      checkCents(priceCents, `${size} ${finish} prints`);
      tx.update(productVariants)
        .set({ priceCents })
        .where(and(eq(productVariants.size, size), eq(productVariants.finish, finish)))
        .run();
      tx.insert(appMeta)
        .values({ key: printPriceKey(size, finish), value: String(priceCents) })
        .onConflictDoUpdate({
          target: appMeta.key,
          set: { value: String(priceCents), updatedAt: new Date() },
        })
        .run();
    }
    return getPriceMatrix(tx);
  });
}

/** Sets frame prices per print size; a size without a frame gets one (switched on). All or nothing. */
export function updateFramingPrices(db: Db, updates: readonly FramingPriceUpdate[]) {
  return db.transaction((tx) => {
    for (const { size, priceCents } of updates) {
      if (!PRINT_SIZES.includes(size)) throw new HttpError(400, `Unknown print size: ${size}.`);
      checkCents(priceCents, `a frame for ${size} prints`);
      tx.insert(framingOptions)
        .values({ size, priceCents })
        .onConflictDoUpdate({ target: framingOptions.size, set: { priceCents, updatedAt: new Date() } })
        .run();
    }
    return getPriceMatrix(tx);
  });
}

/**
 * Gives every photo each of its missing variants (size × finish) at the current prices; a variant
 * that exists is left as it is (the unique index on photo, size and finish). Returns how many were made.
 */
export function generateMissingVariants(db: Db): number {
  return db.transaction((tx) => {
    const prices = currentPrices(tx);
    let created = 0;
    for (const { id: photoId } of tx.select({ id: photos.id }).from(photos).all()) {
      created += createVariantsForPhoto(tx, photoId, prices);
    }
    return created;
  });
}
