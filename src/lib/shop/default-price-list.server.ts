// The default price list: the prices of photos that no named list prices, kept in app_meta (one key
// per size and finish, in cents) with its edition rule (a percentage, or no key: the same as an open
// print). It is what the Products tab's "Print Sizes & Pricing" form edits.
import { count, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '~/lib/platform/server/db';
import { DEFAULT_PRINT_PRICES_CENTS } from '~/lib/shop/pricing-defaults';
import { CATALOGUE_PRODUCTS } from '~/lib/site/catalogue';
import type { Finish, PrintSize } from '~/lib/site/constants';
import { appMeta, productVariants } from '~db/schema';
import { offeredProducts } from './catalogue-offers.server';
import { gridEntries, gridPrice, type PriceGrid, setGridPrice } from './price-lists';

/** Where the owner's price of a size and finish is kept (app_meta), in cents. */
export const printPriceKey = (size: PrintSize, finish: Finish) => `print-price:${size}:${finish}`;

/** Where the default list's edition percentage is kept (app_meta); no key: the same as an open print. */
export const DEFAULT_EDITION_PERCENT_KEY = 'print-price:edition-percent';

/** Where the default list's margin over the lab's cost is kept (app_meta); no key: fixed prices. */
export const DEFAULT_LAB_MARKUP_KEY = 'print-price:lab-markup-percent';

/**
 * The default list's prices of the products the shop sells: for each, the price the owner last set,
 * else the price most photos have now, else the starting price of the original products. A product
 * with none of these has no price, and is not sold until the owner gives it one.
 */
export function currentPrices(db: Db | Tx): PriceGrid {
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
  const common = new Map<string, { n: number; cents: number }>();
  for (const r of rows) {
    const key = `${r.size}:${r.finish}`;
    if ((common.get(key)?.n ?? -1) < r.n) common.set(key, { n: r.n, cents: r.priceCents });
  }
  const saved = savedPrices(db);
  const prices: PriceGrid = {};
  for (const { size, finish } of offeredProducts(db)) {
    const cents =
      saved.get(printPriceKey(size, finish)) ??
      common.get(`${size}:${finish}`)?.cents ??
      gridPrice(DEFAULT_PRINT_PRICES_CENTS, size, finish);
    if (cents !== undefined) setGridPrice(prices, size, finish, cents);
  }
  return prices;
}

const PRICE_KEYS = CATALOGUE_PRODUCTS.map(({ size, finish }) => printPriceKey(size, finish));

/** The prices the owner has set, by app_meta key. */
function savedPrices(db: Db | Tx): Map<string, number> {
  const saved = new Map<string, number>();
  for (const r of db.select().from(appMeta).where(inArray(appMeta.key, PRICE_KEYS)).all()) {
    const cents = Number(r.value);
    if (Number.isInteger(cents) && cents >= 0) saved.set(r.key, cents);
  }
  return saved;
}

function writeMeta(tx: Db | Tx, key: string, value: string): void {
  tx.insert(appMeta)
    .values({ key, value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: new Date() } })
    .run();
}

/**
 * Writes down every default price not set yet, as it reads now. Done before anything prices photos
 * apart from the default list: from then on the prices most photos have are no longer the default's.
 */
export function pinDefaultPrices(tx: Db | Tx): void {
  const saved = savedPrices(tx);
  for (const { size, finish, cents } of gridEntries(currentPrices(tx))) {
    const key = printPriceKey(size, finish);
    if (!saved.has(key)) writeMeta(tx, key, String(cents));
  }
}

/** Sets one default price, in cents. */
export function writeDefaultPrice(tx: Db | Tx, size: PrintSize, finish: Finish, cents: number): void {
  writeMeta(tx, printPriceKey(size, finish), String(cents));
}

/** The default list's edition percentage, or null: copies of an edition cost what an open print does. */
export function defaultEditionPercent(db: Db | Tx): number | null {
  const row = db.select().from(appMeta).where(eq(appMeta.key, DEFAULT_EDITION_PERCENT_KEY)).get();
  const percent = Number(row?.value);
  return row && Number.isInteger(percent) && percent > 0 ? percent : null;
}

export function writeDefaultEditionPercent(tx: Db | Tx, percent: number | null): void {
  if (percent === null) tx.delete(appMeta).where(eq(appMeta.key, DEFAULT_EDITION_PERCENT_KEY)).run();
  else writeMeta(tx, DEFAULT_EDITION_PERCENT_KEY, String(percent));
}

/** The default list's margin over the lab's cost for the prints the lab makes, or null: fixed prices. */
export function defaultLabMarkupPercent(db: Db | Tx): number | null {
  const row = db.select().from(appMeta).where(eq(appMeta.key, DEFAULT_LAB_MARKUP_KEY)).get();
  const percent = Number(row?.value);
  return row && Number.isInteger(percent) && percent >= 0 ? percent : null;
}

export function writeDefaultLabMarkupPercent(tx: Db | Tx, percent: number | null): void {
  if (percent === null) tx.delete(appMeta).where(eq(appMeta.key, DEFAULT_LAB_MARKUP_KEY)).run();
  else writeMeta(tx, DEFAULT_LAB_MARKUP_KEY, String(percent));
}
