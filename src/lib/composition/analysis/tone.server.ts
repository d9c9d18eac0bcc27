// Exposure and clipping (mean luma, shares crushed to black and blown to white), sharpness (variance of
// a Laplacian in the most detailed tiles, so a soft background does not hide a sharp subject) and colour
// (mean chroma, and the cast of the near-neutral pixels, which should be grey).

import type { ExposureLabel } from '~/lib/composition/schemas';
import { clampScore, type Element, percent } from './element.server';
import type { Planes } from './pixels.server';

const HISTOGRAM_BINS = 32;

/** Share of the pixels in each of 32 equal bands of luma, darkest first. */
export function lumaHistogram({ luma }: Planes): number[] {
  const counts = new Array<number>(HISTOGRAM_BINS).fill(0);
  for (const v of luma) counts[Math.min(HISTOGRAM_BINS - 1, Math.floor((v / 256) * HISTOGRAM_BINS))]! += 1;
  return counts.map((c) => Math.round((c / luma.length) * 10_000) / 10_000);
}

/** Linear light (0-1) of a gamma-encoded sRGB level 0-255. */
const toLinear = (v: number) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** A scene spans at least this many times from its darkest 1% to its lightest 1% in linear light
 * (about 5.3 stops) when it holds real shadows, rather than being veiled by haze, mist or fog. */
const CONTRASTY_SCENE = 40;
/** The darkest 1% of a contrasty scene sits below this luma when it is exposed right. */
const LIFTED_BLACK = 25;
/** ...while its lightest 1% reaches at least this luma. */
const HIGH_HIGHLIGHTS = 200;

/**
 * Under, good or over, from where the tones reach. Under: even the lightest 1% of the frame stays
 * below luma 165 (a well exposed daylight frame has its highlights well above that; a stop and a
 * half less brings them under it), or a quarter of the frame is crushed to black. Over: more than
 * 5% of the frame is blown to white, or even the darkest 1% is light, or the whole range of a
 * contrasty scene has slid up the scale: its deep shadows are lifted off black while its highlights
 * are near the top. That last is how a dark, low-key scene (night, a forest, dusk) looks when given
 * too much light: hardly anything clips, but nothing is black any more. A hazy or misty scene also
 * has lifted shadows, but there the range from shadow to highlight is short, so it is left alone.
 */
export function exposureLabel({ luma }: Planes): ExposureLabel {
  const n = luma.length;
  const counts = new Uint32Array(256);
  for (const v of luma) counts[Math.min(255, Math.max(0, Math.round(v)))]! += 1;
  const at = (share: number) => {
    let run = 0;
    for (let v = 0; v < 256; v++) {
      run += counts[v]!;
      if (run >= share * n) return v;
    }
    return 255;
  };
  let [crushed, blown] = [0, 0];
  for (let v = 0; v <= 5; v++) crushed += counts[v]!;
  for (let v = 250; v < 256; v++) blown += counts[v]!;
  const [black, white] = [at(0.01), at(0.99)];
  const contrasty = toLinear(white) >= CONTRASTY_SCENE * toLinear(Math.max(1, black));
  const slidUp = contrasty && black > LIFTED_BLACK && white >= HIGH_HIGHLIGHTS;
  if (blown / n > 0.05 || black > 150 || slidUp) return 'over';
  if (white < 165 || crushed / n > 0.25) return 'under';
  return 'good';
}

export function exposureElement(planes: Planes): Element {
  const { luma } = planes;
  const label = exposureLabel(planes);
  const n = luma.length;
  let [sum, crushed, blown] = [0, 0, 0];
  for (const v of luma) {
    sum += v;
    if (v <= 5) crushed++;
    if (v >= 250) blown++;
  }
  const mean = sum / n;
  const [dark, bright] = [crushed / n, blown / n];
  const meanPenalty = mean < 70 ? (70 - mean) / 8 : mean > 185 ? (mean - 185) / 8 : 0;
  const clipPenalty = Math.max(0, dark - 0.01) * 30 + Math.max(0, bright - 0.005) * 50;
  // A frame that reads as under or over exposed scores 5 at most, however its mean falls.
  const score = Math.min(clampScore(10 - meanPenalty - clipPenalty), label === 'good' ? 10 : 5);
  const level = { under: 'dark: underexposed', over: 'bright: overexposed', good: 'well exposed' }[label];
  const parts = [`Overall the image is ${level} (mean brightness ${Math.round((mean / 255) * 100)}%).`];
  if (dark > 0.01) parts.push(`${percent(dark)} of the frame is crushed to pure black.`);
  if (bright > 0.005) parts.push(`${percent(bright)} of the frame is blown to pure white.`);
  if (dark <= 0.01 && bright <= 0.005) parts.push('Shadows and highlights both keep their detail.');
  return {
    name: 'Exposure',
    score,
    weight: 1.5,
    feedback: parts.join(' '),
    advice:
      label === 'under' || (label === 'good' && dark > 0.01)
        ? 'The image is underexposed with crushed shadows: expose longer or open up, or bracket and blend.'
        : 'Protect the highlights: expose for the brightest part you want detail in, or use a graduated filter.',
    tips: [
      'Watch the histogram, not the screen: keep it off both walls unless a pure black or white is intended.',
      'In high contrast light, bracket three exposures a stop apart and blend them, or come back at a softer hour.',
    ],
  };
}

const TILES = 4;

export function sharpnessElement({ width: w, height: h, luma }: Planes): Element {
  const variances: number[] = [];
  const [tw, th] = [Math.floor(w / TILES), Math.floor(h / TILES)];
  for (let ty = 0; ty < TILES; ty++) {
    for (let tx = 0; tx < TILES; tx++) {
      let [s, s2, k] = [0, 0, 0];
      for (let y = Math.max(1, ty * th); y < Math.min(h - 1, (ty + 1) * th); y++) {
        for (let x = Math.max(1, tx * tw); x < Math.min(w - 1, (tx + 1) * tw); x++) {
          const i = y * w + x;
          const lap = luma[i - 1]! + luma[i + 1]! + luma[i - w]! + luma[i + w]! - 4 * luma[i]!;
          s += lap;
          s2 += lap * lap;
          k++;
        }
      }
      if (k > 0) variances.push(s2 / k - (s / k) ** 2);
    }
  }
  variances.sort((p, q) => q - p);
  const best = variances.slice(0, 3);
  const focus = best.reduce((t, v) => t + v, 0) / Math.max(1, best.length);
  // log scale: a variance of 4 or less is no detail at all; each doubling adds 1.25, so a copy blurred
  // enough to halve the fine detail twice scores visibly lower, and 4,096 or more is full marks.
  const score = clampScore(1.25 * Math.log2(Math.max(1, focus) / 4));
  const feedback =
    score >= 8
      ? 'The sharpest part of the picture is crisp, with clear fine detail.'
      : score >= 6
        ? 'The sharpest part of the picture is acceptable but a little soft.'
        : 'Even the most detailed part of the picture is soft: focus or camera shake has blurred the detail.';
  return {
    name: 'Sharpness',
    score,
    weight: 1.5,
    feedback,
    advice:
      'Sharpen the capture: use a tripod or a faster shutter speed, and focus on the subject (about a third into the scene for landscapes).',
    tips: [
      'Hand-held, keep the shutter speed at least 1/(focal length) second; with a tripod, use a 2-second timer.',
      'For front-to-back sharpness in a landscape, shoot at f/8 to f/11 and focus a third of the way into the scene.',
    ],
  };
}

const CASTS: [number, number, string][] = [
  [0, 1, 'warm (yellow)'],
  [0, -1, 'cool (blue)'],
  [1, 0, 'magenta'],
  [-1, 0, 'green'],
];

export function colourElement({ a, b }: Planes): Element {
  const n = a.length;
  let [chroma, na, nb, neutral] = [0, 0, 0, 0];
  for (let i = 0; i < n; i++) {
    const c = Math.sqrt(a[i]! * a[i]! + b[i]! * b[i]!);
    chroma += c;
    if (c < 15) {
      na += a[i]!;
      nb += b[i]!;
      neutral++;
    }
  }
  const meanChroma = chroma / n;
  // Only judged when enough of the picture should be near grey (cloud, stone, water, mist).
  const cast = neutral >= n * 0.05 ? { a: na / neutral, b: nb / neutral } : { a: 0, b: 0 };
  const castSize = Math.hypot(cast.a, cast.b);
  const castName = CASTS.reduce((best, c) =>
    c[0] * cast.a + c[1] * cast.b > best[0] * cast.a + best[1] * cast.b ? c : best,
  )[2];
  const mono = meanChroma < 3;
  const score = mono
    ? 7
    : clampScore(
        10 -
          Math.max(0, castSize - 5) * 0.5 -
          Math.max(0, meanChroma - 45) * 0.2 -
          Math.max(0, 8 - meanChroma) * 0.4,
      );
  const parts = [
    mono
      ? 'The picture is essentially monochrome.'
      : meanChroma > 45
        ? 'The colours are very saturated.'
        : meanChroma < 8
          ? 'The colours are muted.'
          : 'The colours are natural and well saturated.',
  ];
  if (castSize > 5) parts.push(`The neutral tones carry a ${castName} cast.`);
  return {
    name: 'Colour',
    score,
    weight: 1,
    feedback: parts.join(' '),
    advice:
      castSize > 5
        ? `Correct the ${castName} cast: set the white balance on something that should be grey, such as cloud or stone.`
        : 'Let the light do the colour work: soft early or late light deepens colour without pushing saturation.',
    tips: [
      'Set white balance to a fixed preset (e.g. daylight) so a series keeps the same colour from frame to frame.',
      'A polarising filter deepens blue sky and cuts glare on wet leaves and water without oversaturating.',
    ],
  };
}
