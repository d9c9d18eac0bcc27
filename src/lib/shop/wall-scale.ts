// "View on a wall": a print of the chosen size, framed or not, drawn to scale above a sofa of known
// width, so that "16x20 inches" means something on a phone. Pure: the scene's measures in
// centimetres (the drawing's own unit) and its text alternative; WallPreview.tsx only draws them.
import { PRINT_INCHES } from '~/lib/shop/print-fit';
import type { PrintSize } from '~/lib/site/constants';

export const CM_PER_INCH = 2.54;
/** A three-seat sofa: 200 cm wide, its back 85 cm and its seat 45 cm above the floor. */
export const SOFA = { width: 200, back: 85, seat: 45 } as const;
/**
 * The frame as a framer makes one for these sizes: a 2 in (5 cm) white mat on every side of the
 * print and a 1 in (2.5 cm) moulding around the mat, so a framed 16x20" print hangs 22 × 26 in.
 */
export const MAT_IN = 2;
export const MOULDING_IN = 1;
/** The usual advice: the frame's lower edge 20 cm above the back of the sofa. */
export const GAP_ABOVE_SOFA_CM = 20;
/** How much of the room is drawn: this height of wall above the floor, and a strip of floor below it. */
export const WALL_CM = 185;
export const FLOOR_CM = 30;
/** The room drawn is 300 cm wide (the sofa in its middle); a wider box shows more of the same wall. */
export const ROOM_CM = 300;

/** The scale bar: 100 cm marked every 10 cm above it, 40 in (101.6 cm) marked every 10 in below it. */
export const SCALE_BAR = { cm: 100, inches: 40, step: 10 } as const;

export const inchesToCm = (inches: number) => inches * CM_PER_INCH;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WallScene {
  /** The print itself (the photo, cropped to the print's shape), in cm from the top left of the room. */
  print: Box;
  /** The moulding's outer edge and the mat's, or null for an unframed print. */
  frame: { outer: Box; mat: Box } | null;
  /** The sofa's left edge and the floor line's height in the drawing. */
  sofaX: number;
  floorY: number;
}

/**
 * The scene for a print of this size. A landscape photo is printed with its long side across, a
 * portrait one with it upright (as print-fit matches them), cropped about its centre to the print's
 * shape. The print, framed or not, is centred above the sofa with its lower edge GAP_ABOVE_SOFA_CM
 * above the sofa's back.
 */
export function wallScene(size: PrintSize, framed: boolean, landscape: boolean): WallScene {
  const { short, long } = PRINT_INCHES[size];
  const width = inchesToCm(landscape ? long : short);
  const height = inchesToCm(landscape ? short : long);
  const border = framed ? inchesToCm(MAT_IN + MOULDING_IN) : 0;
  const floorY = WALL_CM;
  const centreX = ROOM_CM / 2;
  const bottom = floorY - SOFA.back - GAP_ABOVE_SOFA_CM;
  const around = (pad: number): Box => ({
    x: centreX - width / 2 - pad,
    y: bottom - border - height - pad,
    width: width + 2 * pad,
    height: height + 2 * pad,
  });
  return {
    print: around(0),
    frame: framed ? { outer: around(border), mat: around(inchesToCm(MAT_IN)) } : null,
    sofaX: centreX - SOFA.width / 2,
    floorY,
  };
}

const wholeCm = (inches: number) => Math.round(inchesToCm(inches));
const inchesAndCm = (short: number, long: number) =>
  `${short} × ${long} in (${wholeCm(short)} × ${wholeCm(long)} cm)`;

/**
 * What the drawing shows, in words: "16 × 20 in (41 × 51 cm) above a 200 cm sofa", or framed
 * "16 × 20 in (41 × 51 cm), framed 22 × 26 in (56 × 66 cm), above a 200 cm sofa". Sides are
 * named short side first, as the shop names its sizes.
 */
export function wallText(size: PrintSize, framed: boolean): string {
  const { short, long } = PRINT_INCHES[size];
  const border = 2 * (MAT_IN + MOULDING_IN);
  const frame = framed ? `, framed ${inchesAndCm(short + border, long + border)},` : '';
  return `${inchesAndCm(short, long)}${frame} above a ${SOFA.width} cm sofa`;
}
