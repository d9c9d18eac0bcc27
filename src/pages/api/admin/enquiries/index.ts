// GET /api/admin/enquiries?filter=unhandled|all: { enquiries, unhandled }, newest first. Owner only.
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/server/db';
import { HttpError, handle } from '~/lib/server/http';
import { listEnquiries } from '~/lib/server/services/enquiries';
import { enquiriesQuerySchema } from '~/lib/shared/schemas';

export const GET: APIRoute = handle(({ url }) => {
  const parsed = enquiriesQuerySchema.safeParse({ filter: url.searchParams.get('filter') ?? undefined });
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Unknown filter.');
  return Response.json(listEnquiries(getDb(), parsed.data.filter));
});
