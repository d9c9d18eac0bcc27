// Where the eye goes: a frequency-tuned saliency map (Achanta et al. 2009, "Frequency-tuned salient
// region detection": each pixel's Lab distance from the picture's mean colour) for the balance, and
// for the subject its geometric mean with a centre-surround contrast (the distance from the mean
// colour around it); the salient region (pixels above twice the mean subject saliency and half its
// peak), and from those the rule-of-thirds placement.
import type { ThirdsPoint } from '~/lib/composition/schemas';
import { clampScore, type Element, percent } from './element.server';
import type { Planes } from './pixels.server';

export interface Subject {
  /** Centre of the salient region, as fractions of width and height; null when nothing stands out. */
  centre: { x: number; y: number } | null;
  /** Share of the frame the salient region covers. */
  area: number;
  /** Centre of all visual weight (the whole saliency map). */
  weight: { x: number; y: number };
  /** The box holding the salient region (its 5th to 95th percentiles across and down), as fractions. */
  box: { x: number; y: number; width: number; height: number } | null;
}

/** Saliency below this (Lab units from the mean colour) is not a subject: grain, haze, a plain frame. */
const FLAT = 8;

export function findSubject(planes: Planes): Subject {
  const { width: w, height: h } = planes;
  // A 5 × 5 box blur first, as the method asks, so grain and fine texture do not stand out.
  const [L, a, b] = [planes.L, planes.a, planes.b].map((p) => boxBlur(p, w, h, 2)) as [
    Float32Array,
    Float32Array,
    Float32Array,
  ];
  const n = w * h;
  let [mL, ma, mb] = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    mL += L[i]!;
    ma += a[i]!;
    mb += b[i]!;
  }
  [mL, ma, mb] = [mL / n, ma / n, mb / n];
  const sal = new Float32Array(n);
  let [total, peak] = [0, 0];
  let [wx, wy] = [0, 0];
  for (let i = 0; i < n; i++) {
    const dL = L[i]! - mL;
    const da = a[i]! - ma;
    const db = b[i]! - mb;
    const s = Math.sqrt(dL * dL + da * da + db * db);
    sal[i] = s;
    total += s;
    if (s > peak) peak = s;
    wx += s * (i % w);
    wy += s * Math.floor(i / w);
  }
  const weight = total > 0 ? { x: (wx / total + 0.5) / w, y: (wy / total + 0.5) / h } : { x: 0.5, y: 0.5 };
  // The subject: what differs from the whole picture AND from its own surroundings (a tenth of the
  // frame around it), so a compact subject (the sun, one orange tree) wins over a large plain area
  // such as the sky, which differs from the mean but not from what is around it.
  const radius = Math.max(4, Math.round(Math.max(w, h) / 10));
  const [sL, sa, sb] = [L, a, b].map((p) => boxBlur(p, w, h, radius)) as [
    Float32Array,
    Float32Array,
    Float32Array,
  ];
  peak = 0;
  total = 0;
  for (let i = 0; i < n; i++) {
    const dL = L[i]! - sL[i]!;
    const da = a[i]! - sa[i]!;
    const db = b[i]! - sb[i]!;
    const s = Math.sqrt(Math.sqrt(dL * dL + da * da + db * db) * sal[i]!);
    sal[i] = s;
    total += s;
    if (s > peak) peak = s;
  }
  // The salient region: twice the mean saliency, and at least half the peak, so that a small subject
  // on a plain ground stands out alone.
  const threshold = Math.max((2 * total) / n, peak / 2);
  let [count, sw] = [0, 0];
  const columns = new Float64Array(w);
  const rows = new Float64Array(h);
  for (let i = 0; i < n; i++) {
    const s = sal[i]!;
    if (s < threshold || peak < FLAT) continue;
    count++;
    sw += s;
    columns[i % w]! += s;
    rows[Math.floor(i / w)]! += s;
  }
  if (count === 0) return { centre: null, area: 0, weight, box: null };
  // The subject's centre: the peak of the saliency map smoothed over about a twentieth of the
  // frame, so the single strongest blob wins rather than the middle of several.
  const smooth = boxBlur(sal, w, h, Math.max(2, Math.round(Math.max(w, h) / 40)));
  let peakAt = 0;
  for (let i = 1; i < n; i++) if (smooth[i]! > smooth[peakAt]!) peakAt = i;
  const centre = { x: ((peakAt % w) + 0.5) / w, y: (Math.floor(peakAt / w) + 0.5) / h };
  const [left, right] = percentiles(columns, sw);
  const [top, bottom] = percentiles(rows, sw);
  const box = { x: left / w, y: top / h, width: (right - left + 1) / w, height: (bottom - top + 1) / h };
  return { centre, area: count / n, weight, box };
}

/** Mean over a (2r + 1)² box (the part inside the frame); two separable passes of running sums. */
function boxBlur(src: Float32Array, w: number, h: number, r: number): Float32Array {
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    let sum = 0;
    for (let x = 0; x < Math.min(r, w); x++) sum += src[y * w + x]!;
    for (let x = 0; x < w; x++) {
      if (x + r < w) sum += src[y * w + x + r]!;
      if (x - r - 1 >= 0) sum -= src[y * w + x - r - 1]!;
      tmp[y * w + x] = sum / (Math.min(w - 1, x + r) - Math.max(0, x - r) + 1);
    }
  }
  for (let x = 0; x < w; x++) {
    let sum = 0;
    for (let y = 0; y < Math.min(r, h); y++) sum += tmp[y * w + x]!;
    for (let y = 0; y < h; y++) {
      if (y + r < h) sum += tmp[(y + r) * w + x]!;
      if (y - r - 1 >= 0) sum -= tmp[(y - r - 1) * w + x]!;
      out[y * w + x] = sum / (Math.min(h - 1, y + r) - Math.max(0, y - r) + 1);
    }
  }
  return out;
}

/** The indexes at which the running sum of `mass` passes 5% and 95% of `total`. */
function percentiles(mass: Float64Array, total: number): [number, number] {
  let [run, low, high] = [0, -1, mass.length - 1];
  for (let i = 0; i < mass.length; i++) {
    run += mass[i]!;
    if (low < 0 && run >= total * 0.05) low = i;
    if (run >= total * 0.95) {
      high = i;
      break;
    }
  }
  return [Math.max(0, low), high];
}

/** The thirds intersection nearest the subject, or the centre when that is nearer still. */
export function nearestThirdsPoint({ x, y }: { x: number; y: number }): ThirdsPoint {
  const candidates: [ThirdsPoint, number, number][] = [
    ['upper left', 1 / 3, 1 / 3],
    ['upper right', 2 / 3, 1 / 3],
    ['lower left', 1 / 3, 2 / 3],
    ['lower right', 2 / 3, 2 / 3],
    ['centre', 0.5, 0.5],
  ];
  let best = candidates[0]!;
  for (const c of candidates)
    if (Math.hypot(x - c[1], y - c[2]) < Math.hypot(x - best[1], y - best[2])) best = c;
  return best[0];
}

const THIRDS = [1 / 3, 2 / 3];

/** Distance (in frame fractions) to the nearest thirds intersection, and to the nearest thirds line. */
export function thirdsDistances({ x, y }: { x: number; y: number }) {
  let point = Number.POSITIVE_INFINITY;
  for (const tx of THIRDS) for (const ty of THIRDS) point = Math.min(point, Math.hypot(x - tx, y - ty));
  const line = Math.min(...THIRDS.map((t) => Math.abs(x - t)), ...THIRDS.map((t) => Math.abs(y - t)));
  return { point, line };
}

const place = ({ x, y }: { x: number; y: number }) => {
  const across = x < 0.4 ? 'left' : x > 0.6 ? 'right' : 'centre';
  const down = y < 0.4 ? 'upper' : y > 0.6 ? 'lower' : 'middle';
  return across === 'centre' && down === 'middle' ? 'the centre' : `the ${down} ${across}`;
};

export function thirdsElement(subject: Subject): Element {
  const tips = [
    'Place the main subject where two thirds lines cross; let it look or move into the open two thirds.',
    'Walk a few steps left or right before recomposing: moving your feet shifts a subject onto a third more naturally than cropping.',
  ];
  const base = { name: 'Rule of Thirds', weight: 1.5, tips };
  if (!subject.centre) {
    return {
      ...base,
      score: 5,
      feedback: 'Nothing stands out clearly from the rest of the frame, so there is no focal point to place.',
      advice: 'Give the picture one clear focal point (a tree, a rock, a figure) and place it on a third.',
    };
  }
  const { point, line } = thirdsDistances(subject.centre);
  // Full marks on an intersection, fewer along a thirds line, fewest in the centre or at an edge.
  const score = clampScore(
    Math.max(10 - 30 * Math.max(0, point - 0.03), 7.5 - 30 * Math.max(0, line - 0.02)),
  );
  const where = `The main point of interest (about ${percent(subject.area)} of the frame) sits in ${place(subject.centre)}`;
  const feedback =
    point <= 0.06
      ? `${where}, on a thirds intersection.`
      : line <= 0.05
        ? `${where}, along a thirds line.`
        : `${where}, away from the thirds lines.`;
  return {
    ...base,
    score,
    feedback,
    advice: 'Move the main subject onto a thirds intersection rather than the middle of the frame.',
  };
}

/** The centre of visual weight may sit this far from the middle and still count as balanced. */
const BALANCED = 0.1;

export function balanceElement(subject: Subject): Element {
  const { x, y } = subject.weight;
  const sideways = Math.abs(x - 0.5);
  const topHeavy = Math.max(0, 0.4 - y);
  const score = clampScore(10 - 20 * Math.max(0, sideways - BALANCED) - 10 * topHeavy);
  const lean = x < 0.5 ? 'left' : 'right';
  const feedback =
    sideways <= BALANCED
      ? `The visual weight is well balanced between left and right (its centre is ${Math.round(x * 100)}% across).`
      : `The visual weight leans to the ${lean} (its centre is ${Math.round(x * 100)}% across the frame).`;
  return {
    name: 'Visual Balance',
    score,
    weight: 1,
    feedback:
      topHeavy > 0 ? `${feedback} The top of the frame carries more weight than the bottom.` : feedback,
    advice:
      sideways > BALANCED
        ? `Add or include something on the ${lean === 'left' ? 'right' : 'left'} to balance the ${lean} side, or crop some of the emptier side away.`
        : 'Let the heavier, darker masses sit low in the frame so the picture feels grounded.',
    tips: [
      'A small bright or contrasting object can balance a large plain mass on the other side of the frame.',
      'Check balance by squinting at the scene: the blocks of light and dark that remain are the weights.',
    ],
  };
}
