// POST /api/admin/orders/{id}/refund (owner only): body { notifyCustomer? }; refunds the order's
// PayPal payment in full and answers the order in full. 409 when it is not paid or already
// refunded, 422 when PayPal refuses (the order is then unchanged).
import type { APIRoute } from 'astro';
import { orderRefundEndpoint } from '~/lib/orders/admin-order-endpoints.server';

export const POST: APIRoute = orderRefundEndpoint;
