// PUT /api/admin/discounts/{id} { kind?, value?, expiresOn?, maxUses?, minOrder?, active? }: changes a
// code (its spelling stays); answers it. DELETE /api/admin/discounts/{id}: deletes a code no order
// carries, or switches off one that an order carries: { deleted, discount }. 404 for an unknown id.
// Owner only (the route table).
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/platform/server/db';
import { handle, readJson } from '~/lib/platform/server/http/http';
import { deleteDiscount, discountJson, updateDiscount } from '~/lib/selling/discount-admin.server';
import { discountUpdateSchema } from '~/lib/selling/owner-schemas';

export const PUT: APIRoute = handle(async ({ params, request }) => {
  const input = await readJson(request, discountUpdateSchema);
  return Response.json(discountJson(updateDiscount(getDb(), params.id ?? '', input), new Date()));
});

export const DELETE: APIRoute = handle(({ params }) => {
  const { deleted, discount } = deleteDiscount(getDb(), params.id ?? '');
  return Response.json({ deleted, discount: discount && discountJson(discount, new Date()) });
});
