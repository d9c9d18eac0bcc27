// The VAT of a stored order, per rate, from what was recorded when it was made: each line's VAT
// inside its print and its frame (after the line's share of the discount), and the VAT inside the
// shipping, per rate of the goods it carried. Orders made before VAT was recorded have none, and
// nothing is said about them.

import { formatEuro } from '~/lib/platform/shared/format';
import { ratePercent } from '~/lib/selling/vat';

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
  /** The frame's part of discountCents. */
  framingDiscountCents: number;
}

export interface StoredVatOrder {
  shippingCents: number | null;
  shippingVatRateBp: number | null;
  shippingVatCents: number | null;
  /** The shipping per rate; absent or null on orders made when shipping had one rate. */
  shippingVatParts?: readonly RateTotal[] | null;
  items: readonly StoredVatLine[];
}

/** What was paid at one rate and the VAT inside it. */
export interface RateTotal {
  rateBp: number;
  grossCents: number;
  vatCents: number;
}

/** A line's money per rate: one part, or the print and then its frame when they are taxed apart. */
export function lineParts(line: StoredVatLine): RateTotal[] {
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
  return [
    {
      rateBp: rate,
      grossCents: printGross - (line.discountCents - line.framingDiscountCents),
      vatCents: line.vatCents ?? 0,
    },
    {
      rateBp: line.framingVatRateBp,
      grossCents: frameGross - line.framingDiscountCents,
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
  return sumByRate([...order.items.flatMap(lineParts), ...shippingRateParts(order)]);
}

/**
 * The shipping per rate: the parts recorded, or, on an order made when shipping had one rate, that
 * one part; none without shipping or without its recorded VAT.
 */
export function shippingRateParts(
  order: Pick<
    StoredVatOrder,
    'shippingCents' | 'shippingVatRateBp' | 'shippingVatCents' | 'shippingVatParts'
  >,
): RateTotal[] {
  if ((order.shippingCents ?? 0) <= 0) return [];
  if (order.shippingVatParts?.length) return order.shippingVatParts.map((p) => ({ ...p }));
  if (order.shippingVatRateBp === null) return [];
  return [
    {
      rateBp: order.shippingVatRateBp,
      grossCents: order.shippingCents ?? 0,
      vatCents: order.shippingVatCents ?? 0,
    },
  ];
}

/** The stored columns of a quote's shipping parts: the one rate (null when shared), the VAT, the parts. */
export function storedShippingVat(parts: readonly RateTotal[]): {
  shippingVatRateBp: number | null;
  shippingVatCents: number;
  shippingVatParts: RateTotal[];
} {
  return {
    shippingVatRateBp: parts.length === 1 ? (parts[0]?.rateBp ?? null) : null,
    shippingVatCents: parts.reduce((n, p) => n + p.vatCents, 0),
    shippingVatParts: parts.map(({ rateBp, grossCents, vatCents }) => ({ rateBp, grossCents, vatCents })),
  };
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
