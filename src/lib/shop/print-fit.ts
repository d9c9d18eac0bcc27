// Whether a photo has enough pixels for a print size. The photo's long side is matched to the print's
// long side; the print's resolution is the lower of the two sides' pixels per inch, and a size fits
// from MIN_PRINT_PPI up (exactly 150 ppi fits). A photo whose pixel size is unknown counts as fitting.

import { ORIGINAL_SIZES } from '~/lib/site/catalogue';
import { PRINT_SIZE_INCHES, type PrintSize } from '~/lib/site/constants';

export const MIN_PRINT_PPI = 150;

/** The print's sides in inches: small 8x12", medium 12x16", large 16x20". */
export const PRINT_INCHES = PRINT_SIZE_INCHES;

export interface SizeFit {
  size: PrintSize;
  /** Whole pixels per inch (rounded down), or null when the photo's pixel size is unknown. */
  ppi: number | null;
  fits: boolean;
}

const known = (n: number | null | undefined): n is number => Number.isFinite(n) && (n as number) > 0;

/** The exact resolution of a print of this photo at this size, or null when the pixel size is unknown. */
export function printPpi(
  width: number | null | undefined,
  height: number | null | undefined,
  size: PrintSize,
): number | null {
  if (!known(width) || !known(height)) return null;
  const inches = PRINT_INCHES[size];
  return Math.min(Math.max(width, height) / inches.long, Math.min(width, height) / inches.short);
}

export function fitForSize(
  width: number | null | undefined,
  height: number | null | undefined,
  size: PrintSize,
): SizeFit {
  const ppi = printPpi(width, height, size);
  return { size, ppi: ppi === null ? null : Math.floor(ppi), fits: ppi === null || ppi >= MIN_PRINT_PPI };
}

export function printFits(
  width: number | null | undefined,
  height: number | null | undefined,
  size: PrintSize,
): boolean {
  return fitForSize(width, height, size).fits;
}

/**
 * Each of these print sizes (the shop's; the original three unless told) with its resolution and
 * whether it fits.
 */
export function fitsBySize(
  width: number | null | undefined,
  height: number | null | undefined,
  sizes: readonly PrintSize[] = ORIGINAL_SIZES,
): SizeFit[] {
  return sizes.map((size) => fitForSize(width, height, size));
}

/** The pixels a photo needs on its long and short sides to print at this size at MIN_PRINT_PPI. */
export function neededPixels(size: PrintSize): { long: number; short: number } {
  const inches = PRINT_INCHES[size];
  return { long: inches.long * MIN_PRINT_PPI, short: inches.short * MIN_PRINT_PPI };
}

/**
 * Which of these sizes (the original three unless told) a photo of this pixel size has the pixels
 * for (every one when the pixel size is unknown).
 */
export function sellableSizes(
  width: number | null | undefined,
  height: number | null | undefined,
  sizes: readonly PrintSize[] = ORIGINAL_SIZES,
): PrintSize[] {
  return fitsBySize(width, height, sizes)
    .filter((s) => s.fits)
    .map((s) => s.size);
}

/** How many times the pixels of a lab's print area a photo needs: 150 ppi where the lab prints at 300. */
export const LAB_AREA_SHARE = MIN_PRINT_PPI / 300;

/**
 * Whether a photo has the pixels for the print area the lab fills (at least LAB_AREA_SHARE of it on
 * each side, long against long); true when either size is unknown.
 */
export function fitsLabArea(
  width: number | null | undefined,
  height: number | null | undefined,
  area: { widthPx: number | null; heightPx: number | null } | null,
): boolean {
  if (!area || !known(width) || !known(height) || !known(area.widthPx) || !known(area.heightPx)) return true;
  const [areaLong, areaShort] = [
    Math.max(area.widthPx, area.heightPx),
    Math.min(area.widthPx, area.heightPx),
  ];
  return (
    Math.max(width, height) >= areaLong * LAB_AREA_SHARE &&
    Math.min(width, height) >= areaShort * LAB_AREA_SHARE
  );
}
