// GET /api/photos/{id}/edition, read by the print dialog while it is open: the photo's edition size
// and the copies left ({ editionSize: null } for an open edition). Never cached: copies come and go.
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/platform/server/db';
import { HttpError, handle } from '~/lib/platform/server/http/http';
import { editionOf } from '~/lib/shop/editions.server';

export const GET: APIRoute = handle(({ params }) => {
  const id = params.id ?? '';
  if (!/^[A-Za-z0-9-]{1,64}$/.test(id)) throw new HttpError(400, 'Invalid photo id');
  const { editionSize, left } = editionOf(getDb(), id);
  return Response.json({ editionSize, left }, { headers: { 'Cache-Control': 'no-store' } });
});
