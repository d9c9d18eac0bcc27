// Where the eye goes: a frequency-tuned saliency map (Achanta et al. 2009, "Frequency-tuned salient
// region detection": each pixel's Lab distance from the picture's mean colour), its salient region
// (pixels above twice the mean saliency), and from those the rule-of-thirds placement and the balance.
import { clampScore, type Element, percent } from './element';
import type { Planes } from './pixels';

export interface Subject {
  /** Centre of the salient region, as fractions of width and height; null when nothing stands out. */
  centre: { x: number; y: number } | null;
  /** Share of the frame the salient region covers. */
  area: number;
  /** Centre of all visual weight (the whole saliency map). */
  weight: { x: number; y: number };
}

export function findSubject({ width: w, height: h, L, a, b }: Planes): Subject {
  const n = w * h;
  let [mL, ma, mb] = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    mL += L[i]!;
    ma += a[i]!;
    mb += b[i]!;
  }
  [mL, ma, mb] = [mL / n, ma / n, mb / n];
  const sal = new Float32Array(n);
  let total = 0;
  let [wx, wy] = [0, 0];
  for (let i = 0; i < n; i++) {
    const s = Math.hypot(L[i]! - mL, a[i]! - ma, b[i]! - mb);
    sal[i] = s;
    total += s;
    wx += s * (i % w);
    wy += s * Math.floor(i / w);
  }
  const weight = total > 0 ? { x: (wx / total + 0.5) / w, y: (wy / total + 0.5) / h } : { x: 0.5, y: 0.5 };
  const threshold = (2 * total) / n;
  let [count, sx, sy, sw] = [0, 0, 0, 0];
  for (let i = 0; i < n; i++) {
    const s = sal[i]!;
    // A flat picture (mean distance under 2 Lab units) has no subject at all.
    if (s < threshold || threshold < 4) continue;
    count++;
    sw += s;
    sx += s * (i % w);
    sy += s * Math.floor(i / w);
  }
  const centre = count > 0 ? { x: (sx / sw + 0.5) / w, y: (sy / sw + 0.5) / h } : null;
  return { centre, area: count / n, weight };
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
