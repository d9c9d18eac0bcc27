// Print pricing, pure and in integer cents, shared by the print dialog (what the visitor sees) and
// the server (what is charged). Line price = variant price + framing price for the size;
// total = line price × quantity; a missing variant price counts as 0.
import type { PrintSize } from '~/lib/site/constants';

/** Unit price of one print: the variant's price plus, when framed, the frame for that size. */
export function linePriceCents(
  variantCents: number | null | undefined,
  framingCents?: number | null,
): number {
  const variant =
    Number.isInteger(variantCents) && (variantCents as number) > 0 ? (variantCents as number) : 0;
  const frame = Number.isInteger(framingCents) && (framingCents as number) > 0 ? (framingCents as number) : 0;
  return variant + frame;
}

/** The dialog's total: line price × quantity (a quantity below 1 counts as 1, the dialog's minimum). */
export function lineTotalCents(unitCents: number, quantity: number): number {
  const q = Number.isInteger(quantity) && quantity >= 1 ? quantity : 1;
  return unitCents * q;
}

/** The frame price for a size from a list of framing options, or null when that size has none. */
export function framingPriceFor(
  options: readonly { size: PrintSize; priceCents: number }[],
  size: PrintSize | null,
): number | null {
  if (!size) return null;
  return options.find((o) => o.size === size)?.priceCents ?? null;
}

/** A decimal euro string as PayPal sends it ("110.00", "5", "5.5") → integer cents, or null if malformed. */
export function decimalToCents(value: string): number | null {
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** The highest price the owner may set for a print or a frame: 100,000.00 euro. */
export const MAX_PRICE_CENTS = 10_000_000;

/**
 * A price the owner typed, in euros (a number or a numeric string), → integer cents; null unless it
 * is finite, from 0 to MAX_PRICE_CENTS, with at most 2 decimals.
 */
export function eurosToCents(value: unknown): number | null {
  let cents: number | null = null;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    const scaled = value * 100;
    const whole = Math.round(scaled);
    // Binary fractions: 0.29 * 100 is 28.999999999999996; a third decimal is off by far more.
    cents = Math.abs(scaled - whole) < 1e-6 ? whole || 0 : null;
  } else if (typeof value === 'string' && /^\s*\d+(\.\d{1,2})?\s*$/.test(value)) {
    cents = decimalToCents(value);
  }
  return cents !== null && cents >= 0 && cents <= MAX_PRICE_CENTS ? cents : null;
}
