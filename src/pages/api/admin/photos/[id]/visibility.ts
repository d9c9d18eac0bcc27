// PUT /api/admin/photos/{id}/visibility (owner only) { isActive }: hide a photo or show it again.
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/server/db';
import { handle, readJson } from '~/lib/server/http';
import { setPhotoActive } from '~/lib/server/services/photo-admin';
import { photoVisibilitySchema } from '~/lib/shared/schemas';

export const PUT: APIRoute = handle(async ({ params, request }) => {
  const { isActive } = await readJson(request, photoVisibilitySchema);
  return Response.json(setPhotoActive(getDb(), params.id ?? '', isActive));
});
