// The owner's order endpoints, shared by the routes that answer them. The owner's screens use the
// /api/admin/orders routes; /api/orders and PATCH /api/orders/{id}/status are older names of the
// same endpoints, kept for anyone who still uses them:
// - the list: GET /api/admin/orders?page&limit&search&status (the same as GET /api/orders), or the
//   newest orders at once when the query names none of these;
// - the status change: PUT /api/admin/orders/{id}/status (the same as PATCH /api/orders/{id}/status);
// - the refund: POST /api/admin/orders/{id}/refund;
// - the invoice of an order paid before invoices were issued: POST /api/admin/orders/{id}/invoice.
// The changes answer the order in full.
import type { APIContext } from 'astro';
import { adminOrderDetailsJson, adminOrderJson } from '~/lib/orders/admin-order-views.server';
import { getOrderDetails, listOrders, listRecentOrders } from '~/lib/orders/admin-orders.server';
import { issueMissingInvoice } from '~/lib/orders/late-invoices.server';
import { refundOrder } from '~/lib/orders/order-refund.server';
import { changeOrderStatus } from '~/lib/orders/order-status.server';
import { orderStatusChangeSchema, ordersQuerySchema, refundOrderSchema } from '~/lib/orders/schemas';
import { getPaypalClient } from '~/lib/payments/backend.server';
import { getDb } from '~/lib/platform/server/db';
import { HttpError, handle, readJson } from '~/lib/platform/server/http/http';

/** Who makes the change: the signed-in owner's e-mail (the middleware lets only the owner in). */
function changedBy(locals: App.Locals): string {
  const email = locals.user?.email;
  if (!email) throw new HttpError(401, 'Please sign in.');
  return email;
}

const noStore = { headers: { 'Cache-Control': 'no-store' } };

const PAGE_QUERY = ['page', 'limit', 'search', 'status'] as const;

/** A page of orders, newest first, and the total: { orders, total }; 10 a page unless limit says otherwise (at most 50). */
export const orderPageEndpoint = handle(({ url }: APIContext) => {
  const q = url.searchParams;
  const parsed = ordersQuerySchema.safeParse(Object.fromEntries(PAGE_QUERY.map((k) => [k, q.get(k)])));
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid query.');
  const { orders, total } = listOrders(getDb(), parsed.data);
  return Response.json({ orders: orders.map(adminOrderJson), total }, noStore);
});

/** The owner's order list: a page of it when the query asks for one, else the newest orders as a list. */
export const orderListEndpoint = handle((context: APIContext) => {
  const paged = PAGE_QUERY.some((k) => context.url.searchParams.has(k));
  return paged
    ? orderPageEndpoint(context)
    : Response.json(listRecentOrders(getDb()).map(adminOrderJson), noStore);
});

export const orderStatusEndpoint = handle(async ({ params, request, locals }: APIContext) => {
  const body = await readJson(request, orderStatusChangeSchema);
  const order = await changeOrderStatus(getDb(), {
    orderId: params.id ?? '',
    ...body,
    changedBy: changedBy(locals),
    now: new Date(),
  });
  return Response.json(adminOrderDetailsJson(order), noStore);
});

export const orderRefundEndpoint = handle(async ({ params, request, locals }: APIContext) => {
  const body = await readJson(request, refundOrderSchema);
  const order = await refundOrder(getDb(), getPaypalClient(), {
    orderId: params.id ?? '',
    notifyCustomer: body.notifyCustomer,
    changedBy: changedBy(locals),
    now: new Date(),
  });
  return Response.json(adminOrderDetailsJson(order), noStore);
});

/** Issues the invoice an order paid before invoices were issued lacks; `issued` is false when it had one. */
export const orderInvoiceIssueEndpoint = handle(({ params, locals }: APIContext) => {
  const db = getDb();
  const orderId = params.id ?? '';
  const { issued } = issueMissingInvoice(db, orderId, changedBy(locals));
  return Response.json({ ...adminOrderDetailsJson(getOrderDetails(db, orderId)), issued }, noStore);
});
