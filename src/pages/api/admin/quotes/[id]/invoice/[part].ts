// GET /api/admin/quotes/{id}/invoice/{deposit|balance}: the job's VAT invoice for that payment as a
// PDF, or 404 with a sentence when none was issued. Owner only; never cached.
import type { APIRoute } from 'astro';
import { jobInvoiceResponse } from '~/lib/jobs/job-invoice-files.server';
import { getDb } from '~/lib/platform/server/db';
import { handle } from '~/lib/platform/server/http/http';

export const GET: APIRoute = handle(({ params }) =>
  jobInvoiceResponse(getDb(), { quoteId: params.id ?? '' }, params.part ?? ''),
);
