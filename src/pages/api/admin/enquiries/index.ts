// GET /api/admin/enquiries?filter=unhandled|all: { enquiries, unhandled }, newest first. Owner only.
import type { APIRoute } from 'astro';
import { listEnquiries } from '~/lib/enquiries/enquiries.server';
import { enquiriesQuerySchema } from '~/lib/enquiries/schemas';
import { getDb } from '~/lib/platform/server/db';
import { HttpError, handle } from '~/lib/platform/server/http/http';

export const GET: APIRoute = handle(({ url }) => {
  const parsed = enquiriesQuerySchema.safeParse({ filter: url.searchParams.get('filter') ?? undefined });
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Unknown filter.');
  return Response.json(listEnquiries(getDb(), parsed.data.filter));
});
