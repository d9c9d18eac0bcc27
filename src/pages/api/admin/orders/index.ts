// GET /api/admin/orders (owner only, checked in src/middleware.ts): the newest 100 orders, as a list.
import type { APIRoute } from 'astro';
import { adminOrderJson } from '~/lib/server/admin-order-shapes';
import { getDb } from '~/lib/server/db';
import { handle } from '~/lib/server/http';
import { listRecentOrders } from '~/lib/server/services/admin-orders';

export const GET: APIRoute = handle(() =>
  Response.json(listRecentOrders(getDb()).map(adminOrderJson), { headers: { 'Cache-Control': 'no-store' } }),
);
