// GET /api/admin/photos/{id}/edition (owner only): the photo's edition with the copies sold and held.
// PUT { "editionSize": N | null }: a limited edition of N copies (1 to 30, across every size and
// frame) or an open edition; 400 for another value, 409 below the copies sold or back to open after
// a sale, 404 for an unknown photo.
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/platform/server/db';
import { handle, readJson } from '~/lib/platform/server/http/http';
import { editionOf, setEditionSize } from '~/lib/shop/editions.server';
import { editionSizeSchema } from '~/lib/shop/schemas';

const noStore = { headers: { 'Cache-Control': 'no-store' } };

export const GET: APIRoute = handle(({ params }) =>
  Response.json(editionOf(getDb(), params.id ?? ''), noStore),
);

export const PUT: APIRoute = handle(async ({ params, request }) => {
  const { editionSize } = await readJson(request, editionSizeSchema);
  return Response.json(setEditionSize(getDb(), params.id ?? '', editionSize), noStore);
});
