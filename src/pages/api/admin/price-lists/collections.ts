// PUT /api/admin/price-lists/collections { collections: { mountains: listId | null, … } }: each named
// collection's price list (null: the default); the others keep theirs. Every photo of theirs that
// has no list of its own is repriced at once. An unknown collection is a 400, an unknown list a 404,
// and nothing changes then. Answers every list, as GET /api/admin/price-lists does. Owner only (the
// route table).
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/platform/server/db';
import { handle, readJson } from '~/lib/platform/server/http/http';
import { collectionPriceListsSchema } from '~/lib/shop/price-list-schemas';
import { setCollectionPriceLists } from '~/lib/shop/price-lists.server';

export const PUT: APIRoute = handle(async ({ request }) => {
  const { collections } = await readJson(request, collectionPriceListsSchema);
  return Response.json(setCollectionPriceLists(getDb(), collections));
});
