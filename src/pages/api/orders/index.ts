// GET /api/orders?page&limit&search&status (owner only, checked in src/middleware.ts):
// { orders, total }, newest first; 10 a page unless limit says otherwise (at most 50).
import type { APIRoute } from 'astro';
import { adminOrderJson } from '~/lib/orders/admin-order-shapes.server';
import { listOrders } from '~/lib/orders/admin-orders.server';
import { ordersQuerySchema } from '~/lib/orders/schemas';
import { getDb } from '~/lib/platform/server/db';
import { HttpError, handle } from '~/lib/platform/server/http';

export const GET: APIRoute = handle(({ url }) => {
  const q = url.searchParams;
  const parsed = ordersQuerySchema.safeParse({
    page: q.get('page'),
    limit: q.get('limit'),
    search: q.get('search'),
    status: q.get('status'),
  });
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid query.');
  const { orders, total } = listOrders(getDb(), parsed.data);
  return Response.json(
    { orders: orders.map(adminOrderJson), total },
    { headers: { 'Cache-Control': 'no-store' } },
  );
});
