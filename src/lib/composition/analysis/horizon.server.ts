// Horizon level and tilt: the strongest sky/land (or sea) boundary. On a small copy (about 128 px
// wide), every straight line within ±15° of level is scored by how much the colour changes across it,
// column by column (CIE Lab distance between the mean colours of a thin band above and below it),
// averaged over the width; the best line is then refined on the working copy to a fraction of a pixel
// by fitting a line (least squares, outliers dropped) to the colour edge's peak in each column. Thin
// lines (plank gaps, wires) hardly change the colour on either side, so they score low. A boundary
// that is too weak, or that holds for less than a third of the width, is not called a horizon.
// The strongest boundary is not always the horizon: a mountain ridge or a hillside is as strong and
// as straight as a sea line. So the few strongest distinct boundaries are judged in turn by what lies
// around them (skyline.server.ts), and the first that shows a horizon to level is the horizon; when
// none does, the strongest is a skyline, which has no tilt to correct, unless the frame holds a far
// shore mirrored in still water, whose water line the reflection marks (mirror.server.ts), or a line
// that a colour edge runs along nearly all the way across, with water below it (straight-edge.server.ts),
// or a far shore's water line, with the busy shore above it and smoother water below (far-shore.server.ts).
// A photo turned in an editor without cropping has empty wedges in its corners (frameWedges in
// skyline.server.ts): columns whose bands reach into one are left out of the search, so that the
// wedges' straight edges (and a level line through the corners they darken) do not take the places
// of the strongest boundaries, nor the strongest's stricter judging, from the horizon itself.
// A dark frame (a sea at night) is searched and judged brought up to a common brightness
// (tonal-range.server.ts): its colour steps would otherwise fall under the fixed thresholds.

import type { HorizonChoice } from '~/lib/composition/schemas';
import { edgeHeights, leastSquares } from './edge.server';
import { clampScore, type Element } from './element.server';
import { isFarShoreWaterLine } from './far-shore.server';
import { waterLine } from './mirror.server';
import type { Planes } from './pixels.server';
import {
  frameWedges,
  isHorizon,
  type Line,
  meanTexture,
  type Surroundings,
  surroundings,
} from './skyline.server';
import { type Small, searchFactor, smallCopy } from './small-copy.server';
import { isStraightHorizon, straightestEdges } from './straight-edge.server';
import { brightened, brighteningGain } from './tonal-range.server';

const MAX_TILT_DEG = 15;
const STEP_DEG = 0.5;
/** A boundary weaker than this (mean Lab distance across it) is no horizon. */
const MIN_STEP = 4;

export interface HorizonLine extends Line {
  /** Share of the columns where the fitted line follows a colour edge. */
  extent: number;
  /**
   * True when the line is a skyline that slopes as part of the scene (a ridge, a hillside, a tree
   * line, a cloud edge) rather than a horizon: there is nothing to level.
   */
  skyline: boolean;
}

/** A line within this many degrees of level is level. */
export const LEVEL_DEG = 0.5;

/**
 * How strongly the line y = c + slope·(x − w/2) parts two regions: the mean over all w columns
 * (outside ones count 0) of the Lab distance between the thin bands above and below it, halved in
 * a column where the band above is the darker one (sky is nearly always lighter than what lies
 * under it), and the share of the columns where that distance reaches MIN_STEP.
 */
function stepAcross(
  { w, h, sums, texture, meanTexture, wedge }: Small,
  c: number,
  slope: number,
  band: number,
) {
  let [total, over, rough] = [0, 0, 0];
  for (let x = 0; x < w; x++) {
    const y = Math.round(c + slope * (x - w / 2));
    if (y - band < 0 || y + 1 + band > h) continue;
    // A column whose bands reach into an empty wedge of a turned frame counts as outside: the
    // wedge's edge is as strong and straight as any horizon, and runs at the turn's own angle.
    if (wedge && wedge[(y + 1 + band) * w + x]! - wedge[(y - band) * w + x]! > 0) continue;
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

/**
 * The horizon: the strongest boundary when what lies around it shows a horizon to level (see
 * skyline.server.ts), else the next strongest that does. When none does, the strongest boundary is
 * a skyline: reported as such when it slopes, and as a level line when it runs level (a level
 * skyline needs no telling apart from a horizon).
 */
export function findHorizon(frame: Planes): HorizonLine | null {
  const wedges = frameWedges(frame);
  const planes = brightened(frame, brighteningGain(frame, wedges));
  const texture = meanTexture(planes, wedges);
  // Both line searches read the same small copy. A frame with no wedges (most photos) skips their
  // sums and the test in every column.
  const turned = wedges.includes(1) ? wedges : null;
  const small = smallCopy(planes, searchFactor(planes), turned);
  let strongest: Candidate | undefined;
  const judged: Judged[] = [];
  for (const line of horizonCandidates(planes, small, turned)) {
    strongest ??= line;
    const around = surroundings(planes, line, texture, wedges);
    if (isHorizon(around, line === strongest, line.extent)) return { ...line, skyline: false };
    judged.push({ line, around });
  }
  // A far shore mirrored in still water: the water line parts two regions of nearly the same colour,
  // so it is seldom among the strongest boundaries, but the mirror about it marks it.
  const water = waterLine(planes, MAX_TILT_DEG, turned);
  if (water) return { ...water, skyline: false };
  // A line the colour edge runs along nearly all the way across: a sea line under a sky of nearly
  // its own colour, a water line under a city or a far shore (straight-edge.server.ts).
  const straight = straightEdgeLines(planes, small, wedges, texture);
  const clear = straight.find(({ around, follow }) => isStraightHorizon(around, follow));
  if (clear) return { ...clear.line, skyline: false };
  judged.push(...straight);
  // The water line under a busy far shore, whose top against the sky is the strongest boundary
  // (far-shore.server.ts): the strongest lines first, then the straightest.
  const shore = judged.find(({ line, around }) => isFarShoreWaterLine(around, line.extent));
  if (shore) return { ...shore.line, skyline: false };
  if (!strongest) return null;
  return { ...strongest, skyline: Math.abs(strongest.tilt) > LEVEL_DEG };
}

/** How many of the strongest distinct boundaries are judged, at most. */
const CANDIDATES = 4;

type Candidate = Omit<HorizonLine, 'skyline'>;

/**
 * The strongest boundaries of the frame, strongest first, each refined to a line when it is asked
 * for: the best line through each height of the small copy, kept when no stronger one crosses the
 * centre within two bands of it. None when the strongest is too weak or too short to be a horizon.
 */
function* horizonCandidates(
  planes: Planes,
  small: Small & { f: number },
  wedges: Uint8Array | null,
): Generator<Candidate> {
  const band = searchBand(small);
  const byRow: { step: number; support: number; score: number; deg: number; c: number }[] = [];
  for (let deg = -MAX_TILT_DEG; deg <= MAX_TILT_DEG; deg += STEP_DEG) {
    const slope = Math.tan((deg * Math.PI) / 180);
    for (let c = band; c < small.h - band; c++) {
      const { step, support, score } = stepAcross(small, c, slope, band);
      const best = byRow[c];
      // Ties go to the smaller tilt: a level line is not reported as tilted by a rounding.
      if (!best || score > best.score || (score === best.score && Math.abs(deg) < Math.abs(best.deg))) {
        byRow[c] = { step, support, score, deg, c };
      }
    }
  }
  const ranked = byRow.filter((r) => r !== undefined).sort((p, q) => q.score - p.score);
  const kept: typeof ranked = [];
  for (const r of ranked) {
    if (kept.length === CANDIDATES) break;
    if (kept.every((k) => Math.abs(k.c - r.c) > 2 * band)) kept.push(r);
  }
  const strong = (r: (typeof ranked)[number]) => r.step >= MIN_STEP && r.support >= 1 / 2;
  if (!kept[0] || !strong(kept[0])) return;
  const full = smallCopy(planes, 1, wedges);
  for (const best of kept.filter(strong)) yield refineCandidate(planes, small, full, band, best);
}

/** A line found by a search, with what lies around it. */
interface Judged {
  line: Candidate;
  around: Surroundings;
}

/** How many of the straightest distinct long edges are judged, at most. */
const STRAIGHT_LINES = 3;

/**
 * The straightest long edges of the frame (straight-edge.server.ts), best first, each fitted to its
 * colour edge, with what lies around it and the share of the columns its edge follows.
 */
function straightEdgeLines(
  planes: Planes,
  small: Small & { f: number },
  wedges: Uint8Array,
  texture: number,
): (Judged & { follow: number })[] {
  const edges = straightestEdges(
    small,
    { maxDeg: MAX_TILT_DEG, stepDeg: STEP_DEG, margin: searchBand(small) },
    STRAIGHT_LINES,
  );
  return edges.map((edge) => {
    const slope = Math.tan((edge.deg * Math.PI) / 180);
    const centreY = edge.c * small.f + (small.f - 1) / 2 + 0.5;
    const candidate = fittedCandidate(planes, centreY, slope, edge.follow);
    return { line: candidate, around: surroundings(planes, candidate, texture, wedges), follow: edge.follow };
  });
}

/** The height of the bands compared across a line on the small copy: a 25th of its height, 2 rows at least. */
const searchBand = (small: Small) => Math.max(2, Math.round(small.h / 25));

function refineCandidate(
  planes: Planes,
  small: Small & { f: number },
  full: Small,
  band: number,
  best: { deg: number; c: number; support: number },
): Candidate {
  // The same search on the working copy, near the coarse line, in steps of 0.05° and half a pixel.
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
  return fittedCandidate(planes, fine.c + 0.5, Math.tan((fine.deg * Math.PI) / 180), best.support);
}

/**
 * The line y = centreY + slope·(x − w/2) fitted to its colour edge when the fit holds along a third of
 * the width or more; else (a soft boundary: haze, a blurred sea line) the line as found, with the
 * share of the width the search saw it hold.
 */
function fittedCandidate(planes: Planes, centreY: number, slope: number, foundExtent: number): Candidate {
  const fit = refine(planes, centreY, slope);
  const line = fit && fit.extent >= 1 / 3 ? fit : { slope, centreY, extent: foundExtent };
  return {
    tilt: (Math.atan(line.slope) * 180) / Math.PI,
    position: line.centreY / planes.height,
    extent: line.extent,
  };
}

/**
 * A least-squares line through the colour edge's heights near the line y = centreY + slope·(x − w/2)
 * (edgeHeights), fitted twice: the second time without the columns more than two pixels off the first fit.
 */
function refine(planes: Planes, centreY: number, slope: number) {
  const w = planes.width;
  const { xs, ys, strong } = edgeHeights(planes, (x) => centreY + slope * (x - w / 2));
  const fitThrough = (keep: boolean[]) =>
    leastSquares(
      xs.filter((_, i) => keep[i]),
      ys.filter((_, i) => keep[i]),
      w / 2,
      w / 4,
    );
  const first = fitThrough(strong);
  if (!first) return null;
  const keep = xs.map(
    (x, i) => strong[i]! && Math.abs(ys[i]! - (first.centreY + first.slope * (x - w / 2))) <= 2,
  );
  return { ...(fitThrough(keep) ?? first), extent: keep.filter(Boolean).length / w };
}

/** The horizon as a line across the frame, ends at the left and right edges, as fractions. */
export function horizonEndpoints(line: HorizonLine, width: number, height: number) {
  const drop = (Math.tan((line.tilt * Math.PI) / 180) * width) / 2 / height;
  return { x1: 0, y1: line.position - drop, x2: 1, y2: line.position + drop, tilt: line.tilt };
}

/**
 * The line to judge once the owner has had their say on the line found: "this is the horizon" makes
 * it one, tilt and all, even where the analyser took it for a skyline; "this is not the horizon"
 * leaves nothing to level. With no word from the owner, the analyser's own call stands.
 */
export function ownersLine(line: HorizonLine | null, choice: HorizonChoice | undefined): HorizonLine | null {
  if (!line || !choice) return line;
  return choice === 'horizon' ? { ...line, skyline: false } : null;
}

const LEVEL_TIP =
  'Turn on the grid or the electronic level in the viewfinder and line the horizon up before you press the shutter.';

/** What the horizon measure says when there is no horizon to level: none found, or a sloping skyline. */
function nothingToLevel(line: HorizonLine | null, ownerSaysNot = false): Element {
  const skyline =
    line && `${Math.abs(line.tilt).toFixed(1)}° ${line.tilt > 0 ? 'down to the right' : 'down to the left'}`;
  return {
    name: 'Horizon',
    score: 7,
    weight: 0.5,
    feedback: ownerSaysNot
      ? 'You marked the line found across the frame as not the horizon, so there is no tilt to judge.'
      : skyline
        ? `The strongest line across the frame is a skyline (a ridge, a hillside or a tree line) that slopes about ${skyline}, not a horizon, so there is nothing to level.`
        : 'No long, straight horizon line was found, so there is no tilt to judge.',
    advice: skyline
      ? 'A sloping ridge is part of the scene and needs no straightening; if a sea or lake horizon is also in the frame, check that it runs level.'
      : 'If there is a horizon in the frame, check that it runs level.',
    tips: [
      LEVEL_TIP,
      'Level the camera by its grid or electronic level, not by a sloping ridge or hillside: the land may slope, the frame should not.',
    ],
  };
}

/** The horizon measure; `ownerSaysNot`: the owner said the line found is not the horizon. */
export function horizonElement(line: HorizonLine | null, ownerSaysNot = false): Element {
  if (!line || line.skyline) return nothingToLevel(line, ownerSaysNot);
  const tips = [
    LEVEL_TIP,
    'When a horizon is tilted, straighten it in editing by the angle given here and crop in slightly.',
  ];
  const tilt = Math.abs(line.tilt);
  const centred = Math.abs(line.position - 0.5) < 0.06;
  const where = `${Math.round(line.position * 100)}% of the way down`;
  const side = line.tilt > 0 ? 'down to the right' : 'down to the left';
  const level = tilt <= LEVEL_DEG;
  const feedback = level
    ? `The horizon is level (within half a degree) and sits ${where} the frame.`
    : `The horizon tilts ${side} by about ${tilt.toFixed(1)}° and sits ${where} the frame.`;
  const advice = level
    ? 'The horizon is level; try placing it on a third so the sky or the land clearly leads.'
    : `Rotate the photo ${tilt.toFixed(1)}° to level the horizon${centred ? ', and move it off the centre line' : ''}.`;
  return {
    name: 'Horizon',
    score: clampScore(10 - Math.max(0, tilt - LEVEL_DEG) * 2.5 - (centred ? 1 : 0)),
    weight: 1.5,
    feedback: centred ? `${feedback} A horizon through the middle splits the picture in two.` : feedback,
    advice,
    tips,
  };
}
