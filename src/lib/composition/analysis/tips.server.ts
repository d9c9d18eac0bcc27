// GET /api/composition-tips?type=…: general composition tips for the owner's two kinds of work.
import type { CompositionTipType } from '~/lib/site/constants';

export const COMPOSITION_TIPS: Record<CompositionTipType, string[]> = {
  landscape: [
    'Put the horizon on a third: the lower third for a dramatic sky, the upper third for a strong foreground.',
    'Give the picture a foreground: a rock, heather or a stream edge leads the eye into the scene.',
    'Use lines such as walls, rivers and paths to lead towards the main subject, not out of the frame.',
    'Shoot in the hour after sunrise and before sunset, when low light models the hills.',
    'Keep the horizon level with the in-camera level or a grid; straighten any tilt in editing.',
    'Simplify: if something does not add to the picture, move until it is out of the frame.',
  ],
  aerial: [
    'Look for patterns, textures and shapes that only show from above: field edges, shorelines, forest tracks.',
    'Shoot straight down (90°) for graphic abstracts, and at 30-45° to keep a horizon and a sense of depth.',
    'Low sun casts long shadows that give flat ground its shape; midday light flattens it.',
    'Place a single subject, such as a boat, a tree or a walker, on a thirds point to give the pattern a scale.',
    'Keep the horizon level: check the gimbal calibration before each flight.',
    'Fly a little lower than feels natural: most aerial shots improve when the subject fills more of the frame.',
  ],
};
