// GET /api/background-images: the active section backgrounds (id, section, imageUrl, altText).
// PUT /api/background-images (owner only, checked in the middleware): sets one section's background
// from { section, imageUrl, altText }; the image is one of this site's or an https: address that is
// fetched and processed like an upload.
import type { APIRoute } from 'astro';
import { setBackgroundImage } from '~/lib/backgrounds/backgrounds.server';
import { backgroundImageSchema } from '~/lib/backgrounds/schemas';
import { getDb } from '~/lib/platform/server/db';
import { handle, readJson } from '~/lib/platform/server/http/http';
import { listBackgroundImages } from '~/lib/site/site.server';

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
