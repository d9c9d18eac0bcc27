// GET /api/admin/orders (owner only, checked in src/middleware.ts): the newest 100 orders, as a list.
import type { APIRoute } from 'astro';
import { adminOrderJson } from '~/lib/orders/admin-order-shapes.server';
import { listRecentOrders } from '~/lib/orders/admin-orders.server';
import { getDb } from '~/lib/platform/server/db';
import { handle } from '~/lib/platform/server/http';

export const GET: APIRoute = handle(() =>
  Response.json(listRecentOrders(getDb()).map(adminOrderJson), { headers: { 'Cache-Control': 'no-store' } }),
);
