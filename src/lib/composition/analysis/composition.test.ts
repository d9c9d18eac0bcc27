// The local composition analyser on synthetic photos (tests/helpers/photos.ts), and the vision-model
// client against a fake chat-completions endpoint: its answer used when good, the local analyser's otherwise.
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { analyzeComposition } from '~/lib/composition/analysis/analyse.server';
import { findHorizon, horizonElement } from '~/lib/composition/analysis/horizon.server';
import { analyseLocally } from '~/lib/composition/analysis/local.server';
import { waterLine } from '~/lib/composition/analysis/mirror.server';
import {
  analyseWithModel,
  MODEL_MAX_RETRIES,
  MODEL_TIMEOUT_MS,
  type ModelSettings,
  modelDeadlineMs,
} from '~/lib/composition/analysis/model.server';
import { loadPlanes } from '~/lib/composition/analysis/pixels.server';
import { frameWedges } from '~/lib/composition/analysis/skyline.server';
import { findSubject, thirdsDistances } from '~/lib/composition/analysis/subject.server';
import { COMPOSITION_TIPS } from '~/lib/composition/analysis/tips.server';
import {
  type CompositionAnalysis,
  compositionAnalysisSchema,
  compositionTipsQuerySchema,
} from '~/lib/composition/schemas';
import { getLog } from '~/lib/platform/server/log';
import { compositionBand } from '~/lib/platform/shared/format';
import { hardCopy, readPhoto, rotateAndCrop, shiftExposure } from '~tests/fixtures/composition/known-truth';
import { modelAnalysis, type OpenAiFake, startOpenAiFake } from '~tests/helpers/openai-fake';
import { darkPhoto, horizonPhoto, subjectPhoto } from '~tests/helpers/photos';

const element = async (photo: Promise<Buffer>, name: string) => {
  const analysis = await analyseLocally(await photo);
  const found = analysis.compositionElements[name];
  if (!found) throw new Error(`no ${name} element`);
  return found;
};

describe('local analyser: horizon', () => {
  it('measures the tilt of a horizon and its side', async () => {
    for (const tilt of [0, 2, -4]) {
      const line = findHorizon(await loadPlanes(await horizonPhoto(tilt)));
      expect(line).not.toBeNull();
      expect(line!.tilt).toBeCloseTo(tilt, 0);
      expect(line!.position).toBeCloseTo(0.62, 1);
    }
  });

  it('scores a level horizon higher than a tilted one and says by how much it tilts', async () => {
    const level = await element(horizonPhoto(0), 'Horizon');
    const tilted = await element(horizonPhoto(3), 'Horizon');
    expect(level.score).toBeGreaterThanOrEqual(9);
    expect(tilted.score).toBeLessThan(level.score - 3);
    expect(level.feedback).toMatch(/level/);
    expect(tilted.feedback).toMatch(/tilts down to the right by about 3\.0°/);
  });

  it('takes a sloping mountain ridge for a skyline: no tilt, no rotate advice, no horizon penalty', async () => {
    // Aitzgorri: a ridge falling about 8° to the left over a wooded hillside, with no horizon in the
    // frame; the analyser once scored it as a tilted horizon and said "rotate 8.3°".
    const ridge = await readPhoto('aitzgorri.jpg');
    const line = findHorizon(await loadPlanes(ridge));
    expect(line?.skyline).toBe(true);
    expect(Math.abs(line!.tilt)).toBeGreaterThan(5);
    const analysis = await analyseLocally(ridge);
    expect(analysis.measurements?.horizon).toBeNull();
    const horizon = analysis.compositionElements.Horizon!;
    expect(horizon.feedback).toMatch(/skyline .* not a horizon, so there is nothing to level/);
    expect(horizon.score).toBe(horizonElement(null).score);
    const said = [analysis.summary, ...analysis.improvements, ...analysis.tips, horizon.feedback].join(' ');
    expect(said).not.toMatch(/rotate|straighten it/i);
  });

  it('still measures a sea horizon rotated by a known angle', async () => {
    // Summer at 1 am: a lake's far shore, level; the same photo turned 4° clockwise.
    const photo = await readPhoto('summer-1am.jpg');
    const turned = await rotateAndCrop(photo, 4);
    const [level, tilted] = [findHorizon(await loadPlanes(photo)), findHorizon(await loadPlanes(turned))];
    expect(level?.skyline).toBe(false);
    expect(tilted?.skyline).toBe(false);
    expect(tilted!.tilt - level!.tilt).toBeCloseTo(4, 0);
  });

  it('measures a sea line in a frame turned 6° without cropping, its black wedges left out', async () => {
    // Storm: flat fields under a storm; turned on black, darker, blurred and saved at JPEG quality 72.
    const photo = await readPhoto('storm.jpg');
    const [level, turned] = [
      findHorizon(await loadPlanes(photo)),
      findHorizon(await loadPlanes(await hardCopy(photo, -6))),
    ];
    expect(turned?.skyline).toBe(false);
    expect(Math.abs(turned!.tilt - level!.tilt - -6)).toBeLessThanOrEqual(1);
  });

  it('takes a dark sea at night for part of the scene, not for the empty wedges of a turned frame', async () => {
    // Darkest Hour, 2.5 stops darker: a sea nearly as black and as flat as a wedge, along the bottom.
    const night = await shiftExposure(await readPhoto('darkest-hour.jpg'), -2.5);
    const untouched = frameWedges(await loadPlanes(night));
    expect(untouched.includes(1)).toBe(false);
    const turnedPlanes = await loadPlanes(await hardCopy(night, 4));
    expect(frameWedges(turnedPlanes).includes(1)).toBe(true);
    const [level, turned] = [findHorizon(await loadPlanes(night)), findHorizon(turnedPlanes)];
    expect(turned?.skyline).toBe(false);
    expect(Math.abs(turned!.tilt - level!.tilt - 4)).toBeLessThanOrEqual(1);
  });

  it('finds a sea line seen through grass in a frame three stops darker, turned 4° on black', async () => {
    // Dune: the sea behind grass stalks, 2 stops darker, then turned as a hard copy (one stop more):
    // every colour step across the sea line is a fraction of the daylight one.
    const dark = await shiftExposure(await readPhoto('dune.jpg'), -2);
    const [level, turned] = [
      findHorizon(await loadPlanes(dark)),
      findHorizon(await loadPlanes(await hardCopy(dark, 4))),
    ];
    expect(level?.skyline).toBe(false);
    expect(turned?.skyline).toBe(false);
    expect(Math.abs(turned!.tilt - level!.tilt - 4)).toBeLessThanOrEqual(1);
  });

  it('finds the water line under a far shore across rippled water, straight across the width', async () => {
    // Peaks at dusk cut below the peaks, over their own reflection broken by ripples (each row shifted
    // sideways, darker, with grain): a dark, low far shore whose water line is the one
    // straight line across the frame, though the ripples leave too little mirror image to mark it.
    const { data, info } = await sharp(await readPhoto('peaks-dusk.jpg'))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const [w, shore] = [info.width, Math.round(info.height * 0.58)];
    const rows = Math.round(info.height * 0.42);
    const lake = Buffer.alloc(w * (shore + rows) * 3);
    data.copy(lake, 0, 0, w * shore * 3);
    for (let y = 0; y < rows; y++) {
      const shift = Math.round(1.5 * (1 + y / 40) * Math.sin(y * 0.9));
      for (let x = 0; x < w; x++)
        for (let c = 0; c < 3; c++) {
          const from = ((shore - 1 - y) * w + Math.min(w - 1, Math.max(0, x + shift))) * 3 + c;
          lake[((shore + y) * w + x) * 3 + c] = data[from]! * 0.7 + ((x * 7 + y * 13 + c) % 9) - 4;
        }
    }
    const photo = await sharp(lake, { raw: { width: w, height: shore + rows, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();
    const turned = findHorizon(await loadPlanes(await hardCopy(photo, -6)));
    expect(turned?.skyline).toBe(false);
    expect(Math.abs(turned!.tilt - -6)).toBeLessThanOrEqual(1);
  });

  it('finds a line straight across the width: a grey sea under a grey sky, a city waterfront', async () => {
    // A sea line of nearly the sky's colour, seen over rocks, and the water line under a city: both
    // too faint or too busy above to rank among the strongest boundaries, both straight.
    for (const [file, deg] of [
      ['endless-sky/beach9-sfiera.jpg', -6],
      ['endless-sky/city10.jpg', 2],
    ] as const) {
      const photo = await readPhoto(file);
      const [level, turned] = [
        findHorizon(await loadPlanes(photo)),
        findHorizon(await loadPlanes(await hardCopy(photo, deg))),
      ];
      expect(level?.skyline, file).toBe(false);
      expect(Math.abs(level!.tilt), file).toBeLessThanOrEqual(0.5);
      expect(turned?.skyline, file).toBe(false);
      expect(Math.abs(turned!.tilt - level!.tilt - deg), file).toBeLessThanOrEqual(1);
    }
    // Straight slopes are no horizon, turned to any tilt a sea line is measured at: a hillside in
    // fog turned until it runs nearly level, a grassy hillside turned 4°.
    for (const [file, deg] of [
      ['fog-hillside.jpg', 8],
      ['endless-sky/hills1.jpg', 4],
    ] as const) {
      const found = findHorizon(await loadPlanes(await hardCopy(await readPhoto(file), deg)));
      expect(found === null || found.skyline || Math.abs(found.tilt) <= 0.5, file).toBe(true);
    }
  });

  it("finds a far shore's water line under the shore's busy top: a forest across a lake", async () => {
    // The forest's top against the sky is the strongest boundary, a tree line that is never levelled;
    // the water line below it, with smoother water of the forest's own hue, is the horizon.
    const photo = await readPhoto('endless-sky/water22.jpg');
    const level = findHorizon(await loadPlanes(photo));
    expect(level?.skyline).toBe(false);
    expect(level!.position).toBeGreaterThan(0.8);
    expect(Math.abs(level!.tilt)).toBeLessThanOrEqual(0.5);
    // Turned 8°, the forest's top runs straighter than the water line: the next straightest is judged too.
    for (const deg of [-6, 4, 8]) {
      const turned = findHorizon(await loadPlanes(await hardCopy(photo, deg)));
      expect(turned?.skyline, `turned ${deg}°`).toBe(false);
      expect(Math.abs(turned!.tilt - level!.tilt - deg), `turned ${deg}°`).toBeLessThanOrEqual(1);
    }
    // A river valley turned 4°: busy above and smoother below too, but its contrast wavers.
    const valley = findHorizon(await loadPlanes(await hardCopy(await readPhoto('life-stream.jpg'), -4)));
    expect(valley === null || valley.skyline || Math.abs(valley.tilt) <= 0.5).toBe(true);
  });

  it('follows the owner: "this is the horizon" levels a skyline, "this is not" leaves nothing to level', async () => {
    const ridge = await readPhoto('aitzgorri.jpg');
    const own = await analyseLocally(ridge);
    expect(own.measurements).toMatchObject({ found: 'skyline', horizon: null, horizonChoice: null });
    expect(own.measurements?.skyline).not.toBeNull();

    const isHorizon = await analyseLocally(ridge, 'horizon');
    expect(isHorizon.measurements).toMatchObject({
      found: 'skyline',
      skyline: null,
      horizonChoice: 'horizon',
    });
    expect(Math.abs(isHorizon.measurements!.horizon!.tilt)).toBeGreaterThan(5);
    expect(isHorizon.improvements.join(' ')).toMatch(/Rotate the photo/);

    const sea = await readPhoto('summer-1am.jpg');
    const notHorizon = await analyseLocally(sea, 'not-horizon');
    expect(notHorizon.measurements).toMatchObject({
      found: 'horizon',
      horizon: null,
      horizonChoice: 'not-horizon',
    });
    expect(notHorizon.measurements?.skyline).not.toBeNull();
    expect(notHorizon.compositionElements.Horizon!.feedback).toMatch(
      /You marked the line .* not the horizon/,
    );
    expect(compositionAnalysisSchema.parse(notHorizon)).toEqual(notHorizon);
  });

  it('finds a far shore mirrored in still water by its reflection, and no such line under ridges', async () => {
    const lake = await readPhoto('altai.jpg');
    const level = findHorizon(await loadPlanes(lake));
    const turned = findHorizon(await loadPlanes(await hardCopy(lake, -4)));
    expect(level?.skyline).toBe(false);
    expect(turned?.skyline).toBe(false);
    expect(Math.abs(turned!.tilt - level!.tilt + 4)).toBeLessThanOrEqual(1);
    // The water line sits where the drawn shore meets the water: row 390 of 576.
    expect(Math.abs(level!.position - 390 / 576)).toBeLessThan(0.03);

    for (const file of ['snowy-range.jpg', 'peaks-dusk.jpg']) {
      const planes = await loadPlanes(await readPhoto(file));
      const wedges = frameWedges(planes);
      expect(waterLine(planes, 15, wedges.includes(1) ? wedges : null), file).toBeNull();
    }
  });

  it('finds no horizon in a picture without one', async () => {
    const planes = await loadPlanes(await subjectPhoto(0.5, 0.5));
    expect(findHorizon(planes)).toBeNull();
    expect(horizonElement(findHorizon(planes)).feedback).toMatch(/No long, straight horizon/);
  });
});

describe('local analyser: rule of thirds', () => {
  it('finds the subject where it was drawn', async () => {
    const { centre } = findSubject(await loadPlanes(await subjectPhoto(0.7, 0.3)));
    expect(centre!.x).toBeCloseTo(0.7, 1);
    expect(centre!.y).toBeCloseTo(0.3, 1);
  });

  it('scores a subject on a thirds intersection higher than a centred one', async () => {
    const onThirds = await element(subjectPhoto(1 / 3, 2 / 3), 'Rule of Thirds');
    const centred = await element(subjectPhoto(0.5, 0.5), 'Rule of Thirds');
    expect(onThirds.score).toBeGreaterThanOrEqual(9);
    expect(centred.score).toBeLessThanOrEqual(5);
    expect(onThirds.feedback).toMatch(/on a thirds intersection/);
    expect(centred.feedback).toMatch(/sits in the centre/);
  });

  it('measures distances to the thirds', () => {
    expect(thirdsDistances({ x: 1 / 3, y: 1 / 3 }).point).toBeCloseTo(0);
    expect(thirdsDistances({ x: 0.5, y: 0.5 }).point).toBeCloseTo(Math.SQRT2 / 6);
    expect(thirdsDistances({ x: 0.5, y: 2 / 3 }).line).toBeCloseTo(0);
  });
});

describe('local analyser: exposure and the whole answer', () => {
  it('scores a dark, clipped image low on exposure and says the shadows are crushed', async () => {
    const dark = await analyseLocally(await darkPhoto());
    const exposure = dark.compositionElements.Exposure!;
    expect(exposure.score).toBeLessThanOrEqual(2);
    expect(exposure.feedback).toMatch(/dark/);
    expect(exposure.feedback).toMatch(/crushed to pure black/);
    expect(dark.improvements.join(' ')).toMatch(/underexposed/);
    const good = await element(horizonPhoto(0), 'Exposure');
    expect(good.score).toBeGreaterThanOrEqual(9);
  });

  it('always answers in the schema, scores within 0-10, the same every time', async () => {
    for (const photo of [horizonPhoto(0), horizonPhoto(7), subjectPhoto(0.9, 0.1), darkPhoto()]) {
      const bytes = await photo;
      const analysis = await analyseLocally(bytes);
      expect(compositionAnalysisSchema.parse(analysis)).toEqual(analysis);
      const scores = [
        analysis.overallScore,
        ...Object.values(analysis.compositionElements).map((e) => e.score),
      ];
      for (const s of scores) expect(s).toBeGreaterThanOrEqual(0);
      for (const s of scores) expect(s).toBeLessThanOrEqual(10);
      expect(Object.keys(analysis.compositionElements)).toEqual([
        'Horizon',
        'Rule of Thirds',
        'Visual Balance',
        'Exposure',
        'Sharpness',
        'Colour',
      ]);
      expect(analysis.tips.length).toBeGreaterThan(0);
      expect(analysis.improvements.length).toBeGreaterThan(0);
      expect(await analyseLocally(bytes)).toEqual(analysis);
    }
  });

  it('bands scores: Excellent from 8, Good from 6, else Needs Improvement', () => {
    expect(compositionBand(8).label).toBe('Excellent');
    expect(compositionBand(7.9).label).toBe('Good');
    expect(compositionBand(6)).toEqual({ label: 'Good', tone: 'yellow' });
    expect(compositionBand(5.9)).toEqual({ label: 'Needs Improvement', tone: 'red' });
  });

  it('has tips for landscape (the default) and aerial, and refuses other types', () => {
    expect(compositionTipsQuerySchema.parse({}).type).toBe('landscape');
    expect(COMPOSITION_TIPS.aerial.length).toBeGreaterThan(3);
    expect(compositionTipsQuerySchema.safeParse({ type: 'portrait' }).success).toBe(false);
  });
});

describe('vision-model client', () => {
  let fake: OpenAiFake;
  beforeAll(async () => {
    fake = await startOpenAiFake();
  });
  afterAll(() => fake.close());
  const settings = (): ModelSettings => ({
    apiKey: 'sk-test',
    baseUrl: fake.baseUrl,
    model: 'gpt-4o-mini',
    timeoutMs: 2000,
    maxRetries: 0,
  });

  it('sends the photo as a data URL with a JSON response format and returns the validated critique', async () => {
    fake.reset(JSON.stringify(modelAnalysis));
    const answer = await analyseWithModel(await horizonPhoto(0), settings());
    expect(answer).toEqual(modelAnalysis);
    const sent = fake.requests.at(-1)!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.authorization).toBe('Bearer sk-test');
    expect(sent.body.model).toBe('gpt-4o-mini');
    expect(sent.body.response_format).toEqual({ type: 'json_object' });
    expect(sent.body.messages[0]!.role).toBe('system');
    const parts = sent.body.messages[1]!.content as { type: string; image_url?: { url: string } }[];
    expect(parts.find((p) => p.type === 'image_url')?.image_url?.url).toMatch(
      /^data:image\/jpeg;base64,\/9j\//,
    );
  });

  it('throws on content that is not JSON, JSON of the wrong shape, or an error status', async () => {
    const photo = await horizonPhoto(0);
    fake.reset('Sure! Here is my critique: lovely photo.');
    await expect(analyseWithModel(photo, settings())).rejects.toThrow(/not JSON/);
    fake.content = JSON.stringify({ ...modelAnalysis, overallScore: 14 });
    await expect(analyseWithModel(photo, settings())).rejects.toThrow(/wrong shape/);
    fake.status = 429;
    await expect(analyseWithModel(photo, settings())).rejects.toThrow(/429/);
  });

  it('bounds the whole call by default to 2 attempts of 12 s and the pause between them: 25 s', () => {
    expect(MODEL_TIMEOUT_MS).toBe(12_000);
    expect(MODEL_MAX_RETRIES).toBe(1);
    expect(modelDeadlineMs(MODEL_TIMEOUT_MS, MODEL_MAX_RETRIES)).toBe(25_000);
  });
});

describe('vision-model critic, with the local analyser as its fallback', () => {
  let fake: OpenAiFake;
  let photo: Buffer;
  let local: CompositionAnalysis;
  beforeAll(async () => {
    fake = await startOpenAiFake();
    photo = await horizonPhoto(0);
    local = await analyseLocally(photo);
  });
  afterAll(() => fake.close());
  afterEach(() => {
    vi.restoreAllMocks();
  });
  const KEY = 'sk-unit-4b1d9e77c0ffee';
  const critic = (more: Partial<ModelSettings> = {}): ModelSettings => ({
    apiKey: KEY,
    baseUrl: fake.baseUrl,
    model: 'gpt-4o-mini',
    timeoutMs: 400,
    maxRetries: 1,
    ...more,
  });
  /** Runs the analysis, with the warnings it logged (their fields as JSON) and the requests it made. */
  const analyse = async (settings = critic()) => {
    const warn = vi.spyOn(getLog(), 'warn').mockImplementation(() => {});
    const before = fake.requests.length;
    const started = Date.now();
    const analysis = await analyzeComposition(photo, undefined, settings);
    return {
      analysis,
      ms: Date.now() - started,
      requests: fake.requests.length - before,
      warnings: warn.mock.calls.map((args) => JSON.stringify(args)),
    };
  };

  it("uses a good answer: the model's critique with the local measurements beside it", async () => {
    fake.reset(JSON.stringify(modelAnalysis));
    const { analysis, requests, warnings } = await analyse();
    expect(analysis).toEqual({ ...modelAnalysis, measurements: local.measurements });
    expect(requests).toBe(1);
    expect(warnings).toEqual([]);
  });

  it("falls back to the local analyser's answer when the model's answer is malformed", async () => {
    fake.reset(JSON.stringify({ ...modelAnalysis, compositionElements: { Horizon: { score: 'high' } } }));
    const { analysis, requests, warnings } = await analyse();
    expect(analysis).toEqual(local);
    // A well-formed answer of the wrong shape is not asked for again.
    expect(requests).toBe(1);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/wrong shape.*the vision model failed; used the local analyser/);
  });

  it('retries a 500 as many times as configured, then falls back', async () => {
    fake.reset(JSON.stringify(modelAnalysis));
    fake.status = 500;
    for (const maxRetries of [1, 2]) {
      const { analysis, requests, warnings } = await analyse(critic({ maxRetries }));
      expect(analysis).toEqual(local);
      expect(requests).toBe(maxRetries + 1);
      expect(warnings[0]).toMatch(/500 The server had an error/);
    }
  });

  it('gives up on a server that never answers after the timeout of each attempt, then falls back', async () => {
    fake.reset(JSON.stringify(modelAnalysis));
    fake.silent = true;
    const { analysis, requests, warnings, ms } = await analyse();
    expect(analysis).toEqual(local);
    expect(requests).toBe(2);
    expect(warnings[0]).toMatch(/timed out/i);
    // 2 attempts of 400 ms and the pause between them; the local analysis takes the rest.
    expect(ms).toBeGreaterThanOrEqual(800);
    expect(ms).toBeLessThan(5000);
  });

  it('does not wait for a Retry-After longer than the whole call may take', async () => {
    fake.reset(JSON.stringify(modelAnalysis));
    fake.status = 429;
    fake.retryAfter = 3600;
    const { analysis, requests, warnings, ms } = await analyse();
    expect(analysis).toEqual(local);
    // Asked once: a server busy for longer than the call may take is not asked again, nor waited for.
    expect(requests).toBe(1);
    expect(warnings[0]).toMatch(/429 Rate limit reached/);
    expect(ms).toBeLessThan(5000);
  });

  it('tries again after a Retry-After the call has time for', async () => {
    fake.reset(JSON.stringify(modelAnalysis));
    fake.status = 429;
    fake.retryAfter = 1;
    const { analysis, requests, ms } = await analyse();
    expect(analysis).toEqual(local);
    expect(requests).toBe(2);
    expect(ms).toBeGreaterThanOrEqual(1000);
    expect(ms).toBeLessThan(5000);
  });

  it('never logs the API key, even when the server quotes it back in its error', async () => {
    fake.reset(JSON.stringify(modelAnalysis));
    fake.status = 401;
    fake.echoAuthorization = true;
    const { analysis, warnings } = await analyse();
    expect(analysis).toEqual(local);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).not.toContain(KEY);
    expect(warnings[0]).toContain('Authorization: Bearer [redacted]');
  });
});
