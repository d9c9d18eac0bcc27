// GET /api/admin/quotes/{id}: the quote with its lines, totals and the client's messages.
// PUT /api/admin/quotes/{id}: saves the owner's changes (a sent quote becomes a draft again; an
// accepted or withdrawn one answers 409). Owner only.
import type { APIRoute } from 'astro';
import { getQuote, updateQuote } from '~/lib/jobs/quotes.server';
import { quoteInputSchema } from '~/lib/jobs/schemas';
import { getDb } from '~/lib/platform/server/db';
import { handle, readJson } from '~/lib/platform/server/http/http';

export const GET: APIRoute = handle(({ params }) => Response.json(getQuote(getDb(), params.id ?? '')));

export const PUT: APIRoute = handle(async ({ params, request }) => {
  const data = await readJson(request, quoteInputSchema);
  return Response.json(updateQuote(getDb(), params.id ?? '', data));
});
