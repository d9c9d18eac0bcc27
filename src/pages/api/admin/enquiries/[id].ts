// PATCH /api/admin/enquiries/{id} { handled }: marks an enquiry handled or waiting again; answers the
// enquiry (404 for an unknown id). Owner only.
import type { APIRoute } from 'astro';
import { setEnquiryHandled } from '~/lib/enquiries/enquiries.server';
import { enquiryHandledSchema } from '~/lib/enquiries/schemas';
import { getDb } from '~/lib/platform/server/db';
import { handle, readJson } from '~/lib/platform/server/http/http';

export const PATCH: APIRoute = handle(async ({ params, request }) => {
  const { handled } = await readJson(request, enquiryHandledSchema);
  return Response.json(setEnquiryHandled(getDb(), params.id ?? '', handled));
});
