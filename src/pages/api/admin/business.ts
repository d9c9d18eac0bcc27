// GET /api/admin/business: the business details, or { details: null } while none are saved.
// PUT /api/admin/business { legalName, tradingName?, addressLine1, addressLine2?, town, region?,
// postcode?, country, vatNumber?, companyNumber?, email, phone? }: saves the whole card and answers
// it as stored (the VAT number and Eircode in their standard form); a malformed field answers 400
// with the reason and nothing changes. Owner only (the route table).
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/platform/server/db';
import { handle, readJson } from '~/lib/platform/server/http/http';
import { businessDetailsSchema } from '~/lib/site/business';
import { readBusinessDetails, saveBusinessDetails } from '~/lib/site/business.server';

export const GET: APIRoute = handle(() => Response.json({ details: readBusinessDetails(getDb()) }));

export const PUT: APIRoute = handle(async ({ request }) => {
  const details = await readJson(request, businessDetailsSchema);
  return Response.json({ details: saveBusinessDetails(getDb(), details) });
});
