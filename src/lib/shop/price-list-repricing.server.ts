// The one place that decides what a photo's prints cost: its own price list, else its collection's,
// else the default, with that list's edition prices when the photo is a limited edition. The price
// is kept on product_variants.price_cents, which the shop, the print pages, the checkout, sales and
// the price history (its triggers) read; repriceVariants writes it again, in the caller's
// transaction, after anything it depends on changes.
import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '~/lib/platform/server/db';
import { productKey } from '~/lib/site/catalogue';
import type { Finish, PhotoCategory, PrintSize } from '~/lib/site/constants';
import {
  collectionPriceLists,
  labProducts,
  photoPriceLists,
  photos,
  priceListPrices,
  priceLists,
  productVariants,
} from '~db/schema';
import { offeredKeys } from './catalogue-offers.server';
import { currentPrices, defaultEditionPercent, defaultLabMarkupPercent } from './default-price-list.server';
import { type LabCostGrid, withLabMarkup } from './lab-markup';
import {
  applyingList,
  chargedGrid,
  DEFAULT_LIST_ID,
  DEFAULT_LIST_NAME,
  gridEntries,
  gridOf,
  type ListSource,
  type PriceGrid,
  setGridPrice,
} from './price-lists';

export interface ListPricing {
  /** DEFAULT_LIST_ID for the default list. */
  id: string;
  name: string;
  /** What the list charges for an open print: `fixedPrices`, the lab's prints at its margin. */
  prices: PriceGrid;
  /** The prices the owner typed. */
  fixedPrices: PriceGrid;
  editionPercent: number | null;
  /** The lab's prints are priced at its cost plus this percentage; null: at the fixed prices. */
  labMarkupPercent: number | null;
  /** The prints priced from the lab's cost ("large-matte"). */
  labPriced: string[];
}

/**
 * What the lab last quoted for one copy of each unframed print it makes (lab_products.cost_cents),
 * read from the table itself: a print without a known cost is left out.
 */
export function storedLabCosts(db: Db | Tx): LabCostGrid {
  const costs: LabCostGrid = {};
  const rows = db
    .select({ size: labProducts.size, finish: labProducts.finish, cents: labProducts.costCents })
    .from(labProducts)
    .where(and(eq(labProducts.framed, false), isNotNull(labProducts.costCents)))
    .all();
  for (const r of rows) {
    if (r.cents !== null) costs[r.size] = { ...costs[r.size], [r.finish]: r.cents };
  }
  return costs;
}

function listPricing(
  base: { id: string; name: string; editionPercent: number | null; labMarkupPercent: number | null },
  fixedPrices: PriceGrid,
  costs: LabCostGrid,
): ListPricing {
  return { ...base, fixedPrices, ...withLabMarkup(fixedPrices, base.labMarkupPercent, costs) };
}

/**
 * Each named list's own fixed prices, of the products the shop sells, by list id. A product a list
 * does not price is charged at the default list's price (namedListGrid).
 */
export function listOwnPrices(db: Db | Tx, listIds?: readonly string[]): Map<string, PriceGrid> {
  const offered = offeredKeys(db);
  const grids = new Map<string, PriceGrid>();
  const rows = db
    .select()
    .from(priceListPrices)
    .where(listIds ? inArray(priceListPrices.priceListId, [...listIds]) : undefined)
    .all();
  for (const r of rows) {
    if (!offered.has(productKey(r.size, r.finish))) continue;
    const grid = grids.get(r.priceListId) ?? {};
    setGridPrice(grid, r.size, r.finish, r.priceCents);
    grids.set(r.priceListId, grid);
  }
  return grids;
}

/** A named list's fixed prices: its own, and the default list's for the products it does not price. */
export const namedListGrid = (own: PriceGrid | undefined, defaults: PriceGrid): PriceGrid =>
  gridOf([...gridEntries(defaults), ...gridEntries(own ?? {})]);

/** Writes a named list's own prices: exactly these (a product left out takes the default's). */
export function writeListPrices(tx: Db | Tx, listId: string, grid: PriceGrid): void {
  tx.delete(priceListPrices).where(eq(priceListPrices.priceListId, listId)).run();
  const values = gridEntries(grid).map((e) => ({
    priceListId: listId,
    size: e.size,
    finish: e.finish,
    priceCents: e.cents,
  }));
  if (values.length > 0) tx.insert(priceListPrices).values(values).run();
}

/** Every list and which collection uses which: what pricing a photo needs, read once. */
export interface Pricing {
  default: ListPricing;
  lists: Map<string, ListPricing>;
  collections: Map<PhotoCategory, string>;
}

export function loadPricing(db: Db | Tx): Pricing {
  const costs = storedLabCosts(db);
  const defaults = currentPrices(db);
  const own = listOwnPrices(db);
  const lists = new Map(
    db
      .select()
      .from(priceLists)
      .all()
      .map((row): [string, ListPricing] => [
        row.id,
        listPricing(row, namedListGrid(own.get(row.id), defaults), costs),
      ]),
  );
  const collections = new Map(
    db
      .select()
      .from(collectionPriceLists)
      .all()
      .map((r): [PhotoCategory, string] => [r.category, r.priceListId]),
  );
  return {
    default: listPricing(
      {
        id: DEFAULT_LIST_ID,
        name: DEFAULT_LIST_NAME,
        editionPercent: defaultEditionPercent(db),
        labMarkupPercent: defaultLabMarkupPercent(db),
      },
      defaults,
      costs,
    ),
    lists,
    collections,
  };
}

export interface PricedPhoto {
  id: string;
  category: PhotoCategory;
  editionSize: number | null;
  /** The list the photo chose itself (DEFAULT_LIST_ID: the default, over its collection's), or null. */
  ownListId: string | null;
}

/** The list that prices a photo, and where that choice comes from. */
export function listOf(
  pricing: Pricing,
  photo: Pick<PricedPhoto, 'category' | 'ownListId'>,
): { list: ListPricing; source: ListSource } {
  const { listId, source } = applyingList(photo.ownListId, pricing.collections.get(photo.category));
  if (listId === DEFAULT_LIST_ID) return { list: pricing.default, source };
  const list = pricing.lists.get(listId);
  return list ? { list, source } : { list: pricing.default, source: 'default' };
}

/** What each print of the photo costs now, in cents. */
export const photoGrid = (pricing: Pricing, photo: PricedPhoto): PriceGrid =>
  chargedGrid(listOf(pricing, photo).list, photo.editionSize);

/** The photos' facts pricing reads; every photo for 'all'. */
export function pricedPhotos(db: Db | Tx, photoIds: readonly string[] | 'all'): PricedPhoto[] {
  if (photoIds !== 'all' && photoIds.length === 0) return [];
  return db
    .select({
      id: photos.id,
      category: photos.category,
      editionSize: photos.editionSize,
      ownListId: sql<string | null>`case when ${photoPriceLists.photoId} is null then null
        else coalesce(${photoPriceLists.priceListId}, ${DEFAULT_LIST_ID}) end`,
    })
    .from(photos)
    .leftJoin(photoPriceLists, eq(photoPriceLists.photoId, photos.id))
    .where(photoIds === 'all' ? undefined : inArray(photos.id, [...new Set(photoIds)]))
    .all();
}

/** What a photo's prints cost now (the default list's prices for a photo that does not exist). */
export function pricesOfPhoto(db: Db | Tx, photoId: string): PriceGrid {
  const pricing = loadPricing(db);
  const [photo] = pricedPhotos(db, [photoId]);
  return photo ? photoGrid(pricing, photo) : pricing.default.prices;
}

const CHUNK = 500;

/**
 * Sets every variant of these photos (or of all photos) to the price its photo's list gives it, in
 * the caller's transaction; with `only`, the variants of those sizes and finishes alone (a change
 * that reaches no other). A variant already at its price is not written, so the price history (kept
 * by triggers) gains a row only for a real change. Returns how many variants changed.
 */
export function repriceVariants(
  db: Db | Tx,
  photoIds: readonly string[] | 'all',
  only?: readonly { size: PrintSize; finish: Finish }[],
): number {
  const found = pricedPhotos(db, photoIds);
  if (found.length === 0) return 0;
  const pricing = loadPricing(db);
  const grids = new Map(found.map((p) => [p.id, photoGrid(pricing, p)]));
  const variants = db
    .select({
      id: productVariants.id,
      photoId: productVariants.photoId,
      size: productVariants.size,
      finish: productVariants.finish,
      priceCents: productVariants.priceCents,
    })
    .from(productVariants)
    .where(photoIds === 'all' ? undefined : inArray(productVariants.photoId, [...grids.keys()]))
    .all();
  // Variants that change, grouped by their new price: one statement per price.
  const byPrice = new Map<number, string[]>();
  for (const v of variants) {
    const cents = grids.get(v.photoId)?.[v.size]?.[v.finish];
    if (cents === undefined || cents === v.priceCents) continue;
    if (only && !only.some((o) => o.size === v.size && o.finish === v.finish)) continue;
    const ids = byPrice.get(cents);
    if (ids) ids.push(v.id);
    else byPrice.set(cents, [v.id]);
  }
  let changed = 0;
  for (const [priceCents, ids] of byPrice) {
    for (let i = 0; i < ids.length; i += CHUNK) {
      changed += db
        .update(productVariants)
        .set({ priceCents })
        .where(
          and(
            inArray(productVariants.id, ids.slice(i, i + CHUNK)),
            ne(productVariants.priceCents, priceCents),
          ),
        )
        .run().changes;
    }
  }
  return changed;
}
