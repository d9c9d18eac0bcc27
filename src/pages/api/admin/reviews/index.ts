// GET /api/admin/reviews?state=all|pending|approved|hidden: { reviews, pending }, those waiting for
// approval first, then newest first. Owner only.
import type { APIRoute } from 'astro';
import * as z from 'zod/mini';
import { getDb } from '~/lib/platform/server/db';
import { HttpError, handle } from '~/lib/platform/server/http/http';
import { reviewsQuerySchema } from '~/lib/reviews/review-schema';
import { listReviews } from '~/lib/reviews/reviews.server';

export const GET: APIRoute = handle(({ url }) => {
  const parsed = z.safeParse(reviewsQuerySchema, { state: url.searchParams.get('state') ?? undefined });
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Unknown state.');
  return Response.json(listReviews(getDb(), parsed.data.state));
});
