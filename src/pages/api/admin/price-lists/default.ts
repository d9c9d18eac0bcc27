// PUT /api/admin/price-lists/default { prices: { small: { matte, gloss }, … } in euros, editionPercent }:
// the default list's prices (the same as PUT /api/admin/pricing sets) and its edition rule; every
// photo it prices is repriced at once. A bad value is a 400 naming its field, and nothing changes.
// The default list is neither renamed nor deleted. Owner only (the route table).
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/platform/server/db';
import { handle, readJson } from '~/lib/platform/server/http/http';
import { defaultPriceListSchema } from '~/lib/shop/price-list-schemas';
import { updateDefaultPriceList } from '~/lib/shop/price-lists.server';

export const PUT: APIRoute = handle(async ({ request }) => {
  const input = await readJson(request, defaultPriceListSchema);
  return Response.json({ list: updateDefaultPriceList(getDb(), input) });
});
