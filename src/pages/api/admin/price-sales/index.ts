// GET /api/admin/price-sales: every sale, earliest start first, times on the Irish clock.
// POST /api/admin/price-sales { name, percentOff, allPhotos, photoIds, startsAt, endsAt }: a new sale
// (201); a 400 with a sentence for a sale that ends before it starts, a percentage out of 1 to 90 or
// an unknown print. Owner only (the route table).
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/platform/server/db';
import { handle, readJson } from '~/lib/platform/server/http/http';
import { createPriceSale, listPriceSales } from '~/lib/shop/price-sales.server';
import { priceSaleSchema } from '~/lib/shop/schemas';

export const GET: APIRoute = handle(() => Response.json({ sales: listPriceSales(getDb()) }));

export const POST: APIRoute = handle(async ({ request }) => {
  const input = await readJson(request, priceSaleSchema);
  const db = getDb();
  const id = createPriceSale(db, input);
  return Response.json({ sale: listPriceSales(db).find((s) => s.id === id) }, { status: 201 });
});
