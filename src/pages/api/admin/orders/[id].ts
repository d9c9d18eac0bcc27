// GET /api/admin/orders/{id} (owner only): the order in full, with payment ids, shipping, refund
// and its status history (newest last); 404 for an unknown id.
import type { APIRoute } from 'astro';
import { adminOrderDetailsJson } from '~/lib/server/admin-order-shapes';
import { getDb } from '~/lib/server/db';
import { handle } from '~/lib/server/http';
import { getOrderDetails } from '~/lib/server/services/admin-orders';

export const GET: APIRoute = handle(({ params }) =>
  Response.json(adminOrderDetailsJson(getOrderDetails(getDb(), params.id ?? '')), {
    headers: { 'Cache-Control': 'no-store' },
  }),
);
