// "View on a wall": the print drawn to scale above a 200 cm sofa. Inches to centimetres, the text
// alternative of each size framed and not, and where the print and its frame are drawn.
import { describe, expect, it } from 'vitest';
import {
  GAP_ABOVE_SOFA_CM,
  inchesToCm,
  MAT_IN,
  MOULDING_IN,
  ROOM_CM,
  SOFA,
  wallScene,
  wallText,
} from '~/lib/shop/wall-scale';

describe('wall scale', () => {
  it('converts inches to centimetres at 2.54 cm an inch', () => {
    expect(inchesToCm(1)).toBe(2.54);
    expect(inchesToCm(16)).toBeCloseTo(40.64, 10);
    expect(inchesToCm(20)).toBeCloseTo(50.8, 10);
    expect(inchesToCm(40)).toBeCloseTo(101.6, 10);
  });

  it('names each size in inches and whole centimetres above the 200 cm sofa', () => {
    expect(wallText('small', false)).toBe('8 × 12 in (20 × 30 cm) above a 200 cm sofa');
    expect(wallText('medium', false)).toBe('12 × 16 in (30 × 41 cm) above a 200 cm sofa');
    expect(wallText('large', false)).toBe('16 × 20 in (41 × 51 cm) above a 200 cm sofa');
  });

  it('names a framed print with the frame’s outer size: a 2 in mat and a 1 in moulding on each side', () => {
    expect(MAT_IN + MOULDING_IN).toBe(3);
    expect(wallText('small', true)).toBe(
      '8 × 12 in (20 × 30 cm), framed 14 × 18 in (36 × 46 cm), above a 200 cm sofa',
    );
    expect(wallText('medium', true)).toBe(
      '12 × 16 in (30 × 41 cm), framed 18 × 22 in (46 × 56 cm), above a 200 cm sofa',
    );
    expect(wallText('large', true)).toBe(
      '16 × 20 in (41 × 51 cm), framed 22 × 26 in (56 × 66 cm), above a 200 cm sofa',
    );
  });

  it('draws a landscape print across and a portrait one upright, at its size in cm', () => {
    const across = wallScene('large', false, true).print;
    expect(across.width).toBeCloseTo(50.8, 10);
    expect(across.height).toBeCloseTo(40.64, 10);
    const upright = wallScene('large', false, false).print;
    expect(upright.width).toBeCloseTo(40.64, 10);
    expect(upright.height).toBeCloseTo(50.8, 10);
    expect(wallScene('small', false, true).print.width).toBeCloseTo(30.48, 10);
  });

  it('centres the print over the sofa, its lower edge 20 cm above the sofa’s back', () => {
    for (const framed of [false, true]) {
      const scene = wallScene('medium', framed, true);
      const outer = scene.frame?.outer ?? scene.print;
      expect(scene.sofaX + SOFA.width / 2).toBe(ROOM_CM / 2);
      expect(outer.x + outer.width / 2).toBeCloseTo(ROOM_CM / 2, 10);
      expect(scene.floorY - (outer.y + outer.height)).toBeCloseTo(SOFA.back + GAP_ABOVE_SOFA_CM, 10);
      expect(scene.print.x + scene.print.width / 2).toBeCloseTo(ROOM_CM / 2, 10);
    }
  });

  it('frames a print with a 5.08 cm mat and a 2.54 cm moulding on every side', () => {
    const { print, frame } = wallScene('large', true, true);
    if (!frame) throw new Error('a framed print has a frame');
    expect(print.x - frame.mat.x).toBeCloseTo(5.08, 10);
    expect(print.y - frame.mat.y).toBeCloseTo(5.08, 10);
    expect(frame.mat.x - frame.outer.x).toBeCloseTo(2.54, 10);
    expect(frame.outer.width).toBeCloseTo(inchesToCm(26), 10);
    expect(frame.outer.height).toBeCloseTo(inchesToCm(22), 10);
    expect(wallScene('large', false, true).frame).toBeNull();
  });

  it('keeps the tallest print, framed and upright, on the drawn wall', () => {
    const { frame } = wallScene('large', true, false);
    expect(frame?.outer.y).toBeGreaterThan(0);
  });
});
