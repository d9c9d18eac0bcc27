// The zoom viewer's arithmetic (0.5 to 5 in steps of 0.2, fit = 90% of the container).
// Scale 1 is the image contained in the viewer; fit is ZOOM.fitFactor of that.
import { ZOOM } from '~/lib/site/constants';

export interface ZoomState {
  scale: number;
  /** Offset of the image's centre from the container's centre, in CSS pixels. */
  x: number;
  y: number;
}

export const RESET: ZoomState = { scale: 1, x: 0, y: 0 };
export const FIT: ZoomState = { scale: ZOOM.fitFactor, x: 0, y: 0 };

/** Two decimals, so that 0.2 steps read 1.2, not 1.2000000000000002. */
const tidy = (n: number) => Math.round(n * 100) / 100;

export function clampScale(scale: number): number {
  return tidy(Math.min(ZOOM.max, Math.max(ZOOM.min, scale)));
}

/**
 * Scales to `next` keeping the point `at` (relative to the container's centre) still under the
 * pointer; without `at`, around the centre of the view.
 */
export function zoomTo(
  state: ZoomState,
  next: number,
  at: { x: number; y: number } = { x: 0, y: 0 },
): ZoomState {
  const scale = clampScale(next);
  if (scale === state.scale) return state;
  const k = scale / state.scale;
  return { scale, x: tidy(at.x - k * (at.x - state.x)), y: tidy(at.y - k * (at.y - state.y)) };
}

/** One step in (+1) or out (-1). */
export function zoomStep(state: ZoomState, direction: 1 | -1, at?: { x: number; y: number }): ZoomState {
  return zoomTo(state, state.scale + direction * ZOOM.step, at);
}

/** The size of an image of natural size w×h contained in a box of bw×bh (scale 1). */
export function containSize(w: number, h: number, bw: number, bh: number): { width: number; height: number } {
  if (w <= 0 || h <= 0 || bw <= 0 || bh <= 0) return { width: 0, height: 0 };
  const k = Math.min(bw / w, bh / h);
  return { width: Math.round(w * k), height: Math.round(h * k) };
}

/** Index of the next or previous photo, wrapping at both ends. */
export function wrapIndex(index: number, delta: number, length: number): number {
  if (length <= 0) return 0;
  return (((index + delta) % length) + length) % length;
}

export function zoomPercent(scale: number): string {
  return `${Math.round(scale * 100)}%`;
}
