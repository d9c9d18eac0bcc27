// GET /api/orders?page&limit&search&status (owner only, checked in src/middleware.ts): the same call
// as GET /api/admin/orders with that query, { orders, total }, newest first, 10 a page unless limit
// says otherwise (at most 50).
import type { APIRoute } from 'astro';
import { orderPageEndpoint } from '~/lib/orders/admin-order-endpoints.server';

export const GET: APIRoute = orderPageEndpoint;
