// POST /api/admin/orders/{id}/invoice (owner only): issues the VAT invoice of a paid order that has
// none (paid before invoices were issued), numbered next in the same sequence and dated today, and
// for a refunded order its credit note after it; answers the order in full with `issued` (false when
// it had its invoice already: asking twice gives one number). 409 with a sentence for a test order
// or an order not paid, 404 for an unknown order.
import type { APIRoute } from 'astro';
import { orderInvoiceIssueEndpoint } from '~/lib/orders/admin-order-endpoints.server';

export const POST: APIRoute = orderInvoiceIssueEndpoint;
