// The photo sent for composition analysis is decoded whole before it is analysed: a file whose header
// reads fine but whose pixels stop part way is refused as unreadable (400), never a failure later on.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { analyzeComposition, decodePhoto } from '~/lib/composition/analysis/analyse.server';
import { loadPlanes } from '~/lib/composition/analysis/pixels.server';
import { HttpError } from '~/lib/platform/server/http/http';
import { horizonPhoto, subjectPhoto, truncated } from '~tests/helpers/photos';

const UNREADABLE = { status: 400, message: 'The image could not be read' };

const refusal = async (photo: Buffer) => {
  const err = await decodePhoto(photo.toString('base64')).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HttpError);
  return { status: (err as HttpError).status, message: (err as HttpError).message };
};

describe('decodePhoto', () => {
  it('refuses a JPEG cut in half whose header still reads', async () => {
    const half = await truncated(horizonPhoto(0));
    expect((await sharp(half).metadata()).width).toBe(900);
    expect(await refusal(half)).toEqual(UNREADABLE);
  });

  it('refuses a progressive JPEG and a PNG cut in half', async () => {
    const progressive = await sharp(await horizonPhoto(2))
      .jpeg({ progressive: true })
      .toBuffer();
    expect(await refusal(await truncated(Promise.resolve(progressive)))).toEqual(UNREADABLE);
    expect(await refusal(await truncated(subjectPhoto(0.3, 0.3)))).toEqual(UNREADABLE);
  });

  it('the analyser itself also answers 400 for a photo cut short, not a crash', async () => {
    const half = await truncated(horizonPhoto(0));
    await expect(loadPlanes(half)).rejects.toMatchObject(UNREADABLE);
    await expect(analyzeComposition(half)).rejects.toMatchObject(UNREADABLE);
  });

  it('keeps a whole photo, which the analyser then reads', async () => {
    const whole = await horizonPhoto(0);
    const bytes = await decodePhoto(whole.toString('base64'));
    expect(bytes.equals(whole)).toBe(true);
    expect((await analyzeComposition(bytes)).overallScore).toBeGreaterThan(5);
  });
});
