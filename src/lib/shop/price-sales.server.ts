// The owner's sales over the database: kept, listed, and read by everything that prices a print
// (the shop's cards, the print page and dialog, the checkout's quote and the order's capture), so a
// sale price is charged exactly while it is shown. A sale takes its percentage off a print's price
// (the variant's), never off a frame, and never off a print of a client's private gallery.
import { asc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Db, Tx } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { placeholderFor, preparedOnce } from '~/lib/platform/server/prepared';
import { irishDateTimeText } from '~/lib/platform/shared/irish-dates';
import { photos, priceHistory, priceSalePhotos, priceSales } from '~db/schema';
import {
  lowestPriorCents,
  PRIOR_PRICE_DAYS,
  type SalePrice,
  type SaleWindow,
  saleAt,
  salePriceCents,
  wasPrice,
} from './price-sales';
import { listVariantsForPhoto } from './products.server';
import { saleChangeRefusal, saleDeleteRefusal, saleState } from './sale-changes';
import type { PriceSaleInput } from './schemas';
import { type ShopRow, withCardSales } from './shop-data';

const DAY_MS = 24 * 60 * 60 * 1000;

interface StoredSale extends SaleWindow {
  name: string;
  allPhotos: boolean;
  photoIds: Set<string>;
}

function readSales(db: Db, endingAfter: Date): StoredSale[] {
  // Asked at every price of a cart, order and shop page: its SQL is built once.
  const endingLater = preparedOnce(db, 'sales: ending after', () =>
    db
      .select()
      .from(priceSales)
      .where(gt(priceSales.endsAt, placeholderFor('after', priceSales.endsAt)))
      .prepare(),
  );
  const rows = endingLater.all({ after: endingAfter });
  if (rows.length === 0) return [];
  const links = db
    .select()
    .from(priceSalePhotos)
    .where(
      inArray(
        priceSalePhotos.saleId,
        rows.map((r) => r.id),
      ),
    )
    .all();
  return rows.map((r) => ({
    ...r,
    photoIds: new Set(links.filter((l) => l.saleId === r.id).map((l) => l.photoId)),
  }));
}

const covers = (sale: StoredSale, photoId: string) => sale.allPhotos || sale.photoIds.has(photoId);

/** A print as the sale prices read it. */
export interface PricedVariant {
  id: string;
  photoId: string;
  priceCents: number;
}

/** The sales in force at one moment, read once, for pricing any number of prints. */
export interface SalePricing {
  /** Whether any sale runs now. */
  readonly any: boolean;
  /** The print's price now: its sale price while a sale covers it, else its own. */
  priceCents(v: PricedVariant): number;
  /** The sale price and its true "was" price while a sale covers the print, else null. */
  shown(v: PricedVariant): SalePrice | null;
}

/** The sales running at `now` (and those of the 30 days before they began, for "was" prices). */
export function salePricing(db: Db, now: Date): SalePricing {
  const running = readSales(db, now).filter((s) => s.startsAt.getTime() <= now.getTime());
  if (running.length === 0) {
    return { any: false, priceCents: (v) => v.priceCents, shown: () => null };
  }
  const earliest = Math.min(...running.map((s) => s.startsAt.getTime()));
  const recent = readSales(db, new Date(earliest - PRIOR_PRICE_DAYS * DAY_MS));
  const saleOf = (photoId: string) =>
    saleAt(
      running.filter((s) => covers(s, photoId)),
      now,
    );
  // Every print's price history, read in one query the first time a "was" price is asked for: the
  // shop's page asks for each of its cards, and a query per print doubled its render time.
  let histories: Map<string, { priceCents: number; fromAt: Date }[]> | undefined;
  const history = (variantId: string) => {
    if (!histories) {
      histories = new Map();
      const rows = db
        .select({
          variantId: priceHistory.variantId,
          priceCents: priceHistory.priceCents,
          fromAt: priceHistory.fromAt,
        })
        .from(priceHistory)
        .where(lte(priceHistory.fromAt, now))
        .orderBy(asc(priceHistory.fromAt))
        .all();
      for (const { variantId: id, ...entry } of rows) {
        const list = histories.get(id) ?? [];
        list.push(entry);
        histories.set(id, list);
      }
    }
    return histories.get(variantId) ?? [];
  };
  return {
    any: true,
    priceCents(v) {
      const sale = saleOf(v.photoId);
      return sale ? salePriceCents(v.priceCents, sale.percentOff) : v.priceCents;
    },
    shown(v) {
      const sale = saleOf(v.photoId);
      if (!sale) return null;
      const priceCents = salePriceCents(v.priceCents, sale.percentOff);
      const others = recent.filter((s) => s.id !== sale.id && covers(s, v.photoId));
      const prior = lowestPriorCents(history(v.id), sale, others);
      return { priceCents, wasCents: wasPrice(priceCents, prior), saleName: sale.name };
    },
  };
}

/**
 * The next moment after `now` at which a sale starts or ends, or null: what the shop shows changes
 * then without any write to the database (the page cache reads it).
 */
export function nextSaleBoundary(db: Db, now: Date): Date | null {
  let next: number | null = null;
  for (const s of readSales(db, now)) {
    for (const t of [s.startsAt.getTime(), s.endsAt.getTime()]) {
      if (t > now.getTime() && (next === null || t < next)) next = t;
    }
  }
  return next === null ? null : new Date(next);
}

// ---------------------------------------------------------------- the owner's screen

/** A sale as the owner's screen reads it: times on the Irish clock, as the form writes them. */
export function listPriceSales(db: Db, now = new Date()) {
  const rows = db.select().from(priceSales).orderBy(asc(priceSales.startsAt)).all();
  const links = db.select().from(priceSalePhotos).all();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    percentOff: r.percentOff,
    allPhotos: r.allPhotos,
    photoIds: links.filter((l) => l.saleId === r.id).map((l) => l.photoId),
    startsAt: irishDateTimeText(r.startsAt),
    endsAt: irishDateTimeText(r.endsAt),
    state: saleState(r, now),
  }));
}

export type AdminPriceSale = ReturnType<typeof listPriceSales>[number];

function checkPhotos(db: Db, ids: readonly string[]): void {
  if (ids.length === 0) return;
  const known = new Set(
    db
      .select({ id: photos.id })
      .from(photos)
      .where(inArray(photos.id, [...ids]))
      .all()
      .map((r) => r.id),
  );
  const unknown = ids.find((id) => !known.has(id));
  if (unknown)
    throw new HttpError(400, `There is no print with the id ${JSON.stringify(unknown.slice(0, 40))}.`);
}

function savePhotos(db: Db | Tx, saleId: string, input: PriceSaleInput): void {
  db.delete(priceSalePhotos).where(eq(priceSalePhotos.saleId, saleId)).run();
  for (const photoId of input.photoIds) db.insert(priceSalePhotos).values({ saleId, photoId }).run();
}

const columns = (input: PriceSaleInput) => ({
  name: input.name,
  percentOff: input.percentOff,
  allPhotos: input.allPhotos,
  startsAt: input.startsAt,
  endsAt: input.endsAt,
});

/** Adds a sale; an unknown photo is a 400 and nothing is saved. */
export function createPriceSale(db: Db, input: PriceSaleInput): string {
  checkPhotos(db, input.photoIds);
  return db.transaction((tx) => {
    const { id } = tx.insert(priceSales).values(columns(input)).returning({ id: priceSales.id }).get();
    savePhotos(tx, id, input);
    return id;
  });
}

const NOT_FOUND = 'There is no such sale; it may have been deleted.';

/**
 * Replaces a sale; an unknown sale is a 404, an unknown photo a 400, a change the sale's state
 * forbids (saleChangeRefusal: an ended sale, a running sale's start, percentage or prints) a 409 naming
 * its field, and nothing is saved.
 */
export function updatePriceSale(db: Db, id: string, input: PriceSaleInput, now = new Date()): void {
  checkPhotos(db, input.photoIds);
  db.transaction((tx) => {
    const current = tx.select().from(priceSales).where(eq(priceSales.id, id)).get();
    if (!current) throw new HttpError(404, NOT_FOUND);
    const photoIds = tx
      .select({ photoId: priceSalePhotos.photoId })
      .from(priceSalePhotos)
      .where(eq(priceSalePhotos.saleId, id))
      .all()
      .map((r) => r.photoId);
    const refusal = saleChangeRefusal({ ...current, photoIds }, input, now);
    if (refusal)
      throw new HttpError(409, refusal.message, refusal.field ? { field: refusal.field } : undefined);
    tx.update(priceSales).set(columns(input)).where(eq(priceSales.id, id)).run();
    savePhotos(tx, id, input);
  });
}

/** Deletes a planned sale: 404 when there is none, 409 with a sentence when it has begun. */
export function deletePriceSale(db: Db, id: string, now = new Date()): void {
  db.transaction((tx) => {
    const sale = tx.select().from(priceSales).where(eq(priceSales.id, id)).get();
    if (!sale) throw new HttpError(404, NOT_FOUND);
    const refusal = saleDeleteRefusal(sale, now);
    if (refusal) throw new HttpError(409, refusal);
    tx.delete(priceSales).where(eq(priceSales.id, id)).run();
  });
}

/** Prints at their price now: during a sale, the sale price and its true "was" price (wasCents). */
export function withSalePrices<T extends PricedVariant>(
  db: Db,
  variants: readonly T[],
  now = new Date(),
): (T & { wasCents: number | null })[] {
  const sales = salePricing(db, now);
  return variants.map((v) => {
    const sale = sales.shown(v);
    return { ...v, priceCents: sale?.priceCents ?? v.priceCents, wasCents: sale?.wasCents ?? null };
  });
}

/** The shop's rows at the prices of now: a sale lowers a photo's lowest and highest price alike. */
export function withSaleRowPrices(db: Db, rows: readonly ShopRow[], now = new Date()): ShopRow[] {
  const sales = salePricing(db, now);
  if (!sales.any) return [...rows];
  return rows.map((row) => {
    const [photoId, , , , , minCents, maxCents] = row;
    const low = sales.priceCents({ id: '', photoId, priceCents: minCents });
    if (low === minCents) return row;
    const priced: ShopRow = [...row];
    priced[5] = low;
    priced[6] = sales.priceCents({ id: '', photoId, priceCents: maxCents });
    return priced;
  });
}

/**
 * For the shop's cards of these photos: while a sale covers a photo, its cheapest print's sale price
 * and true "was" price (none when there is no real reduction to announce).
 */
export function cardSalePrices(
  db: Db,
  photoIds: readonly string[],
  now = new Date(),
): Map<string, SalePrice> {
  const sales = salePricing(db, now);
  const out = new Map<string, SalePrice>();
  if (!sales.any) return out;
  for (const photoId of photoIds) {
    const cheapest = listVariantsForPhoto(db, photoId).sort((a, b) => a.priceCents - b.priceCents)[0];
    const shown = cheapest && sales.shown(cheapest);
    if (shown?.wasCents) out.set(photoId, shown);
  }
  return out;
}

/**
 * The shop's rows as its cards show them, on the page and in /shop/data.json alike: at the prices of
 * now, and during a sale with the "was" price of each card that announces a true reduction.
 */
export function shopRowsOnSale(db: Db, rows: readonly ShopRow[], now = new Date()): ShopRow[] {
  const priced = withSaleRowPrices(db, rows, now);
  if (priced.every((row, i) => row === rows[i])) return priced;
  return withCardSales(
    priced,
    cardSalePrices(
      db,
      priced.filter((row, i) => row !== rows[i]).map((row) => row[0]),
      now,
    ),
  );
}
