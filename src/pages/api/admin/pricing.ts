// GET /api/admin/pricing: the print and frame prices new variants and orders get.
// PUT /api/admin/pricing { updates: [{ size, finish, price }] }: sets print prices for every photo,
// all or nothing; answers the new price list. Owner only (the route table).
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/platform/server/db';
import { handle, readJson } from '~/lib/platform/server/http/http';
import { adminPriceMatrix } from '~/lib/shop/price-views.server';
import { getPriceMatrix, updatePrintPrices } from '~/lib/shop/pricing.server';
import { printPricingSchema } from '~/lib/shop/schemas';

export const GET: APIRoute = handle(() => Response.json(adminPriceMatrix(getPriceMatrix(getDb()))));

export const PUT: APIRoute = handle(async ({ request }) => {
  const { updates } = await readJson(request, printPricingSchema);
  return Response.json(adminPriceMatrix(updatePrintPrices(getDb(), updates)));
});
