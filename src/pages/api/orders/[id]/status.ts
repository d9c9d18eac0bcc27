// PATCH /api/orders/{id}/status (owner only): body { status, carrier?, trackingNumber?, notifyCustomer? };
// answers the order in full (the same call as PUT /api/admin/orders/{id}/status).
import type { APIRoute } from 'astro';
import { orderStatusEndpoint } from '~/lib/orders/admin-order-endpoints.server';

export const PATCH: APIRoute = orderStatusEndpoint;
