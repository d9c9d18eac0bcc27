// Price lists as the owner's card, the photo dialog and the server read them: a price per print size
// and finish, an edition rule, which list prices a photo, and those prices in words. Pure and in
// integer cents, so the browser shows the very prices the server charges.

import { formatEuro, groupDigits } from '~/lib/platform/shared/format';
import { materialWords, SIZES_BY_AREA } from '~/lib/site/catalogue';
import {
  CATEGORY_LABELS,
  FINISHES,
  type Finish,
  PHOTO_CATEGORIES,
  type PhotoCategory,
  PRINT_SIZE_LABELS,
  type PrintSize,
} from '~/lib/site/constants';
import type { LabCostGrid } from './lab-markup';

/**
 * A price in cents for each product (print size and material) a list prices; a product it does not
 * price is absent. Read it through gridPrice and gridEntries.
 */
export type PriceGrid = { [S in PrintSize]?: { [F in Finish]?: number } };

/** A product's price in the grid, or undefined when the grid does not price it. */
export const gridPrice = (grid: PriceGrid, size: PrintSize, finish: Finish): number | undefined =>
  grid[size]?.[finish];

export function setGridPrice(grid: PriceGrid, size: PrintSize, finish: Finish, cents: number): void {
  grid[size] ??= {};
  (grid[size] as { [F in Finish]?: number })[finish] = cents;
}

/** Every price of the grid, material by material and smallest size first. */
export function gridEntries(grid: PriceGrid): { size: PrintSize; finish: Finish; cents: number }[] {
  const out: { size: PrintSize; finish: Finish; cents: number }[] = [];
  for (const finish of FINISHES) {
    for (const size of SIZES_BY_AREA) {
      const cents = grid[size]?.[finish];
      if (cents !== undefined) out.push({ size, finish, cents });
    }
  }
  return out;
}

/** A grid of these entries. */
export function gridOf(entries: readonly { size: PrintSize; finish: Finish; cents: number }[]): PriceGrid {
  const grid: PriceGrid = {};
  for (const e of entries) setGridPrice(grid, e.size, e.finish, e.cents);
  return grid;
}

/** The default list's id in the owner's screens and endpoints (it is not a row of price_lists). */
export const DEFAULT_LIST_ID = 'default';
export const DEFAULT_LIST_NAME = 'Default';

/** An edition's price is 100% to 1000% of the open print's (or simply the same). */
export const MIN_EDITION_PERCENT = 100;
export const MAX_EDITION_PERCENT = 1000;
export const MAX_LIST_NAME_LENGTH = 60;

export interface PriceListView {
  /** DEFAULT_LIST_ID for the default list. */
  id: string;
  name: string;
  /** What the list charges for an open print (the lab's prints at its margin, when it sets one). */
  prices: PriceGrid;
  /** The prices the owner typed; the lab's prints fall back to them while its cost is unknown. */
  fixedPrices: PriceGrid;
  /** The margin over the lab's cost of the prints the lab makes; null: the fixed prices. */
  labMarkupPercent: number | null;
  /** The prints priced from the lab's cost now ("large-matte"). */
  labPriced: string[];
  /** null: copies of a limited edition cost what an open print does. */
  editionPercent: number | null;
  /** What copies of a limited edition cost under this list. */
  editionPrices: PriceGrid;
  /** The collections this list prices (for the default: those given no named list). */
  collections: PhotoCategory[];
  /** Photos that chose this list themselves, over their collection's. */
  ownPhotoCount: number;
  /** Every photo this list prices now. */
  photoCount: number;
}

export interface PriceListsView {
  default: PriceListView;
  lists: PriceListView[];
  /** What the lab charges for each unframed print it makes, as last asked (lab-markup.ts). */
  labCosts: LabCostGrid;
  /** Each collection's named list, or null for the default. */
  collections: Record<PhotoCategory, string | null>;
}

/**
 * A copy of a limited edition: `percent` of the open print's price, rounded to whole euros (halves
 * up); the open print's price itself when the list has no percentage.
 */
export function editionPriceCents(openCents: number, percent: number | null): number {
  if (percent === null) return openCents;
  return Math.round((openCents * percent) / 10_000) * 100;
}

export const mapGrid = (grid: PriceGrid, fn: (cents: number) => number): PriceGrid =>
  gridOf(gridEntries(grid).map((e) => ({ ...e, cents: fn(e.cents) })));

export const editionGrid = (prices: PriceGrid, percent: number | null): PriceGrid =>
  mapGrid(prices, (cents) => editionPriceCents(cents, percent));

/** What a photo is charged under its list: the edition prices when it is a limited edition. */
export function chargedGrid(
  list: { prices: PriceGrid; editionPercent: number | null },
  editionSize: number | null,
): PriceGrid {
  return editionSize === null ? list.prices : editionGrid(list.prices, list.editionPercent);
}

/** Where a photo's list comes from: its own choice, its collection, or neither (the default). */
export type ListSource = 'photo' | 'collection' | 'default';

/**
 * The list that prices a photo: its own choice (a named list, or DEFAULT_LIST_ID for the default
 * over its collection's), else its collection's, else the default.
 */
export function applyingList(
  own: string | null | undefined,
  collection: string | null | undefined,
): { listId: string; source: ListSource } {
  if (own) return { listId: own, source: 'photo' };
  if (collection) return { listId: collection, source: 'collection' };
  return { listId: DEFAULT_LIST_ID, source: 'default' };
}

/** "€45" for whole euros, "€45.50" otherwise. */
export const euroWords = (cents: number) =>
  cents % 100 === 0 ? `€${groupDigits(cents / 100)}` : formatEuro(cents);

/**
 * "small matte €45, gloss €45; medium matte €75, gloss €75; large matte €110, gloss €110; 16x24
 * canvas €180": size by size, smallest first.
 */
export function gridWords(grid: PriceGrid): string {
  const entries = gridEntries(grid);
  return SIZES_BY_AREA.flatMap((size) => {
    const here = entries.filter((e) => e.size === size);
    if (here.length === 0) return [];
    const prices = here.map((e) => `${materialWords(e.finish)} ${euroWords(e.cents)}`).join(', ');
    return [`${PRINT_SIZE_LABELS[size].toLowerCase()} ${prices}`];
  }).join('; ');
}

/**
 * A photo's prices in one sentence, as the photo dialog says them: "Small matte €45, gloss €45;
 * medium …; edition copies: small matte €135, gloss €135; …".
 */
export const photoPriceWords = (prices: PriceGrid, editionPrices: PriceGrid) =>
  `${capitalise(gridWords(prices))}; edition copies: ${gridWords(editionPrices)}.`;

/** "300% of an open print, rounded to whole euros", or "the same as an open print". */
export const editionRuleWords = (percent: number | null) =>
  percent === null ? 'the same as an open print' : `${percent}% of an open print, rounded to whole euros`;

/** "Mountains and Aerial", "no collection". */
export function collectionWords(categories: readonly PhotoCategory[]): string {
  const labels = PHOTO_CATEGORIES.filter((c) => categories.includes(c)).map((c) => CATEGORY_LABELS[c]);
  if (labels.length === 0) return 'no collection';
  return labels.length === 1
    ? (labels[0] as string)
    : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}

/**
 * What deleting a list does, for its confirmation: its collections go back to the default list, the
 * photos that chose it to their collection's, and their prices change at once.
 */
export function deleteListQuestion(list: Pick<PriceListView, 'name' | 'collections' | 'ownPhotoCount'>) {
  const { collections, ownPhotoCount } = list;
  const moves: string[] = [];
  if (collections.length > 0) {
    const one = collections.length === 1;
    moves.push(
      `the ${collectionWords(collections)} collection${one ? ' goes' : 's go'} back to the default price list`,
    );
  }
  if (ownPhotoCount > 0) {
    const one = ownPhotoCount === 1;
    moves.push(
      `${ownPhotoCount} photo${one ? '' : 's'} that chose it go${one ? 'es' : ''} back to ${one ? 'its' : 'their'} collection’s list`,
    );
  }
  const what =
    moves.length > 0 ? ` ${capitalise(moves.join(', and '))}. Prices change at once.` : ' Nothing uses it.';
  return `Delete the price list “${list.name}”?${what}`;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A photo's prices as the photo dialog shows them: which list, from where, and what it charges. */
export interface PhotoPricesView {
  photoId: string;
  category: PhotoCategory;
  /** The list the photo chose itself (DEFAULT_LIST_ID: the default), or null: its collection's. */
  ownListId: string | null;
  /** The list its collection gives it (DEFAULT_LIST_ID for the default). */
  collectionListId: string;
  /** The list that prices it now, and why. */
  listId: string;
  listName: string;
  source: ListSource;
  /** null: an open edition. */
  editionSize: number | null;
  prices: PriceGrid;
  editionPrices: PriceGrid;
}
