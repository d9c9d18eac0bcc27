// The colour edge along a line, shared by the horizon search (which fits the line to it) and the
// judge of what a found line is (which fits each half of the width to it).
import type { Planes } from './pixels.server';

/** Rows on each side of a pixel that the colour edge compares. */
export const EDGE_ROWS = 3;
/** How far (px of the working copy) from a line its edge is looked for. */
export const SEARCH_PX = 6;

/**
 * Lab distance between the mean colour of the `rows` pixels above (x, y) and of those below it;
 * 0 where the rows run off the frame.
 */
export function colourEdge({ width: w, height: h, L, a, b }: Planes, x: number, y: number, rows = EDGE_ROWS) {
  if (y - rows < 0 || y + rows >= h) return 0;
  let d2 = 0;
  for (const p of [L, a, b]) {
    let diff = 0;
    for (let k = 1; k <= rows; k++) diff += p[(y - k) * w + x]! - p[(y + k) * w + x]!;
    d2 += (diff / rows) ** 2;
  }
  return Math.sqrt(d2);
}

/**
 * The colour edge's sub-pixel height in each column within SEARCH_PX of the line y = lineY(x) (the
 * peak with a parabola through it), and whether it is strong: columns whose edge is under a third of
 * the median peak say nothing about the line.
 */
export function edgeHeights(planes: Planes, lineY: (x: number) => number) {
  const { width: w, height: h } = planes;
  const xs: number[] = [];
  const ys: number[] = [];
  const peaks: number[] = [];
  for (let x = 0; x < w; x++) {
    const guess = Math.round(lineY(x));
    let [peak, at] = [0, -1];
    for (let y = Math.max(2, guess - SEARCH_PX); y <= Math.min(h - 3, guess + SEARCH_PX); y++) {
      const v = colourEdge(planes, x, y);
      if (v > peak) [peak, at] = [v, y];
    }
    if (at < 0) continue;
    const [a, c] = [colourEdge(planes, x, at - 1), colourEdge(planes, x, at + 1)];
    const bend = a - 2 * peak + c;
    const offset = bend < 0 ? Math.max(-0.5, Math.min(0.5, (a - c) / (2 * bend))) : 0;
    xs.push(x);
    ys.push(at + offset);
    peaks.push(peak);
  }
  const median = [...peaks].sort((p, q) => p - q)[Math.floor(peaks.length / 2)] ?? 0;
  return { xs, ys, strong: peaks.map((p) => p >= median / 3) };
}

/**
 * The least-squares line y = centreY + slope·(x − centreX) through the points, or null when there
 * are fewer than `least` of them.
 */
export function leastSquares(xs: number[], ys: number[], centreX: number, least: number) {
  const n = xs.length;
  if (n < Math.max(2, least)) return null;
  let [sx, sy, sxx, sxy] = [0, 0, 0, 0];
  for (let i = 0; i < n; i++) {
    const x = xs[i]! - centreX;
    sx += x;
    sy += ys[i]!;
    sxx += x * x;
    sxy += x * ys[i]!;
  }
  const denom = n * sxx - sx * sx;
  if (denom === 0) return null;
  const slope = (n * sxy - sx * sy) / denom;
  return { slope, centreY: (sy - slope * sx) / n };
}
