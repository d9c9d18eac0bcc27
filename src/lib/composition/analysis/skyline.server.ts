// Whether a line found by the horizon search is a horizon to level (sky over sea or lake, a level far
// shore) or a skyline that slopes as part of the scene (a ridge, a hillside, a tree line, a cloud
// edge). No one measure of the line itself parts them: a hillside can be as straight and as strong as
// a sea line. What lies around the line does, read five ways; a line is a horizon when any one holds:
//
// 1. Featureless below: under the line there is almost no texture at all (a flat plain, a calm
//    sea in haze, a drawn scene). Nothing there can be a sloping landform.
// 2. Streaked below: water, a beach or a motion-blurred road is streaked along the line, so its
//    gradients run across the line far more than along it, and the line's two halves agree. A hill's
//    shading is streaked too, but its crest curves, so its halves disagree: the more strongly
//    streaked the ground, the more the halves may disagree (a soft, hazy sea line wobbles).
// 3. Sky over water: the band below has nearly the hue of the sky (water mirrors it), both bands are
//    smoother than the frame, the contrast holds along the whole width, and the halves agree. This is
//    the sea line seen between grass stalks, whose streaks the stalks hide.
// 4. A clear sea line through what crosses it: a very smooth sky and a contrast that holds almost
//    everywhere along the width, over a band of nearly the sky's hue. Grass, reeds, rocks or a person
//    crossing the line bend the edge fitted to each half, so the halves may disagree more here than
//    in 3; a ridge or a cloud edge does not hold its contrast so steadily under so smooth a sky.
// 5. Straight across the width: the colour edge follows one straight line along nearly the whole
//    width, the halves agree within half a degree, and a clear contrast holds steadily all along.
//    This is a water line under a far shore or a city, whatever lies below it: a ridge, a dune
//    crest or a tree line bends, breaks or fades somewhere along so long a run; a hillside
//    straight enough to pass (one in fog) parts two regions too alike to reach the contrast asked.
//
// A photo turned in an editor without cropping has black wedges in its corners, whose edges are as
// straight and as strong as any horizon and run at the turn's own angle: the wedges (and a few pixels
// beyond, where blur and JPEG spread them) are left out of every measure, and a line that runs along
// one (its band above or below mostly wedge) is no horizon. Only what lies outside the turned frame,
// for the turn that its empty corners fit, counts as wedge: a dark sea or field at night is as black
// and as flat as a wedge, and taking it for one hid the sea line of dark photos.
//
// Each measure is read along the line and across it, not along the frame's axes, and compares the
// two sides of the line with each other or with the frame: it holds when the photo is mirrored,
// cropped or rotated within the search's ±15°. The thresholds are where the figures of the sea lines
// and of the ridges, hills and forest edges of the accuracy set (tests/fixtures/composition) part;
// three photos held out while they were set came out right too. Those of 5 were set on the tuning
// half alone (split.json) and on scenes built from it: its ridge and hill photos cut above water
// that mirrors them through ripples, and drawn city waterfronts. The water lines there reach a
// contrast of 16 or more; the straightest slope of the tuning half, a hillside in fog, runs as
// straight and as steadily but reaches 11 at most, whole, mirrored, turned or three stops darker.
import { colourEdge, edgeHeights, leastSquares } from './edge.server';
import type { Planes } from './pixels.server';

/** Mean texture (|gx| + |gy| of luma) under which the band below a line is featureless. */
const FEATURELESS = 9;
/** Gradients across the line over those along it, below it, from which the ground is streaked. */
const STREAKED = 2;
/** Degrees the two halves of a streaked line may disagree by, per unit of the streak ratio. */
const HALVES_PER_STREAK = 1.2;
/** Sky over water: the hue distance (a*b*), the halves' disagreement (°) and the steady contrast. */
const MIRROR_HUE = 10;
const MIRROR_HALVES = 1.5;
const MIRROR_STEADY = 0.65;
/** A clear sea line through crossings: the steady contrast, the sky's smoothness and the halves (°). */
const CLEAR_STEADY = 0.8;
const CLEAR_SKY = 0.6;
const CLEAR_HALVES = 2.5;
/** Straight across the width: the share of the width, the halves (°), the steady and the median contrast. */
const STRAIGHT_EXTENT = 0.85;
const STRAIGHT_HALVES = 0.5;
const STRAIGHT_STEADY = 0.75;
const STRAIGHT_CONTRAST = 15;
/** The height of the bands read above and below the line, as a share of the frame's height. */
const BAND = 0.08;
/** Rows next to the line left out of the bands, so that the edge itself is not counted as texture. */
const GAP = 3;
/** Lab lightness under which a flat pixel joined to the frame's border is an empty wedge of a turned frame. */
const WEDGE_L = 3;
/** Texture (|gx| + |gy|) under which such a pixel is flat. */
const WEDGE_FLAT = 6;
/** Pixels beyond a wedge also left out: its edge, spread by blur and JPEG. */
const WEDGE_MARGIN = 3;
/** A line whose band above or below is more than this share wedge runs along the frame's edge. */
export const WEDGE_SHARE = 0.25;

/** A straight line across the frame. */
export interface Line {
  /** Degrees; positive when the line falls towards the right. */
  tilt: number;
  /** Height of the line at the centre, as a fraction of the frame from the top. */
  position: number;
}

/** What lies around a line, each measure explained in the file's opening comment. */
export interface Surroundings {
  /** Mean texture of the band below, in luma units. */
  textureBelow: number;
  /** Mean texture of the band above and below, over the frame's mean texture. */
  roughAbove: number;
  roughBelow: number;
  /** Below the line: gradients across the line over gradients along it. */
  streak: number;
  /** Degrees between lines fitted to the colour edge in the left and the right half. */
  halves: number;
  /** Distance in a*b* between the mean colours of the bands above and below. */
  hueGap: number;
  /** The 20th percentile of the contrast across the line, column by column, over its median. */
  steady: number;
  /** The median of that contrast (Lab distance between the bands above and below). */
  contrast: number;
  /** The larger share of the band above or below that lies in an empty wedge of a turned frame. */
  wedge: number;
}

/**
 * The empty wedges of a frame turned without cropping, 1 per pixel: near-black, flat pixels joined
 * to the border that lie outside the frame turned by the turn they fit (turnOfFrame), grown by
 * WEDGE_MARGIN. All 0 for a photo that has none, or whose dark border fits no turn.
 */
export function frameWedges({ width: w, height: h, L, gx, gy }: Planes): Uint8Array {
  const empty = (i: number) => L[i]! < WEDGE_L && Math.abs(gx[i]!) + Math.abs(gy[i]!) < WEDGE_FLAT;
  const mask = new Uint8Array(w * h);
  const stack: number[] = [];
  const visit = (i: number) => {
    if (!mask[i] && empty(i)) {
      mask[i] = 1;
      stack.push(i);
    }
  };
  for (let x = 0; x < w; x++) [visit(x), visit((h - 1) * w + x)];
  for (let y = 0; y < h; y++) [visit(y * w), visit(y * w + w - 1)];
  // The Sobel gradient is 0 on the outermost ring, so a wedge is also seeded one pixel in.
  for (let x = 1; x < w - 1; x++) [visit(w + x), visit((h - 2) * w + x)];
  for (let y = 1; y < h - 1; y++) [visit(y * w + 1), visit(y * w + w - 2)];
  while (stack.length > 0) {
    const i = stack.pop()!;
    const [x, y] = [i % w, Math.floor(i / w)];
    if (x > 0) visit(i - 1);
    if (x < w - 1) visit(i + 1);
    if (y > 0) visit(i - w);
    if (y < h - 1) visit(i + w);
  }
  // Wedges of a few pixels are dark corners, not a turned frame's: only a wedge of some size counts.
  let count = 0;
  for (let i = 0; i < mask.length; i++) count += mask[i]!;
  if (count < (w * h) / 500) return new Uint8Array(w * h);
  const turn = turnOfFrame(mask, w, h);
  if (turn === null) return new Uint8Array(w * h);
  keepOutsideContent(mask, w, h, (i) => L[i]! >= WEDGE_L);
  // Only what lies outside the turned frame can be a wedge: a dark part of the scene inside it (a sea
  // or a field at night) that joined a wedge in the flood fill, or that touches the border of a frame
  // that was never turned, is not one.
  for (let i = 0; i < mask.length; i++)
    if (mask[i] && outsideTurned(turn, w, h, i % w, Math.floor(i / w)) < -TURN_FIT_PX) mask[i] = 0;
  const grown = new Uint8Array(mask);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!mask[y * w + x]) continue;
      for (let dy = -WEDGE_MARGIN; dy <= WEDGE_MARGIN; dy++)
        for (let dx = -WEDGE_MARGIN; dx <= WEDGE_MARGIN; dx++) {
          const [xx, yy] = [x + dx, y + dy];
          if (xx >= 0 && xx < w && yy >= 0 && yy < h) grown[yy * w + xx] = 1;
        }
    }
  }
  return grown;
}

/** The largest turn, degrees, looked for: the horizon search's own reach. */
const MAX_TURN_DEG = 15;
/** Steps of the turn tried, degrees. */
const TURN_STEP_DEG = 0.25;
/** A turn smaller than this leaves wedges too thin to matter. */
const MIN_TURN_DEG = 0.5;
/** Pixels: how far outside the turned frame a pixel must be to test a turn, and inside it to leave the mask. */
const TURN_FIT_PX = 2;
/** The share of the pixels well outside a turned frame that must be empty for the turn to fit. */
const TURN_EMPTY = 0.95;

/**
 * How far (px) the pixel (x, y) lies outside the frame turned by `turn` about its centre (the
 * photo turned in an editor and cut back to its own size); negative inside.
 */
function outsideTurned(turn: Turn, w: number, h: number, x: number, y: number): number {
  const [u, v] = [x - (w - 1) / 2, y - (h - 1) / 2];
  const along = u * turn.cos + v * turn.sin;
  const across = -u * turn.sin + v * turn.cos;
  return Math.max(Math.abs(along) - w / 2, Math.abs(across) - h / 2);
}

interface Turn {
  deg: number;
  cos: number;
  sin: number;
}
const turnOf = (deg: number): Turn => ({
  deg,
  cos: Math.cos((deg * Math.PI) / 180),
  sin: Math.sin((deg * Math.PI) / 180),
});

/**
 * The turn of a frame turned in an editor and cut back to its own size, read from its empty pixels
 * (`mask`): the largest turn, either way, whose corners outside the frame are all empty, or null when
 * none of at least MIN_TURN_DEG is. The wedges of a turned frame are four thin triangles whose long
 * sides run at the turn's angle, so a turn a little too large already takes in the scene, while a
 * dark part of the scene (a sea at night, a shadow along the bottom) fits no turn: it reaches the
 * middle of the border, where a turned frame leaves no wedge.
 */
function turnOfFrame(mask: Uint8Array, w: number, h: number): Turn | null {
  // A turn of t° leaves wedges within this many pixels of the border, along its outer parts.
  const reach = Math.ceil((w / 2) * Math.tan((MAX_TURN_DEG * Math.PI) / 180) + h * 0.05) + TURN_FIT_PX;
  // Every other pixel of every other row near the border: the wedges are tens of pixels across, and
  // this is tried for each turn.
  const us: number[] = [];
  const vs: number[] = [];
  const masked: number[] = [];
  for (let y = 0; y < h; y += 2)
    for (let x = 0; x < w; x += 2)
      if (y < reach || y >= h - reach || x < reach || x >= w - reach) {
        us.push(x - (w - 1) / 2);
        vs.push(y - (h - 1) / 2);
        masked.push(mask[y * w + x]!);
      }
  const [u, v, m] = [Float64Array.from(us), Float64Array.from(vs), Uint8Array.from(masked)];
  const [halfW, halfH] = [w / 2 + TURN_FIT_PX, h / 2 + TURN_FIT_PX];
  // outsideTurned, written out: this loop runs for every turn tried.
  const fits = ({ cos, sin }: Turn) => {
    let [outside, empty] = [0, 0];
    for (let k = 0; k < u.length; k++) {
      const along = u[k]! * cos + v[k]! * sin;
      const across = v[k]! * cos - u[k]! * sin;
      if (Math.abs(along) < halfW && Math.abs(across) < halfH) continue;
      outside++;
      empty += m[k]!;
    }
    // A turn so small that no pixel lies well outside it says nothing either way.
    return outside === 0 ? null : empty >= TURN_EMPTY * outside;
  };
  let best: Turn | null = null;
  for (const sign of [1, -1]) {
    for (let deg = TURN_STEP_DEG; deg <= MAX_TURN_DEG; deg += TURN_STEP_DEG) {
      const turn = turnOf(sign * deg);
      const fit = fits(turn);
      if (fit === false) break;
      if (fit && deg >= MIN_TURN_DEG && (best === null || deg > Math.abs(best.deg))) best = turn;
    }
  }
  return best;
}

/**
 * What is left of a turned frame once its wedges are cut away is a convex shape (the turned
 * rectangle within the frame), so a wedge never reaches inside the convex hull of the pixels that
 * are not wedge. A dark, flat part of the scene that touches a wedge (a field at night, a shadow)
 * joins it in the flood fill and dents that shape: this clears the mask inside the hull, row by row,
 * so that only the corners outside it stay wedge.
 */
function keepOutsideContent(mask: Uint8Array, w: number, h: number, lit: (i: number) => boolean) {
  // The hull of the content is that of its outline: the first and last content pixel of each row
  // and of each column (rows alone would misplace an edge that runs nearly level, columns one that
  // runs nearly upright). Only pixels that are not near-black count: JPEG noise leaves specks of
  // texture inside a wedge that the flood fill does not reach, and they are no content.
  const content = (i: number) => !mask[i] && lit(i);
  const points: [number, number][] = [];
  for (let y = 0; y < h; y++) {
    let x = 0;
    while (x < w && !content(y * w + x)) x++;
    if (x === w) continue;
    points.push([x, y]);
    let last = w - 1;
    while (!content(y * w + last)) last--;
    points.push([last, y]);
  }
  for (let x = 0; x < w; x++) {
    let y = 0;
    while (y < h && !content(y * w + x)) y++;
    if (y === h) continue;
    points.push([x, y]);
    let last = h - 1;
    while (!content(last * w + x)) last--;
    points.push([x, last]);
  }
  const hull = convexHull(points);
  if (hull.length < 3) return;
  for (let y = 0; y < h; y++) {
    // Where the row crosses the hull's edges: the content's run along it.
    let [from, to] = [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
    for (let k = 0; k < hull.length; k++) {
      const [p, q] = [hull[k]!, hull[(k + 1) % hull.length]!];
      if ((y < p[1] && y < q[1]) || (y > p[1] && y > q[1])) continue;
      const xs = p[1] === q[1] ? [p[0], q[0]] : [p[0] + ((q[0] - p[0]) * (y - p[1])) / (q[1] - p[1])];
      for (const x of xs) [from, to] = [Math.min(from, x), Math.max(to, x)];
    }
    for (let x = Math.max(0, Math.ceil(from)); x <= Math.min(w - 1, Math.floor(to)); x++) mask[y * w + x] = 0;
  }
}

/** The convex hull of the points, in order around it (Andrew's monotone chain). */
function convexHull(points: [number, number][]): [number, number][] {
  const sorted = [...points].sort((p, q) => p[0] - q[0] || p[1] - q[1]);
  const cross = (o: [number, number], p: [number, number], q: [number, number]) =>
    (p[0] - o[0]) * (q[1] - o[1]) - (p[1] - o[1]) * (q[0] - o[0]);
  const chain = (list: [number, number][]) => {
    const out: [number, number][] = [];
    for (const p of list) {
      while (out.length >= 2 && cross(out.at(-2)!, out.at(-1)!, p) <= 0) out.pop();
      out.push(p);
    }
    out.pop();
    return out;
  };
  return [...chain(sorted), ...chain([...sorted].reverse())];
}

/**
 * A boundary other than the strongest stands in for it only when it is clear (its median contrast
 * at least this, in Lab units) with a sky smoother than the frame above it: the sea line seen
 * through grass, not a faint cloud edge or a fold in a hillside.
 */
const CLEAR_CONTRAST = 10;

/**
 * Whether a line with these surroundings is a horizon to level; `strongest`: the frame's strongest
 * boundary; `extent`: the share of the width along which the colour edge follows the line.
 */
export function isHorizon(s: Surroundings, strongest: boolean, extent: number): boolean {
  if (s.wedge > WEDGE_SHARE) return false;
  if (!strongest && (s.contrast < CLEAR_CONTRAST || !(s.roughAbove < 1))) return false;
  if (s.textureBelow < FEATURELESS) return true;
  if (
    extent >= STRAIGHT_EXTENT &&
    s.halves <= STRAIGHT_HALVES &&
    s.steady >= STRAIGHT_STEADY &&
    s.contrast >= STRAIGHT_CONTRAST
  )
    return true;
  if (s.streak >= STREAKED && s.halves <= HALVES_PER_STREAK * s.streak) return true;
  if (s.hueGap > MIRROR_HUE || !(s.roughBelow < 1)) return false;
  if (s.roughAbove < 1 && s.steady >= MIRROR_STEADY && s.halves <= MIRROR_HALVES) return true;
  return s.roughAbove < CLEAR_SKY && s.steady >= CLEAR_STEADY && s.halves <= CLEAR_HALVES;
}

/** Mean |gx| + |gy| over the frame, outside the `wedges` of a turned frame. */
export function meanTexture({ gx, gy }: Planes, wedges: Uint8Array): number {
  let [total, n] = [0, 0];
  for (let i = 0; i < gx.length; i++) {
    if (wedges[i]) continue;
    total += Math.abs(gx[i]!) + Math.abs(gy[i]!);
    n++;
  }
  return total / Math.max(1, n);
}

/**
 * The measures of what lies around `line`, outside the `wedges` of a turned frame (frameWedges);
 * `frameTexture` is meanTexture(planes, wedges).
 */
export function surroundings(
  planes: Planes,
  line: Line,
  frameTexture: number,
  wedges: Uint8Array,
): Surroundings {
  const { width: w, height: h, a, b, gx, gy } = planes;
  const angle = (line.tilt * Math.PI) / 180;
  const [slope, cos, sin] = [Math.tan(angle), Math.cos(angle), Math.sin(angle)];
  const lineY = (x: number) => line.position * h + slope * (x - w / 2);
  const band = Math.max(4, Math.round(h * BAND));
  const contrastBand = Math.max(2, Math.round(h / 25));
  const above = { texture: 0, a: 0, b: 0, n: 0 };
  const below = { texture: 0, a: 0, b: 0, n: 0, across: 0, along: 0 };
  const contrasts: number[] = [];
  let [wedgeAbove, wedgeBelow] = [0, 0];
  for (let x = 0; x < w; x++) {
    const y0 = Math.round(lineY(x));
    for (let y = Math.max(0, y0 - GAP - band); y < Math.min(h, y0 - GAP); y++) {
      const i = y * w + x;
      if (wedges[i]) {
        wedgeAbove++;
        continue;
      }
      above.texture += Math.abs(gx[i]!) + Math.abs(gy[i]!);
      above.a += a[i]!;
      above.b += b[i]!;
      above.n++;
    }
    for (let y = Math.max(0, y0 + GAP); y < Math.min(h, y0 + GAP + band); y++) {
      const i = y * w + x;
      if (wedges[i]) {
        wedgeBelow++;
        continue;
      }
      below.texture += Math.abs(gx[i]!) + Math.abs(gy[i]!);
      below.along += Math.abs(gx[i]! * cos + gy[i]! * sin);
      below.across += Math.abs(gy[i]! * cos - gx[i]! * sin);
      below.a += a[i]!;
      below.b += b[i]!;
      below.n++;
    }
    const clear = (y: number) => !wedges[y * w + x];
    if (
      y0 - contrastBand >= 0 &&
      y0 + contrastBand < h &&
      clear(y0 - contrastBand) &&
      clear(y0 + contrastBand)
    )
      contrasts.push(colourEdge(planes, x, y0, contrastBand));
  }
  contrasts.sort((p, q) => p - q);
  const median = contrasts[Math.floor(contrasts.length / 2)] ?? 0;
  // An empty band (the line at the frame's edge) reads as rough and unstreaked: nothing vouches for it.
  const mean = (sum: number, n: number) => (n > 0 ? sum / n : Number.POSITIVE_INFINITY);
  return {
    textureBelow: mean(below.texture, below.n),
    roughAbove: mean(above.texture, above.n) / frameTexture,
    roughBelow: mean(below.texture, below.n) / frameTexture,
    streak: below.n > 0 ? below.across / Math.max(1e-6, below.along) : 0,
    halves: halvesDisagree(planes, lineY, wedges),
    hueGap: Math.hypot(
      mean(above.a, above.n) - mean(below.a, below.n),
      mean(above.b, above.n) - mean(below.b, below.n),
    ),
    steady: median > 0 ? (contrasts[Math.floor(contrasts.length * 0.2)] ?? 0) / median : 0,
    contrast: median,
    wedge: Math.max(
      wedgeAbove / Math.max(1, wedgeAbove + above.n),
      wedgeBelow / Math.max(1, wedgeBelow + below.n),
    ),
  };
}

/**
 * The angle in degrees between lines fitted to the colour edge (edgeHeights, strong columns only)
 * in the left and the right half of the line's run inside the frame (a tilted line near the top or
 * the bottom leaves the frame on one side); 180 when a half holds too few columns to fit.
 */
function halvesDisagree(planes: Planes, lineY: (x: number) => number, wedges: Uint8Array): number {
  const { width: w, height: h } = planes;
  const { xs, ys, strong } = edgeHeights(planes, lineY);
  const open = (x: number) => {
    const y = Math.round(lineY(x));
    return y >= 0 && y < h && !wedges[y * w + x];
  };
  const inside = xs.filter(open);
  const [first, last] = [inside[0] ?? 0, inside.at(-1) ?? w];
  const middle = (first + last + 1) / 2;
  const half = (from: number, to: number) => {
    const take = xs.map((x, i) => strong[i]! && x >= from && x < to && open(x));
    const fit = leastSquares(
      xs.filter((_, i) => take[i]),
      ys.filter((_, i) => take[i]),
      (from + to) / 2,
      2,
    );
    return fit && (Math.atan(fit.slope) * 180) / Math.PI;
  };
  const [left, right] = [half(first, middle), half(middle, last + 1)];
  return left === null || right === null ? 180 : Math.abs(left - right);
}
