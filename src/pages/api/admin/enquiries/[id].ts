// PATCH /api/admin/enquiries/{id} { handled }: marks an enquiry handled or waiting again; answers the
// enquiry (404 for an unknown id). Owner only.
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/server/db';
import { handle, readJson } from '~/lib/server/http';
import { setEnquiryHandled } from '~/lib/server/services/enquiries';
import { enquiryHandledSchema } from '~/lib/shared/schemas';

export const PATCH: APIRoute = handle(async ({ params, request }) => {
  const { handled } = await readJson(request, enquiryHandledSchema);
  return Response.json(setEnquiryHandled(getDb(), params.id ?? '', handled));
});
