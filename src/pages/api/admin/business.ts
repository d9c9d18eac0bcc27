// GET /api/admin/business: the business details, or { details: null } while none are saved.
// PUT /api/admin/business { legalName, tradingName?, addressLine1, addressLine2?, town, region?,
// postcode?, country, vatNumber?, companyNumber?, email, phone? }: saves the whole card and answers
// it as stored (the VAT number and Eircode in their standard form). A malformed field answers 400
// with its sentence alone and the field it is about ({ message, field }); nothing changes. Owner
// only (the route table).
import type { APIRoute } from 'astro';
import { z } from 'zod';
import { getDb } from '~/lib/platform/server/db';
import { HttpError, handle, readJson } from '~/lib/platform/server/http/http';
import { businessDetailsSchema } from '~/lib/site/business';
import { readBusinessDetails, saveBusinessDetails } from '~/lib/site/business.server';

export const GET: APIRoute = handle(() => Response.json({ details: readBusinessDetails(getDb()) }));

export const PUT: APIRoute = handle(async ({ request }) => {
  const body = await readJson(
    request,
    z.record(z.string(), z.unknown(), { error: 'Please send the details.' }),
  );
  const parsed = businessDetailsSchema.safeParse(body);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new HttpError(400, first?.message ?? 'Please check the details.', { field: first?.path.join('.') });
  }
  return Response.json({ details: saveBusinessDetails(getDb(), parsed.data) });
});
