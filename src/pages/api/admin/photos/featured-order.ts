// PUT /api/admin/photos/featured-order (owner only) { ids }: the home gallery's order of featured photos.
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/server/db';
import { handle, readJson } from '~/lib/server/http';
import { saveFeaturedOrder } from '~/lib/server/services/photo-admin';
import { featuredOrderSchema } from '~/lib/shared/schemas';

export const PUT: APIRoute = handle(async ({ request }) => {
  const { ids } = await readJson(request, featuredOrderSchema);
  return Response.json({ ids: saveFeaturedOrder(getDb(), ids) });
});
