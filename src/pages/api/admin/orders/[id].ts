// GET /api/admin/orders/{id} (owner only): the order in full, with payment ids, shipping, refund
// and its status history (newest last); 404 for an unknown id.
import type { APIRoute } from 'astro';
import { adminOrderDetailsJson } from '~/lib/orders/admin-order-shapes.server';
import { getOrderDetails } from '~/lib/orders/admin-orders.server';
import { getDb } from '~/lib/platform/server/db';
import { handle } from '~/lib/platform/server/http';

export const GET: APIRoute = handle(({ params }) =>
  Response.json(adminOrderDetailsJson(getOrderDetails(getDb(), params.id ?? '')), {
    headers: { 'Cache-Control': 'no-store' },
  }),
);
