// Which finger moves the viewer takes for a swipe.
import { describe, expect, it } from 'vitest';
import { SWIPE_MIN_PX, swipeStep } from '~/lib/viewer/swipe';

describe('swipeStep', () => {
  it('a swipe to the left asks for the next photo, one to the right for the previous', () => {
    expect(swipeStep(-120, 10)).toBe(1);
    expect(swipeStep(120, -10)).toBe(-1);
    expect(swipeStep(-SWIPE_MIN_PX, 0)).toBe(1);
  });

  it('a tap-sized move is no swipe', () => {
    expect(swipeStep(-(SWIPE_MIN_PX - 1), 0)).toBe(0);
    expect(swipeStep(5, 2)).toBe(0);
  });

  it('a move more up and down than sideways is a scroll, not a swipe', () => {
    expect(swipeStep(-80, 200)).toBe(0);
    expect(swipeStep(100, 60)).toBe(0);
    expect(swipeStep(130, 60)).toBe(-1);
  });
});
