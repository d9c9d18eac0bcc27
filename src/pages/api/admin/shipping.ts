// GET /api/admin/shipping: the four zones (prices in euros) and the countries moved out of their own
// zone. PUT /api/admin/shipping { zones?: [{ id, firstPrint, additionalPrint, framedSurcharge,
// freeOver }], countries?: [{ country, zone }] }: saves the zones given (each whole) and moves the
// countries given, to a zone or to null (not shipped to), all or nothing; answers the settings.
// Owner only (the route table).
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/platform/server/db';
import { handle, readJson } from '~/lib/platform/server/http/http';
import { shippingSettingsSchema } from '~/lib/selling/owner-schemas';
import { shippingSettings, shippingSettingsJson, updateShipping } from '~/lib/selling/shipping-admin.server';

export const GET: APIRoute = handle(() => Response.json(shippingSettingsJson(shippingSettings(getDb()))));

export const PUT: APIRoute = handle(async ({ request }) => {
  const input = await readJson(request, shippingSettingsSchema);
  return Response.json(shippingSettingsJson(updateShipping(getDb(), input)));
});
