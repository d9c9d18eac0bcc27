// Horizon level and tilt: the longest straight, near-horizontal edge, found with a small Hough
// transform over tilts of ±15° on the pixels whose gradient points up or down. The winning line's
// tilt is the horizon's; a line shorter than a third of the width is not called a horizon.
import { clampScore, type Element } from './element';
import type { Planes } from './pixels';

const MAX_TILT_DEG = 15;
const STEP_DEG = 0.25;
/** Strong edges only: at least this share of the strongest near-horizontal edge. */
const EDGE_SHARE = 1 / 3;
const MAX_POINTS_PER_COLUMN = 20;

export interface HorizonLine {
  /** Degrees; positive when the line falls towards the right. */
  tilt: number;
  /** Height of the line at the centre, as a fraction of the frame from the top. */
  position: number;
  /** Length of the supporting edge as a fraction of the width. */
  extent: number;
}

export function findHorizon({ width: w, height: h, gx, gy }: Planes): HorizonLine | null {
  const points: { x: number; y: number; m: number }[] = [];
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const ax = Math.abs(gx[i]!);
      const ay = Math.abs(gy[i]!);
      // Gradient within ~27° of vertical: the edge itself is within ~27° of horizontal.
      if (ay > 2 * ax && ay > 8) points.push({ x, y, m: Math.hypot(ax, ay) });
    }
  }
  if (points.length === 0) return null;
  points.sort((p, q) => q.m - p.m);
  // The strong edges only (a third of the strongest), at most MAX_POINTS_PER_COLUMN per column on average.
  const floor = points[0]!.m * EDGE_SHARE;
  const top = points.slice(0, w * MAX_POINTS_PER_COLUMN).filter((p) => p.m >= floor);
  const diag = Math.ceil(Math.hypot(w, h));
  const bins = new Int32Array(2 * diag + 1);
  let best = { votes: 0, theta: 0, rho: 0 };
  for (let deg = -MAX_TILT_DEG; deg <= MAX_TILT_DEG; deg += STEP_DEG) {
    const t = (deg * Math.PI) / 180;
    const [sin, cos] = [Math.sin(t), Math.cos(t)];
    bins.fill(0);
    for (const p of top) {
      // Distance of the point from a line through the centre at this tilt, in 1 px bins.
      const rho = Math.round((p.y - h / 2) * cos - (p.x - w / 2) * sin);
      const votes = ++bins[rho + diag]!;
      // Ties go to the smaller tilt: a level line is not reported as tilted by a rounding.
      if (votes > best.votes || (votes === best.votes && Math.abs(deg) < Math.abs(best.theta))) {
        best = { votes, theta: deg, rho };
      }
    }
  }
  const extent = best.votes / w;
  if (extent < 1 / 3) return null;
  const position = (h / 2 + best.rho / Math.cos((best.theta * Math.PI) / 180)) / h;
  return { tilt: best.theta, position, extent };
}

export function horizonElement(planes: Planes): Element {
  const line = findHorizon(planes);
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
