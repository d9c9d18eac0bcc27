// The owner's price lists: the default list (its prices and edition rule in app_meta) and named
// lists, each collection's list and each photo's own. Every change reprices the variants it reaches
// in the same transaction (price-list-repricing.server.ts), so what the shop shows and charges
// follows at once; a refused change saves nothing.
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { PHOTO_CATEGORIES, type PhotoCategory } from '~/lib/site/constants';
import { collectionPriceLists, photoPriceLists, photos, priceLists } from '~db/schema';
import {
  pinDefaultPrices,
  writeDefaultEditionPercent,
  writeDefaultLabMarkupPercent,
  writeDefaultPrice,
} from './default-price-list.server';
import {
  type ListPricing,
  listOf,
  loadPricing,
  type Pricing,
  pricedPhotos,
  repriceVariants,
  storedLabCosts,
  writeListPrices,
} from './price-list-repricing.server';
import type { DefaultPriceListInput, PriceListInput } from './price-list-schemas';
import {
  DEFAULT_LIST_ID,
  editionGrid,
  gridEntries,
  type PhotoPricesView,
  type PriceListsView,
  type PriceListView,
} from './price-lists';

const LIST_NOT_FOUND = 'That price list was not found.';

function view(
  pricing: Pricing,
  list: ListPricing,
  counts: Map<string, { own: number; all: number }>,
): PriceListView {
  const isDefault = list.id === DEFAULT_LIST_ID;
  return {
    id: list.id,
    name: list.name,
    prices: list.prices,
    fixedPrices: list.fixedPrices,
    labMarkupPercent: list.labMarkupPercent,
    labPriced: list.labPriced,
    editionPercent: list.editionPercent,
    editionPrices: editionGrid(list.prices, list.editionPercent),
    collections: PHOTO_CATEGORIES.filter((c) =>
      isDefault
        ? !pricing.lists.has(pricing.collections.get(c) ?? '')
        : pricing.collections.get(c) === list.id,
    ),
    ownPhotoCount: counts.get(list.id)?.own ?? 0,
    photoCount: counts.get(list.id)?.all ?? 0,
  };
}

/** The default list and the named ones (by name), with the collections and photos each prices. */
export function listPriceLists(db: Db | Tx): PriceListsView {
  const pricing = loadPricing(db);
  const counts = new Map<string, { own: number; all: number }>();
  for (const photo of pricedPhotos(db, 'all')) {
    const { list, source } = listOf(pricing, photo);
    const c = counts.get(list.id) ?? { own: 0, all: 0 };
    c.all++;
    if (source === 'photo') c.own++;
    counts.set(list.id, c);
  }
  const named = [...pricing.lists.values()].sort((a, b) => a.name.localeCompare(b.name, 'en-IE'));
  return {
    default: view(pricing, pricing.default, counts),
    lists: named.map((l) => view(pricing, l, counts)),
    labCosts: storedLabCosts(db),
    collections: Object.fromEntries(
      PHOTO_CATEGORIES.map((c) => [c, pricing.collections.get(c) ?? null]),
    ) as Record<PhotoCategory, string | null>,
  };
}

function findList(db: Db | Tx, id: string) {
  const row = db.select().from(priceLists).where(eq(priceLists.id, id)).get();
  if (!row) throw new HttpError(404, LIST_NOT_FOUND);
  return row;
}

function assertNameFree(tx: Db | Tx, name: string, exceptId = ''): void {
  const taken = tx
    .select({ name: priceLists.name })
    .from(priceLists)
    .where(and(sql`lower(${priceLists.name}) = lower(${name})`, ne(priceLists.id, exceptId)))
    .get();
  if (taken) {
    throw new HttpError(409, `There is a price list called “${taken.name}” already: choose another name.`, {
      field: 'name',
    });
  }
}

const viewOf = (db: Db | Tx, id: string): PriceListView => {
  const all = listPriceLists(db);
  const found = id === DEFAULT_LIST_ID ? all.default : all.lists.find((l) => l.id === id);
  if (!found) throw new HttpError(404, LIST_NOT_FOUND);
  return found;
};

/** A new named list; it prices nothing until a collection or a photo is given it. */
export function createPriceList(db: Db, input: PriceListInput): PriceListView {
  return db.transaction(
    (tx) => {
      assertNameFree(tx, input.name);
      // From now on photos may be priced apart from the default: its prices are written down first.
      pinDefaultPrices(tx);
      const row = tx
        .insert(priceLists)
        .values({
          name: input.name,
          editionPercent: input.editionPercent,
          labMarkupPercent: input.labMarkupPercent ?? null,
        })
        .returning()
        .get();
      writeListPrices(tx, row.id, input.prices);
      return viewOf(tx, row.id);
    },
    { behavior: 'immediate' },
  );
}

/** Renames a named list and sets its prices and edition rule; every photo it prices is repriced. */
export function updatePriceList(db: Db, id: string, input: PriceListInput): PriceListView {
  return db.transaction(
    (tx) => {
      findList(tx, id);
      assertNameFree(tx, input.name, id);
      tx.update(priceLists)
        .set({
          name: input.name,
          editionPercent: input.editionPercent,
          labMarkupPercent: input.labMarkupPercent ?? null,
          updatedAt: new Date(),
        })
        .where(eq(priceLists.id, id))
        .run();
      writeListPrices(tx, id, input.prices);
      repriceVariants(tx, 'all');
      return viewOf(tx, id);
    },
    { behavior: 'immediate' },
  );
}

/** Sets the default list's prices and edition rule; every photo it prices is repriced. */
export function updateDefaultPriceList(db: Db, input: DefaultPriceListInput): PriceListView {
  return db.transaction(
    (tx) => {
      pinDefaultPrices(tx);
      for (const { size, finish, cents } of gridEntries(input.prices)) {
        writeDefaultPrice(tx, size, finish, cents);
      }
      writeDefaultEditionPercent(tx, input.editionPercent);
      writeDefaultLabMarkupPercent(tx, input.labMarkupPercent ?? null);
      repriceVariants(tx, 'all');
      return viewOf(tx, DEFAULT_LIST_ID);
    },
    { behavior: 'immediate' },
  );
}

export interface DeletedList {
  /** The collections that went back to the default list. */
  collections: PhotoCategory[];
  /** The photos that had chosen the list: they now take their collection's. */
  photos: number;
}

/**
 * Deletes a named list: the collections that used it go back to the default list, the photos that
 * chose it to their collection's, all repriced in the same transaction.
 */
export function deletePriceList(db: Db, id: string): DeletedList {
  return db.transaction(
    (tx) => {
      findList(tx, id);
      const collections = tx
        .select({ category: collectionPriceLists.category })
        .from(collectionPriceLists)
        .where(eq(collectionPriceLists.priceListId, id))
        .all()
        .map((r) => r.category);
      const own = tx.delete(photoPriceLists).where(eq(photoPriceLists.priceListId, id)).run().changes;
      tx.delete(collectionPriceLists).where(eq(collectionPriceLists.priceListId, id)).run();
      tx.delete(priceLists).where(eq(priceLists.id, id)).run();
      repriceVariants(tx, 'all');
      return { collections: PHOTO_CATEGORIES.filter((c) => collections.includes(c)), photos: own };
    },
    { behavior: 'immediate' },
  );
}

/**
 * Gives collections their list (null: the default); collections left out keep theirs. Every photo
 * of those collections without a list of its own is repriced. A list that does not exist is a 404
 * and changes nothing.
 */
export function setCollectionPriceLists(
  db: Db,
  assignments: Partial<Record<PhotoCategory, string | null>>,
): PriceListsView {
  return db.transaction(
    (tx) => {
      for (const [category, listId] of Object.entries(assignments) as [PhotoCategory, string | null][]) {
        if (listId === null || listId === DEFAULT_LIST_ID) {
          tx.delete(collectionPriceLists).where(eq(collectionPriceLists.category, category)).run();
          continue;
        }
        findList(tx, listId);
        tx.insert(collectionPriceLists)
          .values({ category, priceListId: listId })
          .onConflictDoUpdate({ target: collectionPriceLists.category, set: { priceListId: listId } })
          .run();
      }
      repriceVariants(tx, 'all');
      return listPriceLists(tx);
    },
    { behavior: 'immediate' },
  );
}

export function photoPrices(db: Db | Tx, photoId: string): PhotoPricesView {
  const [photo] = pricedPhotos(db, [photoId]);
  if (!photo) throw new HttpError(404, 'That photo was not found.');
  const pricing = loadPricing(db);
  const { list, source } = listOf(pricing, photo);
  const collection = listOf(pricing, { ...photo, ownListId: null }).list;
  return {
    photoId,
    category: photo.category,
    ownListId: photo.ownListId,
    collectionListId: collection.id,
    listId: list.id,
    listName: list.name,
    source,
    editionSize: photo.editionSize,
    prices: list.prices,
    editionPrices: editionGrid(list.prices, list.editionPercent),
  };
}

/**
 * Gives a photo its own list (a named one, or DEFAULT_LIST_ID for the default over its
 * collection's), or (null) has it take its collection's again; its variants are repriced in the same
 * transaction. 404 for an unknown photo or list.
 */
export function setPhotoPriceList(db: Db, photoId: string, listId: string | null): PhotoPricesView {
  return db.transaction(
    (tx) => {
      const exists = tx.select({ id: photos.id }).from(photos).where(eq(photos.id, photoId)).get();
      if (!exists) throw new HttpError(404, 'That photo was not found.');
      if (listId === null) {
        tx.delete(photoPriceLists).where(eq(photoPriceLists.photoId, photoId)).run();
      } else {
        const priceListId = listId === DEFAULT_LIST_ID ? null : findList(tx, listId).id;
        tx.insert(photoPriceLists)
          .values({ photoId, priceListId })
          .onConflictDoUpdate({ target: photoPriceLists.photoId, set: { priceListId } })
          .run();
      }
      repriceVariants(tx, [photoId]);
      return photoPrices(tx, photoId);
    },
    { behavior: 'immediate' },
  );
}
