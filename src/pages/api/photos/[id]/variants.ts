// GET /api/photos/{id}/variants, read by the print dialog while it is open.
import type { APIRoute } from 'astro';
import { publicVariant } from '~/lib/server/api-shapes';
import { getDb } from '~/lib/server/db';
import { HttpError, handle } from '~/lib/server/http';
import { listVariantsForPhoto } from '~/lib/server/services/products';

export const GET: APIRoute = handle(({ params }) => {
  const id = params.id ?? '';
  if (!/^[A-Za-z0-9-]{1,64}$/.test(id)) throw new HttpError(400, 'Invalid photo id');
  return Response.json(listVariantsForPhoto(getDb(), id).map(publicVariant));
});
