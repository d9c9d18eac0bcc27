// "View on a wall": the print hung to scale in three rooms drawn in cm. Inches to centimetres, the
// print's size on screen for a view of known width, where it hangs in each room, and the caption.
import { describe, expect, it } from 'vitest';
import {
  inchesToCm,
  percentOf,
  printPx,
  pxPerCm,
  ROOMS,
  roomById,
  VIEW_CM,
  wallScene,
  wallText,
  yAt,
} from '~/lib/shop/wall-scale';
import { PRINT_SIZES } from '~/lib/site/constants';

const living = roomById('living-room');
const bedroom = roomById('bedroom');
const office = roomById('office');

describe('wall scale', () => {
  it('converts inches to centimetres at 2.54 cm an inch', () => {
    expect(inchesToCm(1)).toBe(2.54);
    expect(inchesToCm(16)).toBeCloseTo(40.64, 10);
    expect(inchesToCm(20)).toBeCloseTo(50.8, 10);
  });

  it('draws a print at its true size for the view’s width: 240 cm of wall across', () => {
    expect(VIEW_CM.width / VIEW_CM.height).toBe(1.5);
    // A view 480 px wide shows 240 cm of wall: 2 px per cm.
    expect(pxPerCm(480)).toBe(2);
    // A 16 × 20 in print (40.64 × 50.8 cm), landscape: 101.6 px across and 81.28 px down.
    const large = printPx(480, 'large', true);
    expect(large.width).toBeCloseTo(101.6, 10);
    expect(large.height).toBeCloseTo(81.28, 10);
    // Upright, the sides swap; on a 390 px phone's 310 px view, a small 8 × 12 in print is 39 px wide.
    expect(printPx(480, 'large', false).width).toBeCloseTo(81.28, 10);
    expect(printPx(310, 'small', true).width).toBeCloseTo((30.48 * 310) / 240, 10);
    // Another size changes the width in the ratio of the long sides: 20 in / 12 in.
    expect(printPx(480, 'large', true).width / printPx(480, 'small', true).width).toBeCloseTo(20 / 12, 10);
  });

  it('places the print in the view as percentages of its width and height', () => {
    const { print } = wallScene(living, 'large', false, true);
    const pct = percentOf(print);
    expect(Number.parseFloat(pct.width)).toBeCloseTo((50.8 / 240) * 100, 3);
    expect(Number.parseFloat(pct.height)).toBeCloseTo((40.64 / 160) * 100, 3);
    expect(Number.parseFloat(pct.left) + Number.parseFloat(pct.width) / 2).toBeCloseTo(50, 3);
  });

  it('hangs the print 20 cm above the sofa’s back and the headboard, centred on the wall', () => {
    for (const room of [living, bedroom]) {
      for (const framed of [false, true]) {
        const scene = wallScene(room, 'medium', framed, true);
        const outer = scene.frame?.outer ?? scene.print;
        expect(outer.x + outer.width / 2).toBeCloseTo(VIEW_CM.width / 2, 10);
        expect(outer.y + outer.height).toBeCloseTo(yAt(room, room.furniture.topCm + 20), 10);
      }
    }
    // The sofa's back is 85 cm above the floor: the print's lower edge is 105 cm above it.
    expect(yAt(living, 105)).toBe(living.bottomCm + VIEW_CM.height - 105);
  });

  it('hangs the print in the office with its centre 145 cm above the floor', () => {
    const { print, frame } = wallScene(office, 'large', true, false);
    if (!frame) throw new Error('a framed print has a frame');
    expect(frame.outer.y + frame.outer.height / 2).toBeCloseTo(yAt(office, 145), 10);
    expect(print.y + print.height / 2).toBeCloseTo(yAt(office, 145), 10);
  });

  it('frames a print with a 5.08 cm mat and a 2.54 cm moulding on every side', () => {
    const { print, frame } = wallScene(bedroom, 'large', true, true);
    if (!frame) throw new Error('a framed print has a frame');
    expect(print.x - frame.mat.x).toBeCloseTo(5.08, 10);
    expect(print.y - frame.mat.y).toBeCloseTo(5.08, 10);
    expect(frame.mat.x - frame.outer.x).toBeCloseTo(2.54, 10);
    expect(frame.outer.width).toBeCloseTo(inchesToCm(26), 10);
    expect(frame.outer.height).toBeCloseTo(inchesToCm(22), 10);
    expect(wallScene(bedroom, 'large', false, true).frame).toBeNull();
  });

  it('keeps every print, framed or not, across or upright, inside the view of every room', () => {
    for (const room of ROOMS) {
      for (const size of PRINT_SIZES) {
        for (const framed of [false, true]) {
          for (const landscape of [false, true]) {
            const { print, frame } = wallScene(room, size, framed, landscape);
            const outer = frame?.outer ?? print;
            expect(outer.y, `${room.id} ${size}`).toBeGreaterThan(0);
            expect(outer.x).toBeGreaterThan(0);
            expect(outer.x + outer.width).toBeLessThan(VIEW_CM.width);
          }
        }
      }
    }
  });

  it('says what the view shows: the size, the frame, the furniture and the wall’s width', () => {
    expect(wallText(living, 'small', false)).toBe(
      'To scale, in an illustrated living room: 8 × 12 in (20 × 30 cm) above a 200 cm sofa on a wall 2.4 m wide.',
    );
    expect(wallText(bedroom, 'large', true)).toBe(
      'To scale, in an illustrated bedroom: 16 × 20 in (41 × 51 cm), framed 22 × 26 in (56 × 66 cm), above a 160 cm bed on a wall 2.4 m wide.',
    );
    expect(wallText(office, 'medium', false)).toBe(
      'To scale, in an illustrated office: 12 × 16 in (30 × 41 cm) centred 145 cm above the floor, over a 140 cm desk, on a wall 2.4 m wide.',
    );
  });
});
