// GET /api/admin/vat-rates: each product class's VAT rate in percent, with its default.
// PUT /api/admin/vat-rates { rates: { print?, edition?, framing?, shipping? } }: rates in percent
// (0 to 100, at most 2 decimals), all or nothing; answers every rate. Owner only (the route table).
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/platform/server/db';
import { handle, readJson } from '~/lib/platform/server/http/http';
import { vatRatesSchema } from '~/lib/selling/owner-schemas';
import { loadVatRates } from '~/lib/selling/selling-rules.server';
import { updateVatRates, vatRatesJson } from '~/lib/selling/vat-admin.server';

export const GET: APIRoute = handle(() => Response.json(vatRatesJson(loadVatRates(getDb()))));

export const PUT: APIRoute = handle(async ({ request }) => {
  const rates = await readJson(request, vatRatesSchema);
  return Response.json(vatRatesJson(updateVatRates(getDb(), rates)));
});
