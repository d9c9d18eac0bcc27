// POST /api/quotes/{token}/accept { name, acceptTerms: true, totalCents }: the client accepts the
// quote the link opens, for the total they were shown. Public: the token is the authorization.
// Refusals: 404 for a link that opens nothing, 409 or 410 for a quote that cannot be accepted now
// (with a sentence), 400 for a missing name or unticked terms, 413 for a huge body, 429 for floods.
import type { APIRoute } from 'astro';
import { acceptQuote } from '~/lib/jobs/quote-client.server';
import { acceptQuoteSchema } from '~/lib/jobs/schemas';
import { getDb } from '~/lib/platform/server/db';
import { HttpError, handle, MAX_FORM_BYTES, readJson } from '~/lib/platform/server/http/http';
import { quoteIpLimiter } from '~/lib/platform/server/http/rate-limit';

export const POST: APIRoute = handle(async ({ params, request, locals }) => {
  if (quoteIpLimiter.hit(locals.clientIp) > 0) {
    throw new HttpError(429, 'Too many requests came from your connection. Please try again in an hour.');
  }
  const input = await readJson(request, acceptQuoteSchema, MAX_FORM_BYTES);
  const quote = acceptQuote(getDb(), params.token ?? '', input, {
    ip: locals.clientIp,
    userAgent: request.headers.get('user-agent') ?? '',
  });
  return Response.json({
    message: 'Quote accepted',
    acceptedAt: quote.acceptedAt,
    acceptedName: quote.acceptedName,
    acceptedTotalCents: quote.acceptedTotalCents,
  });
});
