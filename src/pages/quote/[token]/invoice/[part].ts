// GET /quote/{token}/invoice/{deposit|balance}: the client's VAT invoice for that payment of the job
// as a PDF, at the quote link's secret address; the same 404 as the page for a link that opens
// nothing. Never cached, never indexed.
import type { APIRoute } from 'astro';
import { jobInvoiceResponse } from '~/lib/jobs/job-invoice-files.server';
import { getDb } from '~/lib/platform/server/db';
import { handle } from '~/lib/platform/server/http/http';

export const GET: APIRoute = handle(({ params }) =>
  jobInvoiceResponse(getDb(), { token: params.token ?? '' }, params.part ?? ''),
);
