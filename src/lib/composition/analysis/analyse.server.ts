// Composition analysis for POST /api/analyze-composition: the photo is checked (base64, size, type),
// then analysed by the vision model when one is configured, else (or when it fails) locally.
import sharp from 'sharp';
import type { CompositionAnalysis, HorizonChoice } from '~/lib/composition/schemas';
import { detectFileType, SNIFF_BYTES } from '~/lib/media/file-types.server';
import { getConfig } from '~/lib/platform/server/config';
import { HttpError } from '~/lib/platform/server/http/http';
import { getLog } from '~/lib/platform/server/log';
import { COMPOSITION_MAX_BYTES } from '~/lib/site/constants';
import { analyseLocally, measureLocally } from './local.server';
import { analyseWithModel, type ModelSettings } from './model.server';
import { DECODE_OPTIONS, UNREADABLE_IMAGE } from './pixels.server';

const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp']);
const WRONG_TYPE = 'Please choose a JPG, PNG or WebP photo.';
/** The side of the throwaway copy decoded to check that the whole photo reads. */
const CHECK_SIDE = 64;

/** The photo's bytes from base64 (already checked as base64 by the schema), or an HttpError. */
export async function decodePhoto(base64: string): Promise<Buffer> {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw new HttpError(400, 'The image is empty.');
  if (bytes.length > COMPOSITION_MAX_BYTES) throw new HttpError(413, 'Please select an image under 10MB.');
  const type = detectFileType(bytes.subarray(0, SNIFF_BYTES));
  if (!type || !ACCEPTED.has(type.mime)) throw new HttpError(415, WRONG_TYPE);
  // Every pixel is decoded here (into a small copy: sharp still reads the whole file), inside the try:
  // the header alone can read fine for a file cut short, whose pixels would fail only later.
  try {
    const meta = await sharp(bytes, DECODE_OPTIONS).metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
    await sharp(bytes, DECODE_OPTIONS).resize(CHECK_SIDE, CHECK_SIDE, { fit: 'inside' }).raw().toBuffer();
  } catch {
    throw new HttpError(400, UNREADABLE_IMAGE);
  }
  return bytes;
}

/** The vision-model critic configured by OPENAI_*, or undefined when none is (no key). */
function configuredCritic(): ModelSettings | undefined {
  const { apiKey, baseUrl, model } = getConfig().openai;
  return apiKey ? { apiKey, baseUrl, model } : undefined;
}

/**
 * The critique of `photo`: by the vision model when one is given (by default the configured one),
 * else, or when it fails in any way, by the local analyser; a failure is logged as one warning.
 * `choice`: the owner's word on the line found across the frame, which the measurements follow.
 */
export async function analyzeComposition(
  photo: Buffer,
  choice?: HorizonChoice,
  critic = configuredCritic(),
): Promise<CompositionAnalysis> {
  if (critic) {
    try {
      const analysis = await analyseWithModel(photo, critic);
      return { ...analysis, measurements: await measureLocally(photo, choice) };
    } catch (err) {
      // The package puts the server's own error message into its errors, and a server or proxy may
      // quote the request back there, Authorization header and all: the key is cut out of the line.
      const reason = String(err instanceof Error ? err.message : err).replaceAll(critic.apiKey, '[redacted]');
      getLog().warn({ reason }, 'composition: the vision model failed; used the local analyser');
    }
  }
  return analyseLocally(photo, choice);
}
