// GET /api/photos/{id}/variants, read by the print dialog while it is open.
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/platform/server/db';
import { HttpError, handle } from '~/lib/platform/server/http/http';
import { withSalePrices } from '~/lib/shop/price-sales.server';
import { listVariantsForPhoto } from '~/lib/shop/products.server';
import { publicVariant } from '~/lib/shop/shop-views.server';

export const GET: APIRoute = handle(({ params }) => {
  const id = params.id ?? '';
  if (!/^[A-Za-z0-9-]{1,64}$/.test(id)) throw new HttpError(400, 'Invalid photo id');
  return Response.json(withSalePrices(getDb(), listVariantsForPhoto(getDb(), id)).map(publicVariant));
});
