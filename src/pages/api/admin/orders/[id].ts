// GET /api/admin/orders/{id} (owner only): the order in full, with payment ids, shipping, refund
// and its status history (newest last), and the numbered copies of limited editions in it; 404 for
// an unknown id.
import type { APIRoute } from 'astro';
import { adminOrderDetailsJson } from '~/lib/orders/admin-order-views.server';
import { getOrderDetails } from '~/lib/orders/admin-orders.server';
import { getDb } from '~/lib/platform/server/db';
import { handle } from '~/lib/platform/server/http/http';
import { numberedCopiesOf } from '~/lib/shop/editions.server';

export const GET: APIRoute = handle(({ params }) => {
  const db = getDb();
  const order = getOrderDetails(db, params.id ?? '');
  // The numbered copies of limited editions, with their certificates' codes.
  const editionCopies = numberedCopiesOf(db, order.id);
  return Response.json(
    { ...adminOrderDetailsJson(order), editionCopies },
    { headers: { 'Cache-Control': 'no-store' } },
  );
});
