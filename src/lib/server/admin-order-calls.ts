// The owner's order calls that change an order, shared by the routes that answer them: the status
// change (PATCH /api/orders/{id}/status and PUT /api/admin/orders/{id}/status, one body and one
// answer) and the refund (POST /api/admin/orders/{id}/refund). Both answer the order in full.
import type { APIContext } from 'astro';
import { adminOrderDetailsJson } from '~/lib/server/admin-order-shapes';
import { getDb } from '~/lib/server/db';
import { HttpError, handle, readJson } from '~/lib/server/http';
import { getPaypalClient } from '~/lib/server/payments';
import { refundOrder } from '~/lib/server/services/order-refund';
import { changeOrderStatus } from '~/lib/server/services/order-status';
import { orderStatusChangeSchema, refundOrderSchema } from '~/lib/shared/schemas';

/** Who makes the change: the signed-in owner's e-mail (the middleware lets only the owner in). */
function changedBy(locals: App.Locals): string {
  const email = locals.user?.email;
  if (!email) throw new HttpError(401, 'Please sign in.');
  return email;
}

const noStore = { headers: { 'Cache-Control': 'no-store' } };

export const orderStatusCall = handle(async ({ params, request, locals }: APIContext) => {
  const body = await readJson(request, orderStatusChangeSchema);
  const order = await changeOrderStatus(getDb(), {
    orderId: params.id ?? '',
    ...body,
    changedBy: changedBy(locals),
    now: new Date(),
  });
  return Response.json(adminOrderDetailsJson(order), noStore);
});

export const orderRefundCall = handle(async ({ params, request, locals }: APIContext) => {
  const body = await readJson(request, refundOrderSchema);
  const order = await refundOrder(getDb(), getPaypalClient(), {
    orderId: params.id ?? '',
    notifyCustomer: body.notifyCustomer,
    changedBy: changedBy(locals),
    now: new Date(),
  });
  return Response.json(adminOrderDetailsJson(order), noStore);
});
