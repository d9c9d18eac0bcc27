// GET /api/background-images: the active section backgrounds (id, section, imageUrl, altText).
// PUT /api/background-images (owner only, checked in the middleware): sets one section's background
// from { section, imageUrl, altText }; the image is one of this site's or an https: address that is
// fetched and processed like an upload.
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/server/db';
import { handle, readJson } from '~/lib/server/http';
import { setBackgroundImage } from '~/lib/server/services/backgrounds';
import { listBackgroundImages } from '~/lib/server/services/site';
import { backgroundImageSchema } from '~/lib/shared/schemas';

export const GET: APIRoute = handle(() =>
  Response.json(listBackgroundImages(getDb()), { headers: { 'Cache-Control': 'no-cache' } }),
);

export const PUT: APIRoute = handle(async ({ request }) => {
  const input = await readJson(request, backgroundImageSchema);
  const saved = await setBackgroundImage(getDb(), input);
  return Response.json({
    id: saved.id,
    section: saved.section,
    imageUrl: saved.imageUrl,
    altText: saved.altText,
  });
});
