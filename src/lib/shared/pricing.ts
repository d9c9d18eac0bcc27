// Print pricing, pure and in integer cents, shared by the print dialog (what the visitor sees) and
// the server (what is charged). Line price = variant price + framing price for the size;
// total = line price × quantity; a missing variant price counts as 0.
import type { PrintSize } from './constants';

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
