// A horizontal swipe with one finger, from pointer events: a few lines rather than a gesture
// library, because the rule is short (far enough, mostly sideways, one finger, page not zoomed) and
// the zoom viewer beside it already reads pointers the same way. The element that takes the
// handlers sets `touch-action: pan-y pinch-zoom`, so the browser still scrolls and zooms: a move it
// takes for itself ends in pointercancel and is no swipe.
import { useRef } from 'react';

/** The shortest swipe, CSS px: a tap or a finger's wobble is shorter. */
export const SWIPE_MIN_PX = 50;

/**
 * The photo step a finger's move asks for: 1 (next) for a swipe to the left, -1 for one to the
 * right, 0 for a move too short or more up and down than sideways.
 */
export function swipeStep(dx: number, dy: number): -1 | 0 | 1 {
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < 2 * Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}

/** Pointer handlers that call `onStep` once a touch or pen swipe ends; mouse drags are no swipe. */
export function useSwipe(onStep: (step: -1 | 1) => void) {
  const start = useRef<{ id: number; x: number; y: number } | null>(null);
  const fingers = useRef(0);
  const onPointerDown = (e: React.PointerEvent) => {
    if (e.pointerType === 'mouse') return;
    fingers.current++;
    // A second finger makes it a pinch, never a swipe.
    start.current = fingers.current === 1 ? { id: e.pointerId, x: e.clientX, y: e.clientY } : null;
  };
  const onPointerUp = (e: React.PointerEvent) => {
    if (e.pointerType === 'mouse') return;
    fingers.current = Math.max(0, fingers.current - 1);
    const from = start.current;
    if (!from || from.id !== e.pointerId) return;
    start.current = null;
    // While the page is pinch-zoomed a sideways move looks around the photo.
    if ((window.visualViewport?.scale ?? 1) > 1.01) return;
    const step = swipeStep(e.clientX - from.x, e.clientY - from.y);
    if (step !== 0) onStep(step);
  };
  const onPointerCancel = (e: React.PointerEvent) => {
    if (e.pointerType === 'mouse') return;
    fingers.current = Math.max(0, fingers.current - 1);
    start.current = null;
  };
  return { onPointerDown, onPointerUp, onPointerCancel };
}
