// GET /api/admin/quotes/{id}/credit-note[?part=deposit|balance]: the credit note of a cancelled
// job's refund as a PDF (the balance's first when both payments were refunded); 404 when it has
// none. Owner only, never cached.
import type { APIRoute } from 'astro';
import { jobCreditNoteResponse } from '~/lib/jobs/job-cancel-pdf.server';
import { getDb } from '~/lib/platform/server/db';
import { handle } from '~/lib/platform/server/http/http';

export const GET: APIRoute = handle(({ params, url }) =>
  jobCreditNoteResponse(getDb(), { quoteId: params.id ?? '' }, url.searchParams.get('part')),
);
