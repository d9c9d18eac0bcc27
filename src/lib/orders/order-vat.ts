// The VAT of a stored order, per rate, from what was recorded when it was made: each line's VAT
// inside its print and its frame (after the line's share of the discount), and the VAT inside the
// shipping. Orders made before VAT was recorded have none, and nothing is said about them.
import { ratePercent, vatInGross } from '~/lib/checkout/vat';
import { formatEuro } from '~/lib/platform/shared/format';

export interface StoredVatLine {
  quantity: number;
  /** Unit price with its frame. */
  priceCents: number;
  framingPriceCents: number;
  discountCents: number;
  vatRateBp: number | null;
  vatCents: number | null;
  framingVatRateBp: number | null;
  framingVatCents: number | null;
}

export interface StoredVatOrder {
  shippingCents: number | null;
  shippingVatRateBp: number | null;
  shippingVatCents: number | null;
  items: readonly StoredVatLine[];
}

/** What was paid at one rate and the VAT inside it. */
export interface RateTotal {
  rateBp: number;
  grossCents: number;
  vatCents: number;
}

/**
 * How a line's discount fell between its print and its frame. The order's quote shared the discount
 * over every print and frame of the order by largest remainder, and only the line's share was kept;
 * the split that agrees with the VAT recorded for both parts is the one that was used (it is within
 * a cent or two of the line's own proportion). When several agree, the nearest to that proportion.
 */
function printShare(line: StoredVatLine, printGross: number, frameGross: number): number {
  const d = line.discountCents;
  if (d <= 0) return 0;
  const estimate = Math.round((d * printGross) / (printGross + frameGross));
  const fits = (s: number) => s >= 0 && s <= d && s <= printGross && d - s <= frameGross;
  for (const delta of [0, -1, 1, -2, 2]) {
    const s = estimate + delta;
    if (
      fits(s) &&
      vatInGross(printGross - s, line.vatRateBp ?? 0) === line.vatCents &&
      vatInGross(frameGross - (d - s), line.framingVatRateBp ?? 0) === line.framingVatCents
    )
      return s;
  }
  return Math.min(Math.max(estimate, d - frameGross, 0), printGross, d);
}

function lineParts(line: StoredVatLine): RateTotal[] {
  const rate = line.vatRateBp ?? 0;
  const printGross = (line.priceCents - line.framingPriceCents) * line.quantity;
  const frameGross = line.framingPriceCents * line.quantity;
  if (frameGross === 0 || line.framingVatRateBp === null || line.framingVatRateBp === rate) {
    return [
      {
        rateBp: rate,
        grossCents: printGross + frameGross - line.discountCents,
        vatCents: (line.vatCents ?? 0) + (line.framingVatCents ?? 0),
      },
    ];
  }
  const s = printShare(line, printGross, frameGross);
  return [
    { rateBp: rate, grossCents: printGross - s, vatCents: line.vatCents ?? 0 },
    {
      rateBp: line.framingVatRateBp,
      grossCents: frameGross - (line.discountCents - s),
      vatCents: line.framingVatCents ?? 0,
    },
  ];
}

/** Whether the order's VAT was recorded when it was made (every line has its rate). */
export function hasRecordedVat(order: StoredVatOrder): boolean {
  return order.items.length > 0 && order.items.every((i) => i.vatRateBp !== null && i.vatCents !== null);
}

/** The order's VAT per rate, highest rate first; null for an order made before VAT was recorded. */
export function orderVatByRate(order: StoredVatOrder): RateTotal[] | null {
  if (!hasRecordedVat(order)) return null;
  const parts = order.items.flatMap(lineParts);
  if (order.shippingVatRateBp !== null && (order.shippingCents ?? 0) > 0) {
    parts.push({
      rateBp: order.shippingVatRateBp,
      grossCents: order.shippingCents ?? 0,
      vatCents: order.shippingVatCents ?? 0,
    });
  }
  return sumByRate(parts);
}

/** Parts added up per rate, highest rate first; a rate with nothing paid at it is left out. */
export function sumByRate(parts: readonly RateTotal[]): RateTotal[] {
  const byRate = new Map<number, RateTotal>();
  for (const p of parts) {
    const r = byRate.get(p.rateBp) ?? { rateBp: p.rateBp, grossCents: 0, vatCents: 0 };
    r.grossCents += p.grossCents;
    r.vatCents += p.vatCents;
    byRate.set(p.rateBp, r);
  }
  return [...byRate.values()]
    .filter((r) => r.grossCents !== 0 || r.vatCents !== 0)
    .sort((a, b) => b.rateBp - a.rateBp);
}

/** "VAT at 23%", "VAT at 13.5%": how the documents name the VAT of one rate. */
export const vatAtRate = (rateBp: number): string => `VAT at ${ratePercent(rateBp)}%`;

/** "Including VAT at 23%: €9.91", a line per rate; none for an order made before VAT was recorded. */
export function vatIncludedLines(rates: readonly RateTotal[] | null): string[] {
  return (rates ?? []).map((r) => `Including ${vatAtRate(r.rateBp)}: ${formatEuro(r.vatCents)}`);
}
