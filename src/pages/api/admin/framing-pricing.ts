// PUT /api/admin/framing-pricing { updates: [{ size, price }] }: sets frame prices per print size,
// all or nothing; answers the new price list. Owner only (the route table).
import type { APIRoute } from 'astro';
import { adminPriceMatrix } from '~/lib/server/admin-shapes';
import { getDb } from '~/lib/server/db';
import { handle, readJson } from '~/lib/server/http';
import { updateFramingPrices } from '~/lib/server/services/pricing';
import { framingPricingSchema } from '~/lib/shared/schemas';

export const PUT: APIRoute = handle(async ({ request }) => {
  const { updates } = await readJson(request, framingPricingSchema);
  return Response.json(adminPriceMatrix(updateFramingPrices(getDb(), updates)));
});
