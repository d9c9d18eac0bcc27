// The words of a chosen print that the checkout's cart lines read beside the print dialog. Kept apart
// from print-choices.ts (the dialog's choices and prices) so that the checkout, which needs only
// these words, does not load the dialog's code before the buyer touches anything.
import { bothUnitsWords, isOriginalSize, sizeName } from '~/lib/site/catalogue';
import type { PrintSize } from '~/lib/site/constants';

/**
 * A size as a buyer chooses and reads it, in inches and centimetres: "Small · 8 × 12 in (20 × 30 cm)"
 * for the shop's original sizes, which keep their names, "16 × 24 in (41 × 61 cm)" for the others.
 */
export const sizeWords = (size: PrintSize): string =>
  isOriginalSize(size) ? `${sizeName(size)} · ${bothUnitsWords(size)}` : bothUnitsWords(size);

export const NO_FRAMING_LABEL = 'No framing';
export const FRAMED_LABEL = 'Framed';

/** Whether a print is framed, where a line says it apart from the rest: "Framed" or "No framing". */
export const framingWords = (framed: boolean): string => (framed ? FRAMED_LABEL : NO_FRAMING_LABEL);
