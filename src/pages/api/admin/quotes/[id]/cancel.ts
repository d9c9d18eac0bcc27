// POST /api/admin/quotes/{id}/cancel { refundCents, reason }: "Cancel the job": refunds up to what
// the client paid (the balance first, then the deposit) through the provider that took each
// payment, marks the job cancelled, issues the credit note and mails the client. 400 for a bad
// body, 409 for a job that is not accepted (or cancelled already), 422 for a refund above what was
// paid or one the provider refused (nothing changed), 502 when the provider did not answer. Owner only.
import type { APIRoute } from 'astro';
import { cancelJob } from '~/lib/jobs/job-cancel.server';
import { jobCancelSchema } from '~/lib/jobs/job-cancel-rules';
import { getPaypalClient } from '~/lib/payments/backend.server';
import { getDb } from '~/lib/platform/server/db';
import { handle, readJson } from '~/lib/platform/server/http/http';

export const POST: APIRoute = handle(async ({ params, request }) => {
  const input = await readJson(request, jobCancelSchema);
  return Response.json(await cancelJob(getDb(), { paypal: getPaypalClient() }, params.id ?? '', input));
});
