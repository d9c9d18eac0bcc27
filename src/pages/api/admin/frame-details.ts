// GET /api/admin/frame-details: the frames' glazing, hanging fittings and weight per size (null
// where nothing is said). PUT /api/admin/frame-details { glazing, hanging, weights: { small, … } }:
// saves them and answers them as stored; a negative weight, an unknown glazing or a size without a
// frame is a 400 with a sentence and the field it is about ({ message, field }), and nothing
// changes. Owner only (the route table).
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/platform/server/db';
import { handle, readJson } from '~/lib/platform/server/http/http';
import { frameDetailsSchema } from '~/lib/shop/frame-details';
import { readFrameDetails, saveFrameDetails } from '~/lib/shop/frame-details.server';

export const GET: APIRoute = handle(() => Response.json({ details: readFrameDetails(getDb()) }));

export const PUT: APIRoute = handle(async ({ request }) => {
  const details = await readJson(request, frameDetailsSchema);
  return Response.json({ details: saveFrameDetails(getDb(), details) });
});
