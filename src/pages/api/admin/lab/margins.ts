// GET /api/admin/lab/margins?list=<price list id>&edition=1: for each print the lab makes, the
// shop's price under that price list (the default one when left out; a limited edition's copy with
// edition=1), the VAT inside it, the lab's cost and delivery (one copy to Ireland, the owner's
// delivery method), and what is left for the owner. A product the lab cannot price now carries a
// `problem` instead of figures. An unknown list is a 404, a malformed query a 400. Owner only (the
// route table).
import type { APIRoute } from 'astro';
import { getLab } from '~/lib/lab/lab-backend.server';
import { getDb } from '~/lib/platform/server/db';
import { HttpError, handle } from '~/lib/platform/server/http/http';
import { labMarginsQuerySchema } from '~/lib/selling/lab-margins';
import { labMargins } from '~/lib/selling/lab-margins.server';

export const GET: APIRoute = handle(async ({ url }) => {
  const parsed = labMarginsQuerySchema.safeParse({
    list: url.searchParams.get('list') ?? undefined,
    edition: url.searchParams.get('edition') ?? undefined,
  });
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid query.');
  const view = await labMargins(getDb(), getLab(), {
    listId: parsed.data.list,
    edition: parsed.data.edition,
  });
  return Response.json(view, { headers: { 'Cache-Control': 'no-store' } });
});
