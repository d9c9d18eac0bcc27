// How a print size crops a photo. The print's long side goes along the photo's long side; where the
// two proportions (long side over short side) differ by more than CROP_TOLERANCE, the print is a
// crop of the photo, cut along one axis only: the photo's width when the photo is longer than the
// print, its height when it is squarer. The owner chooses where the crop window sits along that
// axis (0 left or top, 0.5 centre, 1 right or bottom), and offers the size for the photo or not; the
// default is centred, and offered for the original three sizes only (offeredByDefault). Pure: the owner's dialog and the print dialog draw the window
// from these functions; the lab's print file cuts the same window in pixels (lab/print-file.server.ts).

import { isOriginalSize } from '~/lib/site/catalogue';
import { PRINT_SIZE_INCHES, PRINT_SIZE_LABELS, type PrintSize } from '~/lib/site/constants';

/** Proportions closer than this (3%) count as the same: the print shows the photo whole. */
export const CROP_TOLERANCE = 0.03;
/** Where a crop window sits until the owner moves it: the centre. */
export const DEFAULT_CROP_POSITION = 0.5;
/** Positions are kept in thousandths: finer than any print could show. */
export const CROP_POSITION_STEPS = 1000;

export interface PrintCrop {
  /** The axis the window moves along, which is also the one cut: x (width) or y (height). */
  axis: 'x' | 'y';
  /** The share of the photo's side along that axis the print keeps (0 to 1). */
  keep: number;
}

/** A rectangle inside the photo, as shares of its width and height (0 to 1). */
export interface CropWindow {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The owner's choice for one size of one photo, as the API carries it. */
export interface PrintCropChoice {
  size: PrintSize;
  /** 0 left or top, 0.5 centre, 1 right or bottom. */
  position: number;
  offered: boolean;
}

/** One size of one photo as the owner's dialog shows it. */
export interface PrintCropView extends PrintCropChoice {
  /** How the size crops the photo, or null when it prints the photo whole (or its size is unknown). */
  crop: PrintCrop | null;
  /** Whether the photo has the pixels for the size (print-fit.ts). */
  fits: boolean;
}

export interface PhotoPrintCrops {
  photoId: string;
  width: number | null;
  height: number | null;
  sizes: PrintCropView[];
}

const known = (n: number | null | undefined): n is number => Number.isFinite(n) && (n as number) > 0;

/**
 * The print area of a size in the photo's orientation, in inches: its long side along the photo's
 * long side (a square photo is printed landscape, as the lab's print file is).
 */
function areaInches(width: number, height: number, size: PrintSize): { width: number; height: number } {
  const { long, short } = PRINT_SIZE_INCHES[size];
  return width >= height ? { width: long, height: short } : { width: short, height: long };
}

/** How a print of this shape (any unit) crops a photo of this pixel size, before the tolerance. */
function cropForArea(width: number, height: number, areaWidth: number, areaHeight: number): PrintCrop {
  const photo = width / height;
  const area = areaWidth / areaHeight;
  return photo > area ? { axis: 'x', keep: area / photo } : { axis: 'y', keep: photo / area };
}

/**
 * How a print size crops a photo, or null when the proportions are within CROP_TOLERANCE (the
 * print shows the photo whole) or the photo's pixel size is unknown.
 */
export function printCrop(
  width: number | null | undefined,
  height: number | null | undefined,
  size: PrintSize,
): PrintCrop | null {
  if (!known(width) || !known(height)) return null;
  const area = areaInches(width, height, size);
  const crop = cropForArea(width, height, area.width, area.height);
  // Exactly 3% is not more than 3%: the tiny margin absorbs floating-point error.
  return 1 / crop.keep - 1 > CROP_TOLERANCE + 1e-9 ? crop : null;
}

/** A position as it is used: a number from 0 to 1 (the centre for anything else). */
export function clampPosition(position: number): number {
  return Number.isFinite(position) ? Math.min(1, Math.max(0, position)) : DEFAULT_CROP_POSITION;
}

/** The window a crop leaves of the photo at a position, as shares of its sides. */
export function cropWindow(crop: PrintCrop | null, position = DEFAULT_CROP_POSITION): CropWindow {
  if (!crop) return { left: 0, top: 0, width: 1, height: 1 };
  const offset = (1 - crop.keep) * clampPosition(position);
  return crop.axis === 'x'
    ? { left: offset, top: 0, width: crop.keep, height: 1 }
    : { left: 0, top: offset, width: 1, height: crop.keep };
}

/** "Cuts 17% of the height": how much of the photo a crop leaves out, in whole per cent. */
export function cutWords(crop: PrintCrop): string {
  const cut = Math.max(1, Math.round((1 - crop.keep) * 100));
  return `Cuts ${cut}% of the ${crop.axis === 'x' ? 'width' : 'height'}`;
}

/** Where the window sits, in words for a slider's value: "Centre", "Left edge", "30% from the top". */
export function positionWords(crop: PrintCrop, position: number): string {
  const at = clampPosition(position);
  const [start, end] = crop.axis === 'x' ? ['left', 'right'] : ['top', 'bottom'];
  if (Math.abs(at - DEFAULT_CROP_POSITION) < 0.005) return 'Centre';
  if (at === 0) return `${start[0]?.toUpperCase()}${start.slice(1)} edge`;
  if (at === 1) return `${end[0]?.toUpperCase()}${end.slice(1)} edge`;
  return `${Math.round(at * 100)}% from the ${start}`;
}

/** "Large 16x20": a size as the owner's crop controls name it. */
export function cropSizeName(size: PrintSize): string {
  const { long, short } = PRINT_SIZE_INCHES[size];
  return `${PRINT_SIZE_LABELS[size]} ${short}x${long}`;
}

/** A position in the thousandths it is stored in. */
export const toStoredPosition = (position: number) =>
  Math.round(clampPosition(position) * CROP_POSITION_STEPS);
/** A stored position as a share from 0 to 1. */
export const fromStoredPosition = (stored: number) => clampPosition(stored / CROP_POSITION_STEPS);

/**
 * Whether a size is offered for a photo before the owner chooses: a size that prints the photo whole,
 * or one of the original three sizes (every photo was always sold in them, cropped from the centre).
 * Any other crop waits for the owner's approval.
 */
export const offeredByDefault = (size: PrintSize, crop: PrintCrop | null): boolean =>
  crop === null || isOriginalSize(size);

/** Whether a choice is the default one for a size that crops the photo so, which is not stored. */
export function isDefaultChoice(
  choice: Pick<PrintCropChoice, 'size' | 'position' | 'offered'>,
  crop: PrintCrop | null,
): boolean {
  return (
    choice.offered === offeredByDefault(choice.size, crop) &&
    toStoredPosition(choice.position) === toStoredPosition(DEFAULT_CROP_POSITION)
  );
}

/** Each of these sizes' choice, the default where none was made (`cropOf`: how the size crops the photo). */
export function choicesBySize(
  made: readonly PrintCropChoice[],
  sizes: readonly PrintSize[],
  cropOf: (size: PrintSize) => PrintCrop | null,
): PrintCropChoice[] {
  return sizes.map(
    (size) =>
      made.find((c) => c.size === size) ?? {
        size,
        position: DEFAULT_CROP_POSITION,
        offered: offeredByDefault(size, cropOf(size)),
      },
  );
}
