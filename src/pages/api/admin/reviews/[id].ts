// PATCH /api/admin/reviews/{id} { state }: the owner approves a review (it is shown on the site),
// hides it, or sets it back to wait; answers the review (404 for an unknown id). Owner only.
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/platform/server/db';
import { handle, readJson } from '~/lib/platform/server/http/http';
import { reviewStateSchema } from '~/lib/reviews/review-schema';
import { setReviewState } from '~/lib/reviews/reviews.server';

export const PATCH: APIRoute = handle(async ({ params, request }) => {
  const { state } = await readJson(request, reviewStateSchema);
  return Response.json(setReviewState(getDb(), params.id ?? '', state));
});
