// The local analyser, the default: runs on the box with sharp, so no photo leaves
// it and it works offline. Deterministic: the same image always gives the same analysis.
// Element scores are integers 0-10; overallScore is their weighted mean, less a quarter point for
// each weak element, rounded to one decimal.
import type { CompositionAnalysis, CompositionMeasurements, HorizonChoice } from '~/lib/composition/schemas';
import type { Element } from './element.server';
import { findHorizon, horizonElement, horizonEndpoints, ownersLine } from './horizon.server';
import { loadPlanes, type Planes } from './pixels.server';
import { balanceElement, findSubject, nearestThirdsPoint, thirdsElement } from './subject.server';
import {
  colourElement,
  exposureElement,
  exposureLabel,
  lumaHistogram,
  sharpnessElement,
} from './tone.server';

const STRONG = 8;
const WEAK = 6;
const MAX_TIPS = 5;
const FAULT_PENALTY = 0.25;

/** The analysis of `image`; `choice`: the owner's word on the line found across it, if any. */
export async function analyseLocally(image: Buffer, choice?: HorizonChoice): Promise<CompositionAnalysis> {
  return analysePlanes(await loadPlanes(image), choice);
}

/** The analysis of decoded planes, with what was measured for drawing over the preview. */
export function analysePlanes(planes: Planes, choice?: HorizonChoice): CompositionAnalysis {
  const subject = findSubject(planes);
  const found = findHorizon(planes);
  const line = ownersLine(found, choice);
  const ends = (l: NonNullable<typeof found>) => horizonEndpoints(l, planes.width, planes.height);
  const measurements: CompositionMeasurements = {
    // A sloping skyline is no horizon: it is not drawn as one, and it has no tilt to correct.
    horizon: line && !line.skyline ? ends(line) : null,
    found: found ? (found.skyline ? 'skyline' : 'horizon') : null,
    // The line found, when it is not taken for the horizon: a skyline, or a line the owner turned down.
    skyline: found && !(line && !line.skyline) ? ends(found) : null,
    horizonChoice: found ? (choice ?? null) : null,
    salientBox: subject.box,
    thirdsPoint: subject.centre ? nearestThirdsPoint(subject.centre) : null,
    exposure: { label: exposureLabel(planes), histogram: lumaHistogram(planes) },
  };
  const analysis = fromElements([
    horizonElement(line, found !== null && choice === 'not-horizon'),
    thirdsElement(subject),
    balanceElement(subject),
    exposureElement(planes),
    sharpnessElement(planes),
    colourElement(planes),
  ]);
  return { ...analysis, measurements };
}

/** Only the measurements, for an analysis written by another critic. */
export async function measureLocally(
  image: Buffer,
  choice?: HorizonChoice,
): Promise<CompositionMeasurements | undefined> {
  return (await analyseLocally(image, choice)).measurements;
}

export function fromElements(elements: Element[]): CompositionAnalysis {
  const totalWeight = elements.reduce((t, e) => t + e.weight, 0);
  // Weakest first; ties keep the measuring order, so the result is stable.
  const weakest = [...elements].sort((p, q) => p.score - q.score);
  const strong = elements.filter((e) => e.score >= STRONG);
  // Always at least one thing to work on: the weakest element when nothing scores under WEAK.
  const weak = elements.filter((e) => e.score < WEAK);
  // The weighted mean, less FAULT_PENALTY for each weak element: faults a viewer notices add up (a
  // dark, soft frame is worse than its mean says), so several small faults do not hide behind one
  // strong element.
  const mean = elements.reduce((t, e) => t + e.score * e.weight, 0) / totalWeight;
  const overallScore = Math.round(Math.max(0, mean - FAULT_PENALTY * weak.length) * 10) / 10;
  const toImprove = weak.length > 0 ? weak : weakest.slice(0, 1);
  const tips = weakest
    .slice(0, 3)
    .flatMap((e) => e.tips)
    .slice(0, MAX_TIPS);
  return {
    overallScore,
    summary: summarise(strong, weak),
    strengths: strong.map((e) => e.feedback),
    improvements: toImprove.map((e) => e.advice),
    compositionElements: Object.fromEntries(
      elements.map((e) => [e.name, { score: e.score, feedback: e.feedback }]),
    ),
    tips,
  };
}

const names = (es: Element[]) => {
  const list = es.map((e) => e.name.toLowerCase());
  return list.length > 1 ? `${list.slice(0, -1).join(', ')} and ${list.at(-1)}` : (list[0] ?? '');
};

function summarise(strong: Element[], weak: Element[]): string {
  if (weak.length === 0 && strong.length > 0) {
    return `A well-made photograph: strong on ${names(strong)}, with nothing pulling it down.`;
  }
  if (weak.length === 0)
    return 'A solid photograph with no serious faults; each element has a little room to grow.';
  const held = `It is held back by ${names(weak)}.`;
  return strong.length > 0
    ? `Strong on ${names(strong)}. ${held}`
    : `${held} Each of these is fixable at the next shoot.`;
}
