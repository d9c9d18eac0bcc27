// Exposure and clipping (mean luma, shares crushed to black and blown to white), sharpness (variance of
// a Laplacian in the most detailed tiles, so a soft background does not hide a sharp subject) and colour
// (mean chroma, and the cast of the near-neutral pixels, which should be grey).
import { clampScore, type Element, percent } from './element';
import type { Planes } from './pixels';

export function exposureElement({ luma }: Planes): Element {
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
  const score = clampScore(10 - meanPenalty - clipPenalty);
  const level = mean < 70 ? 'dark' : mean > 185 ? 'bright' : 'well exposed';
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
      mean < 70 || dark > 0.01
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
  // log scale: a variance of 8 or less is no detail at all, 128 or more is crisp at this size.
  const score = clampScore(2.5 * Math.log2(Math.max(1, focus) / 8));
  const feedback =
    score >= 8
      ? 'The sharpest part of the picture is crisp, with clear fine detail.'
      : score >= 5
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
    const c = Math.hypot(a[i]!, b[i]!);
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
