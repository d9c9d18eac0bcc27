// POST /api/reviews { token, photoId, rating, text?, name, place }: a buyer's review of one print of
// the order their review link was sent for (lib/reviews/reviews.server.ts). 201 with the review, which waits
// for the owner's approval; 400 for bad input, 404 for an unknown link or a print not in its order,
// 409 when the print is reviewed already, 410 when the link no longer works, 429 beyond 60 an hour
// from one address. Public: the link's token is the authorization.
// JSON from the review page's script; a plain form post (no JavaScript) is answered with a
// redirect back to the review page, which shows what became of it.
import type { APIRoute } from 'astro';
import * as z from 'zod/mini';
import { getDb } from '~/lib/platform/server/db';
import {
  HttpError,
  handle,
  isHttpError,
  MAX_FORM_BYTES,
  readForm,
  readJson,
} from '~/lib/platform/server/http/http';
import { reviewIpLimiter } from '~/lib/platform/server/http/rate-limit';
import { REVIEW_TOKEN_PATTERN, reviewSchema } from '~/lib/reviews/review-schema';
import { submitReview } from '~/lib/reviews/reviews.server';

const TOO_MANY = 'Too many reviews were sent from your connection. Please try again in an hour.';

export const POST: APIRoute = handle(async ({ request, locals }) => {
  const limited = () => reviewIpLimiter.hit(locals.clientIp) > 0;
  if ((request.headers.get('content-type') ?? '').startsWith('application/x-www-form-urlencoded')) {
    const form = Object.fromEntries(await readForm(request, MAX_FORM_BYTES));
    const token = typeof form.token === 'string' && REVIEW_TOKEN_PATTERN.test(form.token) ? form.token : '';
    const page = `/review/${token || 'unknown'}`;
    const parsed = z.safeParse(reviewSchema, form);
    let outcome = '?failed=1';
    if (parsed.success && !limited()) {
      const { token: _token, ...input } = parsed.data;
      try {
        submitReview(getDb(), token, input);
        outcome = '?sent=1';
      } catch (err) {
        // A print reviewed already, or a link that no longer works: the page says which.
        if (!isHttpError(err)) throw err;
        outcome = '';
      }
    }
    return new Response(null, { status: 303, headers: { Location: `${page}${outcome}` } });
  }
  if (limited()) throw new HttpError(429, TOO_MANY);
  const { token, ...input } = await readJson(request, reviewSchema, MAX_FORM_BYTES);
  const review = submitReview(getDb(), token, input);
  return Response.json(
    { review, message: 'Thank you! Your review will appear on the site once the photographer has read it.' },
    { status: 201 },
  );
});
