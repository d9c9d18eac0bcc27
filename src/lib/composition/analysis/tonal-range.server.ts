// A dark frame (a sea at night, a photo under-exposed by a stop or more) holds the same lines as a
// bright one, but every colour step across them is smaller, in Lab as in luma: a sea line that
// parts two regions clearly by day falls under the horizon search's fixed thresholds at night. So
// the lines are looked for on the frame brought up to a common brightness: the lightness of its
// brightest parts (a high percentile of L*, outside the empty wedges of a turned frame) raised to
// BRIGHT_L, with L*, a*, b* and the luma gradients scaled alike, so that a step across a line keeps
// its share of the frame's own range. A frame already that bright is left as it is, and the gain
// has a ceiling, so that JPEG noise in a near-black frame is not raised to the size of a sea line.
import type { Planes } from './pixels.server';

/** The share of the frame's pixels (outside wedges) darker than its "brightest parts". */
const BRIGHT_SHARE = 0.98;
/** L* the brightest parts are brought up to. */
const BRIGHT_L = 60;
/** The largest gain applied. */
const MAX_GAIN = 3;

/** The gain that brings the frame's brightest parts up to BRIGHT_L, 1 when they are already there. */
export function brighteningGain({ L }: Planes, wedges: Uint8Array): number {
  const counts = new Uint32Array(101);
  let n = 0;
  for (let i = 0; i < L.length; i++) {
    if (wedges[i]) continue;
    counts[Math.max(0, Math.min(100, Math.round(L[i]!)))]!++;
    n++;
  }
  let [seen, level] = [0, 100];
  for (let v = 0; v <= 100; v++) {
    seen += counts[v]!;
    if (seen >= BRIGHT_SHARE * n) {
      level = v;
      break;
    }
  }
  return Math.min(MAX_GAIN, Math.max(1, BRIGHT_L / Math.max(1, level)));
}

/**
 * The planes with L*, a*, b* and the luma gradients times `gain` (the planes themselves for 1); luma
 * itself, which the horizon search does not read, is left as it is.
 */
export function brightened(planes: Planes, gain: number): Planes {
  if (gain === 1) return planes;
  const n = planes.L.length;
  const [L, a, b, gx, gy] = [0, 0, 0, 0, 0].map(() => new Float32Array(n)) as Float32Array[];
  for (let i = 0; i < n; i++) {
    L![i] = planes.L[i]! * gain;
    a![i] = planes.a[i]! * gain;
    b![i] = planes.b[i]! * gain;
    gx![i] = planes.gx[i]! * gain;
    gy![i] = planes.gy[i]! * gain;
  }
  return { ...planes, L: L!, a: a!, b: b!, gx: gx!, gy: gy! };
}
