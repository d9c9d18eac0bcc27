// PUT /api/admin/orders/{id}/status (owner only): body { status, carrier?, trackingNumber?, notifyCustomer? };
// answers the order in full (the same call as PATCH /api/orders/{id}/status).
import type { APIRoute } from 'astro';
import { orderStatusCall } from '~/lib/server/admin-order-calls';

export const PUT: APIRoute = orderStatusCall;
