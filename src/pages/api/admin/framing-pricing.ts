// PUT /api/admin/framing-pricing { updates: [{ size, price }] }: sets frame prices per print size,
// all or nothing; answers the new price list. Owner only (the route table).
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/platform/server/db';
import { handle, readJson } from '~/lib/platform/server/http/http';
import { adminPriceMatrix } from '~/lib/shop/price-views.server';
import { updateFramingPrices } from '~/lib/shop/pricing.server';
import { framingPricingSchema } from '~/lib/shop/schemas';

export const PUT: APIRoute = handle(async ({ request }) => {
  const { updates } = await readJson(request, framingPricingSchema);
  return Response.json(adminPriceMatrix(updateFramingPrices(getDb(), updates)));
});
