// The straightest long edges of a frame: the lines along which a colour edge runs for the largest
// share of the width (the few best at distinct heights: a far shore's top against the sky may run
// as straight as the water line under it). The colour-step search of horizon.server.ts ranks lines
// by how strongly they part two regions, with a smooth band above; a sea line under a grey sky of
// nearly its own colour, or a water line under a city or a far shore (busy above, rippled below),
// is seldom among its strongest, and its best line at the water line's height is often a
// building's edge at another tilt. What marks such a line is that it is straight: the colour edge peaks on it in nearly every
// column, whatever the contrast, while a ridge, a dune crest or a cloud edge bends away from any
// straight line within part of the width. Written by hand: no library at hand finds the straightest
// run of an edge (a Hough transform would, but it counts edge pixels, not the columns a line holds).
//
// The line is searched on the small copy (small-copy.server.ts): in each column, the rows where the
// colour edge (the Lab distance between the two rows above and the two rows below) is at least
// EDGE_MIN and the largest within two rows are its peaks, and each line within the search's tilts is
// scored by the share of the columns it crosses inside the frame (outside the empty wedges of a
// turned frame) that hold a peak within a row of it.
//
// Such a line is a horizon when what lies around it says so too (isStraightHorizon): the colour edge
// runs along it in nearly every column, its two halves agree, a clear contrast holds steadily along
// it, the band below carries texture (ripples, waves, reflections: water is never as smooth as haze
// or fog) and has nearly the hue of the band above (water mirrors the sky). The thresholds are where
// the figures of the tuning half part (tests/fixtures/composition, split.json), its ridge, hill,
// dune and forest photos read whole, mirrored and turned by ±2° to ±8° (turned, a slope takes every
// tilt a sea line is measured at): the sea and water lines that only this search finds there run
// along a peak in 0.89 or more of the columns, with halves within 0.75°, a steady contrast of
// 0.70 or more (20th percentile over the median) and a hue gap of 9.5 at most (two turns of a city
// waterfront whose halves are 1.2° and 1.3° apart are missed); every straight slope there is turned down by one of these: a
// hillside in fog (hue gap 14 or more), a snowy hillside and a dune crest (steadiness 0.55 and 0.60),
// a grassy hillside turned 4° (halves 1.2° apart), snow fields and haze (contrast under 4), a cloud
// bank over haze (texture below under half the frame's).
import { type Surroundings, WEDGE_SHARE } from './skyline.server';
import type { Small } from './small-copy.server';

/** The colour edge (Lab distance) from which a column's peak counts. */
const EDGE_MIN = 2;
/** Rows either side of a row that its edge compares, and within which its peak is the largest. */
const ROWS = 2;
/**
 * A line crossing fewer columns than this share of the width is still scored over this share: a
 * short line (across a corner) cannot score high by running along a short edge.
 */
const OPEN_MIN = 0.6;

/** Share of the columns along which the straightest edge must run to be a horizon. */
const FOLLOW = 0.88;
/** Degrees the two halves of the line's colour edge may disagree by. */
const HALVES = 1;
/** The 20th percentile of the contrast across the line over its median, at least. */
const STEADY = 0.7;
/** The hue distance (a*b*) between the bands above and below, at most. */
const HUE_GAP = 10;
/** The median contrast across the line (Lab distance) it must reach. */
const CONTRAST = 5;
/** Texture of the band below, over the frame's mean texture, it must reach: water is never as smooth as haze. */
const ROUGH_BELOW = 0.5;

export interface StraightEdge {
  /** Degrees, positive when the line falls towards the right. */
  deg: number;
  /** Height of the line at the centre, rows of the small copy. */
  c: number;
  /** Share of the columns (see OPEN_MIN) where a peak of the colour edge lies within a row of it. */
  follow: number;
}

/** Per pixel of the small copy, 1 where the colour edge peaks down its column (see the file's opening comment). */
function edgePeaks({ w, h, sums }: Small): Uint8Array {
  const edge = new Float64Array(w * h);
  for (let y = ROWS; y + 1 + ROWS <= h; y++)
    for (let x = 0; x < w; x++) {
      let d2 = 0;
      for (const s of sums) {
        const above = s[y * w + x]! - s[(y - ROWS) * w + x]!;
        const below = s[(y + 1 + ROWS) * w + x]! - s[(y + 1) * w + x]!;
        d2 += ((above - below) / ROWS) ** 2;
      }
      edge[y * w + x] = Math.sqrt(d2);
    }
  const peaks = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const v = edge[y * w + x]!;
      if (v < EDGE_MIN) continue;
      let top = true;
      for (let yy = Math.max(0, y - ROWS); yy <= Math.min(h - 1, y + ROWS) && top; yy++)
        if (edge[yy * w + x]! > v) top = false;
      peaks[y * w + x] = top ? 1 : 0;
    }
  return peaks;
}

/**
 * The lines within ±maxDeg of level (tried every stepDeg, through every row at least `margin` rows
 * from the top and the bottom) along which the colour edge runs for the largest share of the
 * columns, best first: the best line through each row (of lines that score the same, the one nearer
 * level), kept when no better one crosses the centre within `2 · margin` rows of it; `count` at most.
 */
export function straightestEdges(
  small: Small,
  { maxDeg, stepDeg, margin }: { maxDeg: number; stepDeg: number; margin: number },
  count: number,
): StraightEdge[] {
  const { w, h, wedge } = small;
  const peaks = edgePeaks(small);
  const peakNear = (x: number, y: number) =>
    peaks[y * w + x]! + peaks[(y - 1) * w + x]! + peaks[(y + 1) * w + x]! > 0;
  // The wedge pixels within ROWS + 1 rows of (x, y), from the wedge's running sums.
  const nearWedge = (x: number, y: number) =>
    wedge !== null && wedge[Math.min(h, y + ROWS + 1) * w + x]! - wedge[Math.max(0, y - ROWS) * w + x]! > 0;
  const byRow: StraightEdge[] = [];
  const tilts = [0];
  for (let d = stepDeg; d <= maxDeg + 1e-9; d += stepDeg) tilts.push(-d, d);
  for (const deg of tilts) {
    const slope = Math.tan((deg * Math.PI) / 180);
    for (let c = Math.max(1, margin); c < h - Math.max(1, margin); c++) {
      let [held, open] = [0, 0];
      for (let x = 0; x < w; x++) {
        const y = Math.round(c + slope * (x - w / 2));
        if (y < 1 || y >= h - 1 || nearWedge(x, y)) continue;
        open++;
        if (peakNear(x, y)) held++;
      }
      const follow = held / Math.max(open, w * OPEN_MIN);
      if (!byRow[c] || follow > byRow[c]!.follow) byRow[c] = { deg, c, follow };
    }
  }
  // Rows ranked best first; of rows that score the same, the one whose line is nearer level (as
  // tried: level, then each step down and up in turn), then the upper one.
  const order = (e: StraightEdge) => tilts.indexOf(e.deg);
  const ranked = byRow
    .filter((e) => e !== undefined)
    .sort((p, q) => q.follow - p.follow || order(p) - order(q) || p.c - q.c);
  const kept: StraightEdge[] = [];
  for (const e of ranked) {
    if (kept.length === count) break;
    if (kept.every((k) => Math.abs(k.c - e.c) > 2 * margin)) kept.push(e);
  }
  return kept;
}

/** Whether the straightest edge, with these surroundings, is a horizon (see the file's opening comment). */
export function isStraightHorizon(s: Surroundings, follow: number): boolean {
  return (
    s.wedge <= WEDGE_SHARE &&
    follow >= FOLLOW &&
    s.halves <= HALVES &&
    s.contrast >= CONTRAST &&
    s.steady >= STEADY &&
    s.hueGap <= HUE_GAP &&
    s.roughBelow >= ROUGH_BELOW
  );
}
