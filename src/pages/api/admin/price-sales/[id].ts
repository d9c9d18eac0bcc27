// PUT /api/admin/price-sales/{id} { name, percentOff, allPhotos, photoIds, startsAt, endsAt }:
// replaces a sale (the same checks as a new one, a 400 with a sentence and its field); what the
// sale's state forbids (lib/shop/sale-changes.ts: any change of an ended sale, a running sale's start,
// percentage or prints, an end in the past) is a 409 with a sentence and its field, and nothing changes.
// DELETE /api/admin/price-sales/{id} forgets a planned sale; one that has begun is the record of the
// prices prints sold at, and is a 409 with a sentence. 404 for an unknown id. Owner only (the route
// table).
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/platform/server/db';
import { handle, readJson } from '~/lib/platform/server/http/http';
import { deletePriceSale, listPriceSales, updatePriceSale } from '~/lib/shop/price-sales.server';
import { priceSaleSchema } from '~/lib/shop/schemas';

export const PUT: APIRoute = handle(async ({ params, request }) => {
  const input = await readJson(request, priceSaleSchema);
  const db = getDb();
  const id = params.id ?? '';
  updatePriceSale(db, id, input);
  return Response.json({ sale: listPriceSales(db).find((s) => s.id === id) });
});

export const DELETE: APIRoute = handle(({ params }) => {
  deletePriceSale(getDb(), params.id ?? '');
  return Response.json({ deleted: true });
});
