// PUT /api/admin/photos/{id}/visibility (owner only) { isActive }: hide a photo or show it again.
import type { APIRoute } from 'astro';
import { setPhotoActive } from '~/lib/photos/photo-admin.server';
import { photoVisibilitySchema } from '~/lib/photos/schemas';
import { getDb } from '~/lib/platform/server/db';
import { handle, readJson } from '~/lib/platform/server/http/http';

export const PUT: APIRoute = handle(async ({ params, request }) => {
  const { isActive } = await readJson(request, photoVisibilitySchema);
  return Response.json(setPhotoActive(getDb(), params.id ?? '', isActive));
});
