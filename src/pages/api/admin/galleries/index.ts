// GET /api/admin/galleries: every gallery, newest first, with its files and links counted, and the
// largest file the uploader may send (maxFileBytes).
// POST /api/admin/galleries { title, clientName, clientEmail?, shootDate?, message?, pin?, expiresOn?,
// downloads?, watermark?, stripLocation?, printsAllowed? }: a new gallery (201). Owner only (the route table).
import type { APIRoute } from 'astro';
import { createGallery, galleryJson, listGalleries } from '~/lib/galleries/galleries.server';
import { galleryCreateSchema } from '~/lib/galleries/schemas';
import { getConfig } from '~/lib/platform/server/config';
import { getDb } from '~/lib/platform/server/db';
import { handle, readJson } from '~/lib/platform/server/http/http';

export const GET: APIRoute = handle(() => {
  const now = new Date();
  return Response.json({
    galleries: listGalleries(getDb()).map((g) => galleryJson(g, now)),
    maxFileBytes: getConfig().galleryMaxFileBytes,
  });
});

export const POST: APIRoute = handle(async ({ request }) => {
  const input = await readJson(request, galleryCreateSchema);
  return Response.json(galleryJson(createGallery(getDb(), input), new Date()), { status: 201 });
});
