// A water line under a far shore: a tree line, a town or a harbour across a lake or a river, with the
// water in front of it. The far shore is the strongest boundary's neighbour, not its sky: its top
// against the sky is a skyline (a tree line may slope, and is never levelled), while the line where
// the shore meets the water is level. What marks that line is the inverse of a ridge: above it lies
// the busy far shore (trees, buildings), below it water much smoother than the shore, of nearly the
// shore's hue (still water mirrors what stands on it), and the contrast across it holds steadily
// along a long, straight run. A ridge or a hillside has smooth sky above and busy ground below; a
// slope in fog or over snow, busy above and smooth below, does not hold its contrast so steadily.
//
// The thresholds are where the figures of the tuning half part (tests/fixtures/composition,
// split.json), read whole, mirrored and turned by ±2° to ±8°, on every line the horizon search
// judged: the far shores' water lines that only this rule accepts there (a forest across a lake, a
// harbour city at two of its turns) have the band above at 1.2 or more of the frame's mean texture,
// the band below at 0.52 or less of the band above, a hue gap of 4.9 at most, halves within 1.23°,
// a steady contrast of 0.71 or more (20th percentile over the median), a median contrast of 15 or
// more and a run along 0.67 or more of the width. The lines of the ridge, hill, forest and sky
// photos that come nearest are a river valley turned 2° and 4° (band above 1.04, below 0.65 of it,
// steadiness 0.62) and snowy peaks (steadiness 0.30 at most).
import { type Surroundings, WEDGE_SHARE } from './skyline.server';

/** The band above over the frame's mean texture, at least: a far shore is busier than the frame. */
const BUSY_ABOVE = 1.1;
/** The band below over the band above, at most: water is much smoother than the shore behind it. */
const SMOOTHER_BELOW = 0.6;
/** The hue distance (a*b*) between the bands above and below, at most. */
const HUE_GAP = 6;
/** Degrees the two halves of the line's colour edge may disagree by. */
const HALVES = 1.5;
/** The 20th percentile of the contrast across the line over its median, at least. */
const STEADY = 0.68;
/** The median contrast across the line (Lab distance), at least. */
const CONTRAST = 10;
/** The share of the width along which the colour edge follows the line, at least. */
const EXTENT = 0.6;

/** Whether a line with these surroundings, followed by its colour edge along `extent` of the width, is a far shore's water line. */
export function isFarShoreWaterLine(s: Surroundings, extent: number): boolean {
  return (
    s.wedge <= WEDGE_SHARE &&
    s.roughAbove >= BUSY_ABOVE &&
    s.roughBelow <= SMOOTHER_BELOW * s.roughAbove &&
    s.hueGap <= HUE_GAP &&
    s.halves <= HALVES &&
    s.steady >= STEADY &&
    s.contrast >= CONTRAST &&
    extent >= EXTENT
  );
}
