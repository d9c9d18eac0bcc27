// The local composition analyser on synthetic photos (tests/helpers/photos.ts), and the vision-model
// client against a chat-completions double.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findHorizon, horizonElement } from '~/lib/server/analysis/horizon';
import { analyseLocally } from '~/lib/server/analysis/local';
import { analyseWithModel } from '~/lib/server/analysis/model';
import { loadPlanes } from '~/lib/server/analysis/pixels';
import { findSubject, thirdsDistances } from '~/lib/server/analysis/subject';
import { COMPOSITION_TIPS } from '~/lib/server/analysis/tips';
import { compositionBand } from '~/lib/shared/format';
import { compositionAnalysisSchema, compositionTipsQuerySchema } from '~/lib/shared/schemas';
import { modelAnalysis, type OpenAiDouble, startOpenAiDouble } from '../helpers/openai-double';
import { darkPhoto, horizonPhoto, subjectPhoto } from '../helpers/photos';

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
  let double: OpenAiDouble;
  beforeAll(async () => {
    double = await startOpenAiDouble();
  });
  afterAll(() => double.close());
  const settings = () => ({ apiKey: 'sk-test', baseUrl: double.baseUrl, model: 'gpt-4o-mini' });

  it('sends the photo as a data URL with a JSON response format and returns the validated critique', async () => {
    double.content = JSON.stringify(modelAnalysis);
    double.status = 200;
    const answer = await analyseWithModel(await horizonPhoto(0), settings());
    expect(answer).toEqual(modelAnalysis);
    const sent = double.requests.at(-1)!;
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
    double.content = 'Sure! Here is my critique: lovely photo.';
    await expect(analyseWithModel(photo, settings())).rejects.toThrow(/not JSON/);
    double.content = JSON.stringify({ ...modelAnalysis, overallScore: 14 });
    await expect(analyseWithModel(photo, settings())).rejects.toThrow(/wrong shape/);
    double.status = 429;
    await expect(analyseWithModel(photo, settings())).rejects.toThrow(/429/);
    double.status = 200;
  });
});
