// PUT /api/admin/price-lists/{id} { name, prices, editionPercent }: renames a named list and sets its
// prices and edition rule; every photo it prices is repriced at once. A bad value is a 400 naming
// its field, a name in use a 409, an unknown list a 404; nothing changes then.
// DELETE /api/admin/price-lists/{id}: its collections go back to the default list and the photos
// that chose it to their collection's, repriced at once; answers what moved. Owner only (the route
// table).
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/platform/server/db';
import { handle, readJson } from '~/lib/platform/server/http/http';
import { priceListSchema } from '~/lib/shop/price-list-schemas';
import { deletePriceList, updatePriceList } from '~/lib/shop/price-lists.server';

export const PUT: APIRoute = handle(async ({ params, request }) => {
  const input = await readJson(request, priceListSchema);
  return Response.json({ list: updatePriceList(getDb(), params.id ?? '', input) });
});

export const DELETE: APIRoute = handle(({ params }) =>
  Response.json({ deleted: deletePriceList(getDb(), params.id ?? '') }),
);
