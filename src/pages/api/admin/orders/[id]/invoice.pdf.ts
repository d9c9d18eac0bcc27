// GET /api/admin/orders/{id}/invoice.pdf (owner only): the order's VAT invoice (a test order's
// specimen); 404 when it has none.
import type { APIRoute } from 'astro';
import { documentResponse } from '~/lib/orders/invoice-pdf.server';
import { getDb } from '~/lib/platform/server/db';
import { handle } from '~/lib/platform/server/http/http';

export const GET: APIRoute = handle(({ params }) => documentResponse(getDb(), params.id ?? '', 'invoice'));
