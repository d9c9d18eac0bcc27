// GET /quote/{token}/credit-note[?part=deposit|balance]: the client's credit note for the refund of
// a cancelled job, at the quote link's secret address; the same 404 as the page for a link that
// opens nothing. Never cached, never indexed.
import type { APIRoute } from 'astro';
import { jobCreditNoteResponse } from '~/lib/jobs/job-cancel-pdf.server';
import { getDb } from '~/lib/platform/server/db';
import { handle } from '~/lib/platform/server/http/http';

export const GET: APIRoute = handle(({ params, url }) =>
  jobCreditNoteResponse(getDb(), { token: params.token ?? '' }, url.searchParams.get('part')),
);
