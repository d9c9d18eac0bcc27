// What the FAQ and the home pricing guide say about the price of gloss against matte, made from the
// prices the shop charges so that the words can never contradict the owner's price list.

import { formatEuro } from '~/lib/platform/shared/format';
import { isOriginalSize } from '~/lib/site/catalogue';
import { PRINT_SIZE_INCHES, PRINT_SIZE_LABELS, type PrintSize } from '~/lib/site/constants';

/** "small", "16 × 24 in": a size inside the sentence. */
const sizeInSentence = (size: PrintSize) =>
  isOriginalSize(size)
    ? PRINT_SIZE_LABELS[size].toLowerCase()
    : `${PRINT_SIZE_INCHES[size].short} × ${PRINT_SIZE_INCHES[size].long} in`;

/** One print size's lowest matte and gloss prices in cents (a size missing either is left out). */
export interface FinishPrices {
  size: PrintSize;
  matteCents: number | null;
  glossCents: number | null;
}

function gap(diff: number): string {
  if (diff === 0) return 'the same';
  return `${formatEuro(Math.abs(diff))} ${diff > 0 ? 'more' : 'less'}`;
}

/**
 * One sentence on gloss against matte: "Both finishes cost the same at every size.", "Gloss costs
 * €5.00 more than matte at every size.", or per size: "Against matte, gloss costs the same for a small
 * print, €2.00 more for a medium print and €3.00 less for a large print." Empty when no size is sold
 * in both finishes.
 */
export function glossPriceSentence(prices: readonly FinishPrices[]): string {
  const rows = prices.flatMap(({ size, matteCents, glossCents }) =>
    matteCents === null || glossCents === null ? [] : [{ size, diff: glossCents - matteCents }],
  );
  if (rows.length === 0) return '';
  const first = rows[0]?.diff ?? 0;
  if (rows.every((r) => r.diff === first)) {
    return first === 0
      ? 'Both finishes cost the same at every size.'
      : `Gloss costs ${gap(first)} than matte at every size.`;
  }
  const parts = rows.map((r) => `${gap(r.diff)} for a ${sizeInSentence(r.size)} print`);
  const last = parts.pop();
  return `Against matte, gloss costs ${parts.join(', ')} and ${last}.`;
}
