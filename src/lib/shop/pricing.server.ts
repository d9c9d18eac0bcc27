// The owner's default price list: print prices per size and finish (for the variants of every photo
// no named list prices, now and later; price-lists.server.ts has the named lists) and frame prices
// per size. A price change reaches new orders only: order_items keep the price they were sold at.
// Every update is one transaction.
import type { Db, Tx } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { MAX_PRICE_CENTS } from '~/lib/shop/pricing';
import type { FramingPriceUpdate, PrintPriceUpdate } from '~/lib/shop/schemas';
import { bySizeOrder, frameableSizes } from '~/lib/site/catalogue';
import { DEFAULT_FRAME_PRICE_CENTS, FINISHES, PRINT_SIZES } from '~/lib/site/constants';
import { framingOptions } from '~db/schema';
import { offeredProducts } from './catalogue-offers.server';
import {
  currentPrices,
  defaultEditionPercent,
  pinDefaultPrices,
  writeDefaultPrice,
} from './default-price-list.server';
import { repriceVariants } from './price-list-repricing.server';
import { editionPriceProblem } from './price-list-schemas';
import { gridEntries } from './price-lists';
import { createMissingVariants } from './products.server';

/** Every frame, switched on or off, small to large. */
export function listFramingOptions(db: Db | Tx) {
  return db
    .select()
    .from(framingOptions)
    .all()
    .sort((a, b) => bySizeOrder(a.size, b.size));
}

/**
 * The price list in cents: what new variants get for each size and finish, and each size's frame
 * (a size without a frame shows the default frame price and isActive false).
 */
export function getPriceMatrix(db: Db | Tx) {
  const prices = currentPrices(db);
  const frames = new Map(listFramingOptions(db).map((f) => [f.size, f]));
  return {
    prints: gridEntries(prices).map(({ size, finish, cents }) => ({ size, finish, priceCents: cents })),
    framing: frameableSizes(offeredProducts(db)).map((size) => {
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
 * Sets the default price list's print prices per size and finish: the prices of every photo that
 * no named list prices (their edition copies follow the list's edition rule), and of the variants
 * such photos get later. All or nothing: one bad entry and nothing is saved.
 */
export function updatePrintPrices(db: Db, updates: readonly PrintPriceUpdate[]) {
  return db.transaction((tx) => {
    pinDefaultPrices(tx);
    for (const { size, finish, priceCents } of updates) {
      if (!PRINT_SIZES.includes(size) || !FINISHES.includes(finish)) {
        throw new HttpError(400, `Unknown print size or finish: ${size} ${finish}.`);
      }
      checkCents(priceCents, `${size} ${finish} prints`);
      writeDefaultPrice(tx, size, finish, priceCents);
    }
    const problem = editionPriceProblem(currentPrices(tx), defaultEditionPercent(tx));
    if (problem) throw new HttpError(400, problem);
    repriceVariants(tx, 'all', updates);
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
 * Gives every photo each of its missing variants (size × finish) at the prices its price list gives
 * it; a variant that exists is left as it is (the unique index on photo, size and finish). Returns
 * how many were made.
 */
export const generateMissingVariants = (db: Db): number => db.transaction((tx) => createMissingVariants(tx));
