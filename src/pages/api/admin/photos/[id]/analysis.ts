// GET /api/admin/photos/{id}/analysis (owner only): the photo and its kept composition analysis
// (null before the first). POST analyses the photo's stored original on the server and keeps the
// result. Its body may name the owner's word on the line found across the photo, { horizonChoice:
// "horizon" | "not-horizon" | null }, kept with the analysis and used again when it is redone; an
// empty body keeps the word already given. It shares the limit of 30 analyses an hour with POST /api/analyze-composition (429 with
// Retry-After beyond). 404 for an unknown photo, 409 when its original is not stored.
import type { APIRoute } from 'astro';
import { eq } from 'drizzle-orm';
import { admitAnalysis } from '~/lib/composition/analysis/limit.server';
import { analysePhoto, findPhotoAnalysis, type KeptAnalysis } from '~/lib/composition/photo-analyses.server';
import { type PhotoAnalysisResponse, photoAnalysisRequestSchema } from '~/lib/composition/schemas';
import { type Db, getDb } from '~/lib/platform/server/db';
import { HttpError, handle, readJson } from '~/lib/platform/server/http/http';
import { photos } from '~db/schema';

function answer(db: Db, id: string, kept: KeptAnalysis | null): Response {
  const photo = db
    .select({ id: photos.id, title: photos.title, imageUrl: photos.imageUrl, category: photos.category })
    .from(photos)
    .where(eq(photos.id, id))
    .get();
  if (!photo) throw new HttpError(404, 'That photo was not found.');
  const body: PhotoAnalysisResponse = { photo, kept };
  return Response.json(body, { headers: { 'Cache-Control': 'no-store' } });
}

export const GET: APIRoute = handle(({ params }) => {
  const db = getDb();
  const id = params.id ?? '';
  return answer(db, id, findPhotoAnalysis(db, id));
});

export const POST: APIRoute = handle(async ({ params, locals, request }) => {
  const db = getDb();
  const id = params.id ?? '';
  const empty = !request.body || request.headers.get('content-length') === '0';
  const { horizonChoice } = empty ? {} : await readJson(request, photoAnalysisRequestSchema);
  answer(db, id, null);
  const refused = admitAnalysis(locals);
  if (refused) return refused;
  return answer(db, id, await analysePhoto(db, id, horizonChoice));
});
