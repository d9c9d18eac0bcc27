// Whether a photo has enough pixels for a print size. The photo's long side is matched to the print's
// long side; the print's resolution is the lower of the two sides' pixels per inch, and a size fits
// from MIN_PRINT_PPI up (exactly 150 ppi fits). A photo whose pixel size is unknown counts as fitting.
import { PRINT_SIZE_INCHES, PRINT_SIZES, type PrintSize } from '~/lib/site/constants';

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

/** Every print size with its resolution and whether it fits. */
export function fitsBySize(width: number | null | undefined, height: number | null | undefined): SizeFit[] {
  return PRINT_SIZES.map((size) => fitForSize(width, height, size));
}

/** The pixels a photo needs on its long and short sides to print at this size at MIN_PRINT_PPI. */
export function neededPixels(size: PrintSize): { long: number; short: number } {
  const inches = PRINT_INCHES[size];
  return { long: inches.long * MIN_PRINT_PPI, short: inches.short * MIN_PRINT_PPI };
}

/** The sizes a photo of this pixel size is sold at (every size when the pixel size is unknown). */
export function sellableSizes(
  width: number | null | undefined,
  height: number | null | undefined,
): PrintSize[] {
  return fitsBySize(width, height)
    .filter((s) => s.fits)
    .map((s) => s.size);
}
