// GET /api/drone-media: active drone photos and videos (type, isFeatured, url, title, description,
// and a video's poster frame).
// POST /api/drone-media (owner only, checked in the middleware): a sample from one of the owner's
// uploads; 201 with the stored record, 409 when it would be a third sample photo.
import type { APIRoute } from 'astro';
import { addDroneMedia, listDroneSamples, posterUrl } from '~/lib/drone/drone-media.server';
import { droneMediaSchema } from '~/lib/drone/schemas';
import { getDb } from '~/lib/platform/server/db';
import { handle, readJson } from '~/lib/platform/server/http/http';

export const GET: APIRoute = handle(() => {
  const samples = listDroneSamples(getDb()).map((s) => ({
    id: s.id,
    type: s.type,
    url: s.url,
    title: s.title,
    description: s.description,
    isActive: s.isActive,
    isFeatured: s.isFeatured,
    poster: s.type === 'video' ? posterUrl(s) : null,
    createdAt: s.createdAt,
  }));
  return Response.json(samples, { headers: { 'Cache-Control': 'no-cache' } });
});

export const POST: APIRoute = handle(async ({ request }) => {
  const data = await readJson(request, droneMediaSchema);
  return Response.json(addDroneMedia(getDb(), data), { status: 201 });
});
