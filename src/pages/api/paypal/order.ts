// POST /api/paypal/order: the browser sends its lines; the server prices them, stores a pending
// order and creates the PayPal order for that total. Any `amount` in the body is dropped by the schema.
import type { APIRoute } from 'astro';
import { getDb } from '../../../lib/server/db';
import { handle, readJson } from '../../../lib/server/http';
import { getPaypalClient } from '../../../lib/server/payments';
import { createPaypalOrder } from '../../../lib/server/services/orders';
import { createOrderSchema } from '../../../lib/shared/schemas';

export const POST: APIRoute = handle(async ({ request }) => {
  const input = await readJson(request, createOrderSchema);
  const { id } = await createPaypalOrder(getDb(), getPaypalClient(), input.lines);
  return Response.json({ id }, { status: 201, headers: { 'Cache-Control': 'no-store' } });
});
