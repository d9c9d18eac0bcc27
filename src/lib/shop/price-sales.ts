// Sales the owner runs, pure and in integer cents: a whole percentage (1 to 90) off the print price
// (never the frame) of chosen photos or of every photo, from a start until (not including) an end,
// both typed on the Irish clock. When two sales cover a print at once, the larger percentage holds.
// A reduction is announced only beside the lowest price the print had in the 30 days before its
// sale began (earlier sales included), and only when that price is above the sale price: a visitor
// is never shown a "was" price the print did not really have.
import { formatEuro } from '~/lib/platform/shared/format';

export const SALE_PERCENT = { min: 1, max: 90 } as const;
/** How far before a sale's start its "was" price looks. */
export const PRIOR_PRICE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A sale as the rules read it. */
export interface SaleWindow {
  id: string;
  percentOff: number;
  startsAt: Date;
  endsAt: Date;
}

/** One price of a print in its history: in force from `fromAt` until the next one. */
export interface PricePoint {
  priceCents: number;
  fromAt: Date;
}

/** Whether a sale runs at `now`: from its start, up to but not at its end. */
export const saleRuns = (sale: Pick<SaleWindow, 'startsAt' | 'endsAt'>, now: Date): boolean =>
  sale.startsAt.getTime() <= now.getTime() && now.getTime() < sale.endsAt.getTime();

/** A print price with `percentOff` taken off, rounded to the cent. */
export const salePriceCents = (priceCents: number, percentOff: number): number =>
  Math.round((priceCents * (100 - percentOff)) / 100);

/** The sale that prices a print at `now` (the largest percentage of those running), or null. */
export function saleAt<T extends SaleWindow>(sales: readonly T[], now: Date): T | null {
  let best: T | null = null;
  for (const sale of sales) {
    if (saleRuns(sale, now) && (!best || sale.percentOff > best.percentOff)) best = sale;
  }
  return best;
}

/** The price in force at `at`: the latest point at or before it, or null before the first. */
function priceAt(history: readonly PricePoint[], at: number): number | null {
  let found: PricePoint | null = null;
  for (const p of history) {
    if (p.fromAt.getTime() <= at && (!found || p.fromAt.getTime() >= found.fromAt.getTime())) found = p;
  }
  return found?.priceCents ?? null;
}

/**
 * The lowest price a print was sold at in the 30 days before `sale` began: its list price at each
 * moment (history), less any other sale that ran then (`others`). Both change only at known
 * instants, so the lowest is found among them. Null when the print had no price in that time.
 */
export function lowestPriorCents(
  history: readonly PricePoint[],
  sale: Pick<SaleWindow, 'id' | 'startsAt'>,
  others: readonly SaleWindow[] = [],
): number | null {
  const end = sale.startsAt.getTime();
  const start = end - PRIOR_PRICE_DAYS * DAY_MS;
  const earlier = others.filter((o) => o.id !== sale.id);
  const moments = new Set<number>([start]);
  const within = (t: number) => t > start && t < end;
  for (const p of history) if (within(p.fromAt.getTime())) moments.add(p.fromAt.getTime());
  for (const o of earlier) {
    for (const t of [o.startsAt.getTime(), o.endsAt.getTime()]) if (within(t)) moments.add(t);
  }
  let lowest: number | null = null;
  for (const t of moments) {
    const list = priceAt(history, t);
    if (list === null) continue;
    const other = saleAt(earlier, new Date(t));
    const price = other ? salePriceCents(list, other.percentOff) : list;
    if (lowest === null || price < lowest) lowest = price;
  }
  return lowest;
}

/** What a print's price says while a sale runs: the sale price, and the "was" price if true. */
export interface SalePrice {
  priceCents: number;
  /** The lowest price of the 30 days before the sale, when above the sale price; else null. */
  wasCents: number | null;
  saleName: string;
}

/** The "was" price of a sale price, or null when there is no true reduction to announce. */
export const wasPrice = (saleCents: number, priorCents: number | null): number | null =>
  priorCents !== null && priorCents > saleCents ? priorCents : null;

export const PRIOR_PRICE_WORDS = `lowest price in the ${PRIOR_PRICE_DAYS} days before the sale`;

/** "was €45.00 (lowest price in the 30 days before the sale)". */
export const wasWords = (wasCents: number): string => `was ${formatEuro(wasCents)} (${PRIOR_PRICE_WORDS})`;

/** A price as it is shown: "€40.50, was €45.00 (lowest price …)" while a true reduction runs, else "€45.00". */
export const priceWithWas = (priceCents: number, wasCents?: number | null): string =>
  wasCents ? `${formatEuro(priceCents)}, ${wasWords(wasCents)}` : formatEuro(priceCents);

/**
 * A shop card's sale line, the same whether the server drew the card or the shop's filter did:
 * "Sale: from €40.50, was €45.00 (lowest price in the 30 days before the sale)". Empty without a
 * true reduction to announce (a card then shows its price alone).
 */
export const cardSaleWords = (priceCents: number, wasCents: number | null | undefined): string =>
  wasCents ? `Sale: from ${priceWithWas(priceCents, wasCents)}` : '';
