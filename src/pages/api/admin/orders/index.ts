// GET /api/admin/orders (owner only, checked in src/middleware.ts): the newest 100 orders, as a list;
// with ?page&limit&search&status, a page of them and the total, { orders, total }, newest first.
import type { APIRoute } from 'astro';
import { orderListEndpoint } from '~/lib/orders/admin-order-endpoints.server';

export const GET: APIRoute = orderListEndpoint;
