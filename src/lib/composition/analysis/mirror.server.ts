// The line a reflection is mirrored about: where still water meets a far shore (a lake under
// mountains, a town across a harbour), the shore's reflection runs on under the water line, so the
// colours on either side of that line are nearly the same and the colour-step search of
// horizon.server.ts seldom ranks it among the strongest boundaries. What marks it instead is the
// mirror: going up from the water line the scene reads as it does going down (the bank's silhouette,
// then the sky; its reflection, then the reflected sky). So every straight line within the search's
// reach is scored, on a small copy of the lightness, by how well the detail on one side matches its
// mirror image on the other, read along the line's normal; the best line is the mirror line, and it
// is a water line when it is mirrored clearly along most of the width. Written by hand: no library
// at hand measures reflection symmetry about a line.
//
// The detail compared is how the lightness changes going away from the line (over STEP pixels),
// stretch by stretch along it, each row's mean along the stretch taken away: plain bands parallel to
// the line (a sky fading into a sea, a stripe of cloud) and upright detail that runs through it
// unchanged (a path of sunlight on the sea, stalks, trunks) then say nothing, and only detail that
// changes both along the line and across it (a bank's silhouette, its reflection) does. A ridge
// against the sky has no mirror image under it, so it is never a water line, and a sloping ridge
// stays a skyline. The thresholds are where the figures of the tuning half part
// (tests/fixtures/composition, split.json): the drawn lake (altai.jpg) and one sea photo whose sky is
// mirrored in it (darkest-hour.jpg) score 0.89 or more along the whole width at every turn, while the best line of every other photo,
// sea, ridge, hill, forest or sky, whole, mirrored or turned, scores 0.55 or less.
// The search runs only when no boundary that the colour-step search found shows a horizon: on an
// open sea the colour step measures the sea line more finely.

/** A grid of lightness values, with the empty wedges of a turned frame (1) or null. */
export interface Grid {
  w: number;
  h: number;
  L: ArrayLike<number>;
  wedge: ArrayLike<number> | null;
}

export interface MirrorLine {
  /** Degrees, positive when the line falls towards the right. */
  deg: number;
  /** Height of the line at the centre, px of the grid. */
  c: number;
  /** Mean correlation over the stretches that hold enough detail. */
  score: number;
  /** Share of the stretches that hold detail that are mirrored (correlation ≥ MIRRORED). */
  support: number;
}

/** Correlation from which a stretch of the line is mirrored about it. */
const MIRRORED = 0.5;
/** Stretches the width is cut into, each correlated on its own. */
const STRETCHES = 8;
/**
 * Spread (standard deviation, L* per pixel of the grid) of the change in lightness away from the
 * line under which a stretch holds too little detail to count.
 */
const FLAT_SD = 0.5;
/**
 * Pixels of the grid over which the change in lightness is taken: over one, a water line a quarter
 * of a pixel off the rows tried already reads as unmirrored.
 */
const STEP = 2;

/**
 * How well the scene across the line y = c + tan(deg)·(x − w/2) matches its mirror image, read
 * `reach` px each side along the line's normal (`beat`: the score times support of the best line so
 * far; a line that cannot beat it scores 0): in each of STRETCHES stretches of the width, the
 * correlation of the detail k px above the line with the detail k px below it,
 * each row's mean along the stretch taken away first, so that plain bands of colour parallel to the
 * line (sky fading into a sea, a stripe of cloud) say nothing and only detail along the line (a
 * bank's silhouette, its reflection) does.
 */
export function mirrorScore(
  grid: Grid,
  c: number,
  deg: number,
  reach: number,
  beat = Number.NEGATIVE_INFINITY,
) {
  const { w, h, L, wedge } = grid;
  const t = (deg * Math.PI) / 180;
  const slope = Math.tan(t);
  const sin = Math.sin(t);
  const cos = Math.cos(t);
  const width = Math.ceil(w / STRETCHES);
  // da[(k − 1) · width + j], db[…]: the change in lightness from k to k + STEP px above and below
  // the line, in the stretch's j-th column whose whole profile lies in the frame.
  const da = new Float64Array(width * reach);
  const db = new Float64Array(width * reach);
  const pa = new Float64Array(reach + STEP);
  const pb = new Float64Array(reach + STEP);
  // Lightness at (x, y) by bilinear interpolation, or NaN off the frame or in a wedge.
  const at = (x: number, y: number) => {
    if (x < 0 || y < 0 || x > w - 1 || y > h - 1) return Number.NaN;
    const x0 = Math.min(w - 2, Math.floor(x));
    const y0 = Math.min(h - 2, Math.floor(y));
    const fx = x - x0;
    const fy = y - y0;
    const i = y0 * w + x0;
    if (wedge && (wedge[i] || wedge[i + 1] || wedge[i + w] || wedge[i + w + 1])) return Number.NaN;
    const top = L[i]! + (L[i + 1]! - L[i]!) * fx;
    const bottom = L[i + w]! + (L[i + w + 1]! - L[i + w]!) * fx;
    return top + (bottom - top) * fy;
  };
  let total = 0;
  let used = 0;
  let mirrored = 0;
  for (let s = 0; s < STRETCHES; s++) {
    // The best this line can still reach, every stretch left mirrored perfectly: when that falls
    // short of the line to beat, the rest is not read.
    const left = STRETCHES - s;
    const most =
      used + left >= STRETCHES / 2
        ? Math.max(0, ((total + left) * (mirrored + left)) / (used + left) ** 2)
        : 0;
    if (most < beat) return { score: 0, support: 0 };
    const from = s * width;
    const to = Math.min(w, (s + 1) * width);
    let m = 0;
    for (let x = from; x < to; x++) {
      const y = c + slope * (x - w / 2);
      let whole = true;
      for (let k = 1; k <= reach + STEP && whole; k++) {
        pa[k - 1] = at(x + k * sin, y - k * cos);
        pb[k - 1] = at(x - k * sin, y + k * cos);
        whole = !Number.isNaN(pa[k - 1]!) && !Number.isNaN(pb[k - 1]!);
      }
      if (!whole) continue;
      for (let k = 0; k < reach; k++) {
        da[k * width + m] = pa[k + STEP]! - pa[k]!;
        db[k * width + m] = pb[k + STEP]! - pb[k]!;
      }
      m++;
    }
    // A stretch mostly in the empty wedges of a turned frame, or off its edge, says nothing.
    if (m < Math.max(3, (to - from) / 2)) continue;
    let saa = 0;
    let sbb = 0;
    let sab = 0;
    for (let k = 0; k < reach; k++) {
      let ma = 0;
      let mb = 0;
      for (let j = 0; j < m; j++) {
        ma += da[k * width + j]!;
        mb += db[k * width + j]!;
      }
      ma /= m;
      mb /= m;
      for (let j = 0; j < m; j++) {
        const va = da[k * width + j]! - ma;
        const vb = db[k * width + j]! - mb;
        saa += va * va;
        sbb += vb * vb;
        sab += va * vb;
      }
    }
    const n = m * reach;
    if (saa / n < FLAT_SD ** 2 || sbb / n < FLAT_SD ** 2) continue;
    const r = sab / Math.sqrt(saa * sbb);
    total += r;
    used++;
    if (r >= MIRRORED) mirrored++;
  }
  // Stretches of plain sky or plain water say nothing either way; at least half the width must
  // hold detail for the line to count.
  return { score: used > 0 ? total / used : 0, support: used >= STRETCHES / 2 ? mirrored / used : 0 };
}

/**
 * The best mirror line of the grid within ±maxDeg of level, tried every stepDeg and every half row
 * (a water line half a pixel off the rows tried reads as hardly mirrored) whose profile fits in the
 * frame; null when no line holds enough columns to score, or none reaches `floor` (score times
 * support). The tilts are tried from level outwards, so that a good line found early lets most
 * others stop after a few stretches; of lines that score the same, the one nearer level is kept.
 */
export function bestMirrorLine(
  grid: Grid,
  maxDeg: number,
  stepDeg: number,
  reach: number,
  floor = Number.NEGATIVE_INFINITY,
): MirrorLine | null {
  let best: MirrorLine | null = null;
  const tilts = [0];
  for (let d = stepDeg; d <= maxDeg + 1e-9; d += stepDeg) tilts.push(-d, d);
  for (const deg of tilts) {
    for (let c = reach; c < grid.h - reach; c += 0.5) {
      const beat = best ? best.score * best.support : floor;
      const { score, support } = mirrorScore(grid, c, deg, reach, beat);
      if (score * support > beat || (!best && score * support === beat)) best = { deg, c, score, support };
    }
  }
  return best && best.support > 0 ? best : null;
}

/**
 * The mirror line refined near a coarse one: tilts `span`° either side in steps of 0.1°, heights
 * a pixel either side in steps of `rowStep`, kept within ±maxDeg.
 */
export function refineMirrorLine(
  grid: Grid,
  coarse: { deg: number; c: number },
  reach: number,
  { span, rowStep, maxDeg }: { span: number; rowStep: number; maxDeg: number },
) {
  let best: MirrorLine = { ...coarse, ...mirrorScore(grid, coarse.c, coarse.deg, reach) };
  const [from, to] = [Math.max(-maxDeg, coarse.deg - span), Math.min(maxDeg, coarse.deg + span)];
  for (let deg = from; deg <= to + 1e-9; deg += 0.1) {
    for (let c = coarse.c - 1; c <= coarse.c + 1 + 1e-9; c += rowStep) {
      const { score, support } = mirrorScore(grid, c, deg, reach, best.score * best.support);
      if (score * support > best.score * best.support) best = { deg, c, score, support };
    }
  }
  return best;
}

/** The frame's lightness shrunk by block means to about `side` px wide, with its wedges (any pixel of a block). */
export function gridOf(
  { width, height, L }: { width: number; height: number; L: Float32Array },
  side: number,
  wedges: Uint8Array | null,
): Grid & { f: number } {
  const f = Math.max(1, Math.round(width / side));
  const [w, h] = [Math.floor(width / f), Math.floor(height / f)];
  const out = new Float32Array(w * h);
  const wedge = wedges ? new Uint8Array(w * h) : null;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let [v, empty] = [0, 0];
      for (let dy = 0; dy < f; dy++)
        for (let dx = 0; dx < f; dx++) {
          const i = (y * f + dy) * width + x * f + dx;
          v += L[i]!;
          if (wedges) empty |= wedges[i]!;
        }
      out[y * w + x] = v / (f * f);
      if (wedge) wedge[y * w + x] = empty;
    }
  }
  return { w, h, L: out, wedge, f };
}

/** A mirror line whose mean correlation reaches this, over this share of the stretches, is a water line. */
const WATER_SCORE = 0.75;
const WATER_SUPPORT = 0.75;
/**
 * The width of the grid the mirror line is searched on: coarse enough that ripples and blur leave a
 * reflection as detailed as what it mirrors.
 */
const GRID_SIDE = 64;

/**
 * The water line of a reflection (a far shore mirrored in still water) as a straight line within
 * ±maxDeg of level, or null when the frame holds no clear mirror line.
 */
export function waterLine(
  planes: { width: number; height: number; L: Float32Array },
  maxDeg: number,
  wedges: Uint8Array | null,
): { tilt: number; position: number; extent: number } | null {
  const grid = gridOf(planes, GRID_SIDE, wedges);
  const reach = Math.round(grid.h / 6);
  // Refining moves a line's figures a little, never from far below the mark: most frames stop here.
  const [score, support] = [WATER_SCORE - 0.15, WATER_SUPPORT - 0.25];
  const coarse = bestMirrorLine(grid, maxDeg, 1, reach, score * support);
  if (!coarse || coarse.score < score || coarse.support < support) return null;
  const line = refineMirrorLine(grid, coarse, reach, { span: 1, rowStep: 0.25, maxDeg });
  if (line.score < WATER_SCORE || line.support < WATER_SUPPORT) return null;
  // The tilt read again on a grid twice as fine: one pixel of the coarse grid across its width is
  // nearly a degree.
  const fine = gridOf(planes, GRID_SIDE * 2, wedges);
  const k = grid.f / fine.f;
  const sharp = refineMirrorLine(fine, { deg: line.deg, c: (line.c + 0.5) * k - 0.5 }, reach * k, {
    span: 0.6,
    rowStep: 0.5,
    maxDeg,
  });
  return {
    tilt: sharp.deg,
    position: ((sharp.c + 0.5) * fine.f) / planes.height,
    extent: line.support,
  };
}
