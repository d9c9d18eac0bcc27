// POST /api/admin/orders/{id}/lab { action: 'approve' | 'cancel' | 'retry' } (owner only): the
// owner's hand on the order's lab order. approve sends one held for approval; retry sends a refused
// one again; cancel withdraws it before it reaches the lab, or cancels it at the lab while the lab
// allows it. Answers the order in full. 404: no such order, or none of its prints made by the lab;
// 409: not in a state that allows the action, or the lab has started making it; 422: the lab
// refused; 503: the lab could not be reached (nothing changed). Cancelling refunds nothing.
import type { APIRoute } from 'astro';
import { getLab } from '~/lib/lab/lab-backend.server';
import { adminOrderDetailsJson } from '~/lib/orders/admin-order-views.server';
import { actOnLabOrder } from '~/lib/orders/lab-order-admin.server';
import { labOrderActionSchema } from '~/lib/orders/lab-order-schemas';
import { getDb } from '~/lib/platform/server/db';
import { HttpError, handle, readJson } from '~/lib/platform/server/http/http';

export const POST: APIRoute = handle(async ({ params, request, locals }) => {
  const by = locals.user?.email;
  if (!by) throw new HttpError(401, 'Please sign in.');
  const { action } = await readJson(request, labOrderActionSchema);
  const order = await actOnLabOrder(getDb(), getLab(), {
    orderId: params.id ?? '',
    action,
    by,
    now: new Date(),
  });
  return Response.json(adminOrderDetailsJson(order), { headers: { 'Cache-Control': 'no-store' } });
});
