// GET /api/admin/price-lists: the default list and the named lists, each with its six prices in
// cents, its edition rule and prices, the collections it prices and how many photos, and each
// collection's list (null: the default).
// POST /api/admin/price-lists { name, prices: { small: { matte, gloss }, … } in euros, editionPercent }:
// a new named list (201); a bad value is a 400 naming its field, a name in use a 409. Owner only (the
// route table).
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/platform/server/db';
import { handle, readJson } from '~/lib/platform/server/http/http';
import { priceListSchema } from '~/lib/shop/price-list-schemas';
import { createPriceList, listPriceLists } from '~/lib/shop/price-lists.server';

const noStore = { 'Cache-Control': 'no-store' };

export const GET: APIRoute = handle(() => Response.json(listPriceLists(getDb()), { headers: noStore }));

export const POST: APIRoute = handle(async ({ request }) => {
  const input = await readJson(request, priceListSchema);
  return Response.json({ list: createPriceList(getDb(), input) }, { status: 201, headers: noStore });
});
