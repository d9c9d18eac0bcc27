// "View on a wall": a print of the chosen size, framed or not, hung to scale in a room, so that
// "16x20 inches" means something on a phone. Pure: the rooms and their measures in centimetres, the
// print's place on the wall, its size on screen, and the caption; WallView.tsx and RoomDrawing.tsx only draw them.
//
// The rooms are illustrations drawn to scale, not photographs: no interior photograph under a
// licence that allows its use here could be found among the packages this project can install
// (docs/wall-view-rooms.md lists what was searched). The caption says so.

import { numberText } from '~/lib/platform/shared/format';
import { PRINT_INCHES } from '~/lib/shop/print-fit';
import type { PrintSize } from '~/lib/site/constants';

export const CM_PER_INCH = 2.54;
export const inchesToCm = (inches: number) => inches * CM_PER_INCH;

/**
 * The frame as a framer makes one for these sizes: a 2 in (5 cm) white mat on every side of the
 * print and a 1 in (2.5 cm) black moulding around the mat, so a framed 16x20" print hangs 22 × 26 in.
 */
export const MAT_IN = 2;
export const MOULDING_IN = 1;
export const FRAME_COLOUR = '#1b1f22';
export const MAT_COLOUR = '#fbfaf7';

/**
 * What each room shows: a piece of wall this many cm wide and high (3:2, the box it is drawn in
 * has the same shape, so the scale is the same across and down: box width in px / 240 px per cm).
 */
export const VIEW_CM = { width: 240, height: 160 } as const;
/** The least wall shown above a print's top edge, in cm. */
const TOP_MARGIN_CM = 4;

export type RoomId = 'living-room' | 'bedroom' | 'office';

export interface Room {
  id: RoomId;
  /** The chooser's button. */
  name: string;
  /** Height above the floor of the view's lower edge, in cm (the view runs 160 cm up from there). */
  bottomCm: number;
  /** The piece of furniture of known size the print hangs over, centred on the wall. */
  furniture: { noun: string; widthCm: number; topCm: number };
  /**
   * Where the print hangs: its lower edge (the frame's, when framed) a gap above the furniture, or
   * its centre at a height above the floor.
   */
  hang: { kind: 'above'; gapCm: number } | { kind: 'centre'; centreCm: number };
}

/**
 * The three rooms, each measured in cm as drawn (the drawing's unit is the centimetre, so a measure
 * here is its size in the drawing):
 * - Living room: a three-seat sofa 200 cm wide, its back 85 cm above the floor; the usual advice
 *   hangs art with its lower edge 20 cm above the back.
 * - Bedroom: a UK king-size bed, 150 cm mattress in a frame 160 cm wide, its headboard 110 cm high;
 *   the print's lower edge 20 cm above the headboard.
 * - Office: a desk 140 cm wide with its top at 75 cm (the standard desk height); nothing leans on
 *   the wall, so the print is hung as galleries hang: its centre 145 cm above the floor.
 */
export const ROOMS: readonly Room[] = [
  {
    id: 'living-room',
    name: 'Living room',
    bottomCm: 25,
    furniture: { noun: 'sofa', widthCm: 200, topCm: 85 },
    hang: { kind: 'above', gapCm: 20 },
  },
  {
    id: 'bedroom',
    name: 'Bedroom',
    bottomCm: 40,
    furniture: { noun: 'bed', widthCm: 160, topCm: 110 },
    hang: { kind: 'above', gapCm: 20 },
  },
  {
    id: 'office',
    name: 'Office',
    bottomCm: 30,
    furniture: { noun: 'desk', widthCm: 140, topCm: 75 },
    hang: { kind: 'centre', centreCm: 145 },
  },
];

export function roomById(id: RoomId): Room {
  const room = ROOMS.find((r) => r.id === id);
  if (!room) throw new Error(`No room ${id}`);
  return room;
}

/** A rectangle in cm from the view's top left corner. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The y in the view (cm from its top) of a height above the room's floor. */
export function yAt(room: Room, aboveFloorCm: number): number {
  return room.bottomCm + VIEW_CM.height - aboveFloorCm;
}

export interface WallScene {
  /** The print itself (the photo, cropped to the print's shape). */
  print: Box;
  /** The moulding's outer edge and the mat's, or null for an unframed print. */
  frame: { outer: Box; mat: Box } | null;
}

/** A print's sides in cm as it hangs: a landscape photo across, a portrait one upright. */
export function printCm(size: PrintSize, landscape: boolean): { width: number; height: number } {
  const { short, long } = PRINT_INCHES[size];
  return {
    width: inchesToCm(landscape ? long : short),
    height: inchesToCm(landscape ? short : long),
  };
}

/**
 * The scene for a print of this size in this room. A landscape photo is printed with its long side
 * across, a portrait one with it upright (as print-fit matches them), cropped about its centre to
 * the print's shape. The print, framed or not, is centred on the wall across, and hung as the
 * room says (above its furniture, or centred at a height).
 */
export function wallScene(room: Room, size: PrintSize, framed: boolean, landscape: boolean): WallScene {
  const { width, height } = printCm(size, landscape);
  const border = framed ? inchesToCm(MAT_IN + MOULDING_IN) : 0;
  const outerHeight = height + 2 * border;
  const lowerEdge =
    room.hang.kind === 'above'
      ? room.furniture.topCm + room.hang.gapCm
      : room.hang.centreCm - outerHeight / 2;
  // A print too tall to hang so within the wall in view (a large square or a 30-inch canvas above a
  // sofa) is hung lower, its top a little under the view's top edge: the view never cuts a print.
  const bottom = Math.max(yAt(room, lowerEdge), TOP_MARGIN_CM + outerHeight);
  const centreX = VIEW_CM.width / 2;
  const around = (pad: number): Box => ({
    x: centreX - width / 2 - pad,
    y: bottom - border - height - pad,
    width: width + 2 * pad,
    height: height + 2 * pad,
  });
  return {
    print: around(0),
    frame: framed ? { outer: around(border), mat: around(inchesToCm(MAT_IN)) } : null,
  };
}

/** Pixels per cm in a view drawn this many px wide (the view is 240 cm of wall across). */
export const pxPerCm = (viewWidthPx: number) => viewWidthPx / VIEW_CM.width;

/** How wide and high a print of this size is drawn in a view this many px wide. */
export function printPx(viewWidthPx: number, size: PrintSize, landscape: boolean) {
  const { width, height } = printCm(size, landscape);
  const scale = pxPerCm(viewWidthPx);
  return { width: width * scale, height: height * scale };
}

/** A box as CSS percentages of the view, for placing it over the drawing. */
export function percentOf(box: Box) {
  const pct = (n: number) => `${(n * 100).toFixed(4)}%`;
  return {
    left: pct(box.x / VIEW_CM.width),
    top: pct(box.y / VIEW_CM.height),
    width: pct(box.width / VIEW_CM.width),
    height: pct(box.height / VIEW_CM.height),
  };
}

const wholeCm = (inches: number) => Math.round(inchesToCm(inches));
const inchesAndCm = (short: number, long: number) =>
  `${short} × ${long} in (${wholeCm(short)} × ${wholeCm(long)} cm)`;

/** The print's sides in words, short side first as the shop names its sizes: "16 × 20 in (41 × 51 cm)". */
export function printText(size: PrintSize): string {
  const { short, long } = PRINT_INCHES[size];
  return inchesAndCm(short, long);
}

/** The framed print's outer sides in words: "22 × 26 in (56 × 66 cm)". */
export function frameText(size: PrintSize): string {
  const { short, long } = PRINT_INCHES[size];
  const border = 2 * (MAT_IN + MOULDING_IN);
  return inchesAndCm(short + border, long + border);
}

/**
 * The caption, every word of it true of the drawing: "To scale, in an illustrated living room:
 * 16 × 20 in (41 × 51 cm), framed 22 × 26 in (56 × 66 cm), above a 200 cm sofa on a wall 2.4 m wide."
 */
export function wallText(room: Room, size: PrintSize, framed: boolean): string {
  const frame = framed ? `, framed ${frameText(size)},` : '';
  const { noun, widthCm } = room.furniture;
  const where =
    room.hang.kind === 'above'
      ? `above a ${widthCm} cm ${noun}`
      : `centred ${room.hang.centreCm} cm above the floor, over a ${widthCm} cm ${noun},`;
  const metres = numberText(VIEW_CM.width / 100);
  return `To scale, in an illustrated ${room.name.toLowerCase()}: ${printText(size)}${frame} ${where} on a wall ${metres} m wide.`;
}
