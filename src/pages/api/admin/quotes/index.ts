// GET /api/admin/quotes?status=all|draft|sent|changes_requested|accepted|expired|withdrawn
// &stage=all|enquiry|quote_sent|accepted|booked|delivered|paid|cancelled: the quotes (jobs), newest
// change first. POST /api/admin/quotes: a new draft quote. Owner only.
import type { APIRoute } from 'astro';
import { createQuote, listQuotes } from '~/lib/jobs/quotes.server';
import { quoteInputSchema, quotesQuerySchema } from '~/lib/jobs/schemas';
import { getDb } from '~/lib/platform/server/db';
import { HttpError, handle, readJson } from '~/lib/platform/server/http/http';

export const GET: APIRoute = handle(({ url }) => {
  const parsed = quotesQuerySchema.safeParse({
    status: url.searchParams.get('status') ?? undefined,
    stage: url.searchParams.get('stage') ?? undefined,
  });
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Unknown status filter.');
  return Response.json({
    quotes: listQuotes(getDb(), parsed.data.status, new Date(), parsed.data.stage),
  });
});

export const POST: APIRoute = handle(async ({ request }) => {
  const data = await readJson(request, quoteInputSchema);
  return Response.json(createQuote(getDb(), data), { status: 201 });
});
