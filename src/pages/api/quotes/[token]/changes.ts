// POST /api/quotes/{token}/changes { message }: the client asks for a change to the quote the link
// opens; the owner is mailed. Public: the token is the authorization; rate-limited per address.
import type { APIRoute } from 'astro';
import { requestQuoteChanges } from '~/lib/jobs/quote-client.server';
import { quoteChangesSchema } from '~/lib/jobs/schemas';
import { getDb } from '~/lib/platform/server/db';
import { HttpError, handle, MAX_FORM_BYTES, readJson } from '~/lib/platform/server/http/http';
import { quoteIpLimiter } from '~/lib/platform/server/http/rate-limit';

export const POST: APIRoute = handle(async ({ params, request, locals }) => {
  if (quoteIpLimiter.hit(locals.clientIp) > 0) {
    throw new HttpError(429, 'Too many requests came from your connection. Please try again in an hour.');
  }
  const { message } = await readJson(request, quoteChangesSchema, MAX_FORM_BYTES);
  requestQuoteChanges(getDb(), params.token ?? '', message);
  return Response.json({ message: 'Your message was sent to the photographer.' });
});
