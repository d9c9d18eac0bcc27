// GET /api/drone-media: active drone photos and videos (type, isFeatured, url, title, description).
// POST /api/drone-media (owner only, checked in the middleware): a sample from one of the owner's
// uploads; 201 with the stored record.
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/server/db';
import { handle, readJson } from '~/lib/server/http';
import { addDroneMedia } from '~/lib/server/services/drone-media';
import { listDroneMedia } from '~/lib/server/services/site';
import { droneMediaSchema } from '~/lib/shared/schemas';

export const GET: APIRoute = handle(() =>
  Response.json(listDroneMedia(getDb()), { headers: { 'Cache-Control': 'no-cache' } }),
);

export const POST: APIRoute = handle(async ({ request }) => {
  const data = await readJson(request, droneMediaSchema);
  return Response.json(addDroneMedia(getDb(), data), { status: 201 });
});
