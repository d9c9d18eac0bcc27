// GET /api/admin/discounts: every discount code, newest first, with its uses and the revenue of its
// paid orders. POST /api/admin/discounts { code, kind, value, expiresOn?, maxUses?, minOrder? }: a new
// code (201); 409 when the code exists in any case. Owner only (the route table).
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/platform/server/db';
import { handle, readJson } from '~/lib/platform/server/http/http';
import { createDiscount, discountJson, listDiscounts } from '~/lib/selling/discount-admin.server';
import { discountCreateSchema } from '~/lib/selling/owner-schemas';

export const GET: APIRoute = handle(() => {
  const now = new Date();
  return Response.json({ discounts: listDiscounts(getDb()).map((d) => discountJson(d, now)) });
});

export const POST: APIRoute = handle(async ({ request }) => {
  const input = await readJson(request, discountCreateSchema);
  return Response.json(discountJson(createDiscount(getDb(), input), new Date()), { status: 201 });
});
