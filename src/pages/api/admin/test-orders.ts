// GET /api/admin/test-orders: { count } of the test orders stored (made in test mode, no payment
// taken). DELETE /api/admin/test-orders: removes them all with their items, held copies and unsent
// mails, never a real order: { removed, mails, message }. Owner only (the route table).
import type { APIRoute } from 'astro';
import { clearTestOrders, countTestOrders } from '~/lib/orders/test-orders.server';
import { getDb } from '~/lib/platform/server/db';
import { handle } from '~/lib/platform/server/http/http';

const noStore = { headers: { 'Cache-Control': 'no-store' } };

export const GET: APIRoute = handle(() => Response.json({ count: countTestOrders(getDb()) }, noStore));

export const DELETE: APIRoute = handle(() => {
  const { orders, mails } = clearTestOrders(getDb());
  const message =
    orders === 0
      ? 'There were no test orders to clear.'
      : `Cleared ${orders} test ${orders === 1 ? 'order' : 'orders'}. Orders paid through PayPal were not touched.`;
  return Response.json({ removed: orders, mails, message }, noStore);
});
