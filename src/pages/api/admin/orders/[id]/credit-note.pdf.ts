// GET /api/admin/orders/{id}/credit-note.pdf (owner only): the credit note of the order's refund;
// 404 when it has none.
import type { APIRoute } from 'astro';
import { documentResponse } from '~/lib/orders/invoice-pdf.server';
import { getDb } from '~/lib/platform/server/db';
import { handle } from '~/lib/platform/server/http/http';

export const GET: APIRoute = handle(({ params }) =>
  documentResponse(getDb(), params.id ?? '', 'credit_note'),
);
