// The owner's order calls that change an order, shared by the routes that answer them: the status
// change (PATCH /api/orders/{id}/status and PUT /api/admin/orders/{id}/status, one body and one
// answer) and the refund (POST /api/admin/orders/{id}/refund). Both answer the order in full.
import type { APIContext } from 'astro';
import { adminOrderDetailsJson } from '~/lib/orders/admin-order-shapes.server';
import { refundOrder } from '~/lib/orders/order-refund.server';
import { changeOrderStatus } from '~/lib/orders/order-status.server';
import { orderStatusChangeSchema, refundOrderSchema } from '~/lib/orders/schemas';
import { getPaypalClient } from '~/lib/payments/backend.server';
import { getDb } from '~/lib/platform/server/db';
import { HttpError, handle, readJson } from '~/lib/platform/server/http';

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
