// Horizon level and tilt: the strongest sky/land (or sea) boundary. On a small copy (about 128 px
// wide), every straight line within ±15° of level is scored by how much the colour changes across it,
// column by column (CIE Lab distance between the mean colours of a thin band above and below it),
// averaged over the width; the best line is then refined on the working copy to a fraction of a pixel
// by fitting a line (least squares, outliers dropped) to the colour edge's peak in each column. Thin
// lines (plank gaps, wires) hardly change the colour on either side, so they score low. A boundary
// that is too weak, or that holds for less than a third of the width, is not called a horizon.
import { clampScore, type Element } from './element.server';
import type { Planes } from './pixels.server';

const MAX_TILT_DEG = 15;
const STEP_DEG = 0.5;
/** The width of the small copy the lines are searched on. */
const SEARCH_WIDTH = 128;
/** A boundary weaker than this (mean Lab distance across it) is no horizon. */
const MIN_STEP = 4;
/** How far (px of the working copy) from the coarse line the refinement looks for the edge. */
const SEARCH_PX = 6;

export interface HorizonLine {
  /** Degrees; positive when the line falls towards the right. */
  tilt: number;
  /** Height of the line at the centre, as a fraction of the frame from the top. */
  position: number;
  /** Share of the columns where the fitted line follows a colour edge. */
  extent: number;
}

interface Small {
  w: number;
  h: number;
  /** Per channel, running sums down each column: sums[c][y * w + x] is the sum of rows above y. */
  sums: [Float64Array, Float64Array, Float64Array];
  /** The same for texture (gradient magnitude), and its mean over the frame. */
  texture: Float64Array;
  meanTexture: number;
}

function smallCopy({ width, height, L, a, b, gx, gy }: Planes, f: number): Small & { f: number } {
  const [w, h] = [Math.floor(width / f), Math.floor(height / f)];
  const grad = new Float32Array(width * height);
  for (let i = 0; i < grad.length; i++) grad[i] = Math.abs(gx[i]!) + Math.abs(gy[i]!);
  const planes = [L, a, b, grad];
  const [l, aa, bb, texture] = planes.map(() => new Float64Array((h + 1) * w)) as Float64Array[];
  const sums = [l!, aa!, bb!] as Small['sums'];
  const all = [l!, aa!, bb!, texture!];
  for (let c = 0; c < 4; c++) {
    const src = planes[c]!;
    const out = all[c]!;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        let v = 0;
        for (let dy = 0; dy < f; dy++)
          for (let dx = 0; dx < f; dx++) v += src[(y * f + dy) * width + x * f + dx]!;
        out[(y + 1) * w + x] = out[y * w + x]! + v / (f * f);
      }
    }
  }
  let total = 0;
  for (let x = 0; x < w; x++) total += texture![h * w + x]!;
  return { w, h, sums, texture: texture!, meanTexture: total / (w * h), f };
}

/**
 * How strongly the line y = c + slope·(x − w/2) parts two regions: the mean over all w columns
 * (outside ones count 0) of the Lab distance between the thin bands above and below it, halved in
 * a column where the band above is the darker one (sky is nearly always lighter than what lies
 * under it), and the share of the columns where that distance reaches MIN_STEP.
 */
function stepAcross({ w, h, sums, texture, meanTexture }: Small, c: number, slope: number, band: number) {
  let [total, over, rough] = [0, 0, 0];
  for (let x = 0; x < w; x++) {
    const y = Math.round(c + slope * (x - w / 2));
    if (y - band < 0 || y + 1 + band > h) continue;
    let d2 = 0;
    let lighterAbove = true;
    for (let k = 0; k < 3; k++) {
      const s = sums[k]!;
      const above = (s[y * w + x]! - s[(y - band) * w + x]!) / band;
      const below = (s[(y + 1 + band) * w + x]! - s[(y + 1) * w + x]!) / band;
      if (k === 0) lighterAbove = above >= below;
      d2 += (above - below) ** 2;
    }
    const d = Math.sqrt(d2);
    total += lighterAbove ? d : d / 2;
    if (d >= MIN_STEP) over++;
    rough += texture[y * w + x]! / Math.max(1, y);
  }
  // Sky is smooth: a line with busy texture above it (a far shore, boats, trees) is less likely the horizon.
  const smoothAbove = 1 / (1 + rough / w / Math.max(1e-6, meanTexture));
  return { step: total / w, support: over / w, score: (total / w) * smoothAbove };
}

export function findHorizon(planes: Planes): HorizonLine | null {
  const small = smallCopy(planes, Math.max(1, Math.round(planes.width / SEARCH_WIDTH)));
  const band = Math.max(2, Math.round(small.h / 25));
  let best = { step: 0, support: 0, score: 0, deg: 0, c: 0 };
  for (let deg = -MAX_TILT_DEG; deg <= MAX_TILT_DEG; deg += STEP_DEG) {
    const slope = Math.tan((deg * Math.PI) / 180);
    for (let c = band; c < small.h - band; c++) {
      const { step, support, score } = stepAcross(small, c, slope, band);
      // Ties go to the smaller tilt: a level line is not reported as tilted by a rounding.
      if (score > best.score || (score === best.score && Math.abs(deg) < Math.abs(best.deg))) {
        best = { step, support, score, deg, c };
      }
    }
  }
  if (best.step < MIN_STEP || best.support < 1 / 2) return null;
  // The same search on the working copy, near the coarse line, in steps of 0.05° and half a pixel.
  const full = smallCopy(planes, 1);
  const fullBand = band * small.f;
  const coarseY = best.c * small.f + (small.f - 1) / 2;
  let fine = { step: 0, deg: best.deg, c: coarseY };
  for (let deg = best.deg - STEP_DEG * 1.5; deg <= best.deg + STEP_DEG * 1.5; deg += 0.05) {
    const slope = Math.tan((deg * Math.PI) / 180);
    for (let c = coarseY - 2 * small.f; c <= coarseY + 2 * small.f; c += 0.5) {
      const { step } = stepAcross(full, c, slope, fullBand);
      if (step > fine.step) fine = { step, deg, c };
    }
  }
  const slope = Math.tan((fine.deg * Math.PI) / 180);
  const fit = refine(planes, fine.c + 0.5, slope);
  // The fitted edge when it holds along a third of the width or more; else (a soft boundary: haze,
  // a blurred sea line) the best band line stands.
  const line = fit && fit.extent >= 1 / 3 ? fit : { slope, centreY: fine.c + 0.5, extent: best.support };
  return {
    tilt: (Math.atan(line.slope) * 180) / Math.PI,
    position: line.centreY / planes.height,
    extent: line.extent,
  };
}

/** Rows on each side of a pixel that the colour edge compares. */
const EDGE_ROWS = 3;

/** Lab distance between the mean of the EDGE_ROWS pixels above (x, y) and of those below it. */
function colourEdge({ width: w, height: h, L, a, b }: Planes, x: number, y: number): number {
  if (y - EDGE_ROWS < 0 || y + EDGE_ROWS >= h) return 0;
  let d2 = 0;
  for (const p of [L, a, b]) {
    let diff = 0;
    for (let k = 1; k <= EDGE_ROWS; k++) diff += p[(y - k) * w + x]! - p[(y + k) * w + x]!;
    d2 += (diff / EDGE_ROWS) ** 2;
  }
  return Math.sqrt(d2);
}

/**
 * The colour edge's sub-pixel height in each column near the line y = centreY + slope·(x − w/2)
 * (the peak with a parabola through it), then a least-squares line through those heights, fitted
 * twice: the second time without the columns more than two pixels off the first fit.
 */
function refine(planes: Planes, centreY: number, slope: number) {
  const { width: w, height: h } = planes;
  const xs: number[] = [];
  const ys: number[] = [];
  const peaks: number[] = [];
  for (let x = 0; x < w; x++) {
    const guess = Math.round(centreY + slope * (x - w / 2));
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
  // Columns whose edge is weak (under a third of the median peak) say nothing about the line.
  const median = [...peaks].sort((p, q) => p - q)[Math.floor(peaks.length / 2)] ?? 0;
  const strong = peaks.map((p) => p >= median / 3);
  let line = leastSquares(
    xs.filter((_, i) => strong[i]),
    ys.filter((_, i) => strong[i]),
    w,
  );
  if (!line) return null;
  const first = line;
  const keep = xs.map(
    (x, i) => strong[i]! && Math.abs(ys[i]! - (first.centreY + first.slope * (x - w / 2))) <= 2,
  );
  line =
    leastSquares(
      xs.filter((_, i) => keep[i]),
      ys.filter((_, i) => keep[i]),
      w,
    ) ?? line;
  return { ...line, extent: keep.filter(Boolean).length / w };
}

function leastSquares(xs: number[], ys: number[], w: number) {
  const n = xs.length;
  if (n < w / 4) return null;
  let [sx, sy, sxx, sxy] = [0, 0, 0, 0];
  for (let i = 0; i < n; i++) {
    const x = xs[i]! - w / 2;
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

/** The horizon as a line across the frame, ends at the left and right edges, as fractions. */
export function horizonEndpoints(line: HorizonLine, width: number, height: number) {
  const drop = (Math.tan((line.tilt * Math.PI) / 180) * width) / 2 / height;
  return { x1: 0, y1: line.position - drop, x2: 1, y2: line.position + drop, tilt: line.tilt };
}

export function horizonElement(line: HorizonLine | null): Element {
  const tips = [
    'Turn on the grid or the electronic level in the viewfinder and line the horizon up before you press the shutter.',
    'When a horizon is tilted, straighten it in editing by the angle given here and crop in slightly.',
  ];
  if (!line) {
    return {
      name: 'Horizon',
      score: 7,
      weight: 0.5,
      feedback: 'No long, straight horizon line was found, so there is no tilt to judge.',
      advice: 'If there is a horizon in the frame, check that it runs level.',
      tips,
    };
  }
  const tilt = Math.abs(line.tilt);
  const centred = Math.abs(line.position - 0.5) < 0.06;
  const where = `${Math.round(line.position * 100)}% of the way down`;
  const side = line.tilt > 0 ? 'down to the right' : 'down to the left';
  const level = tilt <= 0.5;
  const feedback = level
    ? `The horizon is level (within half a degree) and sits ${where} the frame.`
    : `The horizon tilts ${side} by about ${tilt.toFixed(1)}° and sits ${where} the frame.`;
  const advice = level
    ? 'The horizon is level; try placing it on a third so the sky or the land clearly leads.'
    : `Rotate the photo ${tilt.toFixed(1)}° to level the horizon${centred ? ', and move it off the centre line' : ''}.`;
  return {
    name: 'Horizon',
    score: clampScore(10 - Math.max(0, tilt - 0.5) * 2.5 - (centred ? 1 : 0)),
    weight: 1.5,
    feedback: centred ? `${feedback} A horizon through the middle splits the picture in two.` : feedback,
    advice,
    tips,
  };
}
