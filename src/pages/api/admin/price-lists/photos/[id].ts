// GET /api/admin/price-lists/photos/{id}: the list that prices the photo (its own, its collection's
// or the default) with that list's prices and edition prices in cents, and whether it is an edition.
// PUT { priceListId }: the photo's own list ("default" for the default list, over its collection's),
// or null to take its collection's again; the photo is repriced at once. 404 for an unknown photo or
// list, 400 for a bad body. Owner only (the route table).
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/platform/server/db';
import { handle, readJson } from '~/lib/platform/server/http/http';
import { photoPriceListSchema } from '~/lib/shop/price-list-schemas';
import { photoPrices, setPhotoPriceList } from '~/lib/shop/price-lists.server';

const noStore = { headers: { 'Cache-Control': 'no-store' } };

export const GET: APIRoute = handle(({ params }) =>
  Response.json(photoPrices(getDb(), params.id ?? ''), noStore),
);

export const PUT: APIRoute = handle(async ({ params, request }) => {
  const { priceListId } = await readJson(request, photoPriceListSchema);
  return Response.json(setPhotoPriceList(getDb(), params.id ?? '', priceListId), noStore);
});
