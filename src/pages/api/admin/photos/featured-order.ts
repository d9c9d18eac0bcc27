// PUT /api/admin/photos/featured-order (owner only) { ids }: the home gallery's order of featured photos.
import type { APIRoute } from 'astro';
import { saveFeaturedOrder } from '~/lib/photos/photo-admin.server';
import { featuredOrderSchema } from '~/lib/photos/schemas';
import { getDb } from '~/lib/platform/server/db';
import { handle, readJson } from '~/lib/platform/server/http/http';

export const PUT: APIRoute = handle(async ({ request }) => {
  const { ids } = await readJson(request, featuredOrderSchema);
  return Response.json({ ids: saveFeaturedOrder(getDb(), ids) });
});
