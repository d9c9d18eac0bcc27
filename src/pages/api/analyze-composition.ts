// POST /api/analyze-composition (owner only, checked in the middleware): body { image } as base64
// without a data: prefix, and optionally horizonChoice ("horizon" or "not-horizon": the owner's word
// on the line found across the frame, which the analysis then follows); 200 with the analysis. 400 for bad base64 or an unreadable
// image, 413 over 10 MB, 415 for anything but JPG, PNG or WebP; 429 (with Retry-After) past 30
// analyses an hour. Only a photo that reaches the analyser counts: a malformed request (bad JSON, no
// image, bad base64, not a photo, too big) is answered with its reason and uses up nothing.
import type { APIRoute } from 'astro';
import { analyzeComposition, decodePhoto } from '~/lib/composition/analysis/analyse.server';
import { admitAnalysis } from '~/lib/composition/analysis/limit.server';
import { analyzeCompositionSchema } from '~/lib/composition/schemas';
import { HttpError, handle, isHttpError, readJson } from '~/lib/platform/server/http/http';
import { COMPOSITION_MAX_BYTES } from '~/lib/site/constants';

/** 10 MB as base64 is about 13.4 MB; a little room for the JSON around it. */
const MAX_BODY_BYTES = Math.ceil(COMPOSITION_MAX_BYTES / 3) * 4 + 64 * 1024;

export const POST: APIRoute = handle(async ({ request, locals }) => {
  const { image, horizonChoice } = await readJson(request, analyzeCompositionSchema, MAX_BODY_BYTES).catch(
    (err) => {
      throw isHttpError(err) && err.status === 413
        ? new HttpError(413, 'Please select an image under 10MB.')
        : err;
    },
  );
  const photo = await decodePhoto(image);
  const refused = admitAnalysis(locals);
  if (refused) return refused;
  const analysis = await analyzeComposition(photo, horizonChoice);
  return Response.json(analysis, { headers: { 'Cache-Control': 'no-store' } });
});
