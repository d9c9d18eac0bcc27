// GET /api/admin/photos/{id}/print-crops (owner only): each print size of the photo with how it crops
// the photo, where the crop window sits and whether the size is offered.
// PUT { "crops": [{ "size", "position" (0 to 1), "offered" }] }: the owner's choices, a size left
// out back to offered and centred; 400 with a sentence for anything else, 404 for an unknown photo.
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/platform/server/db';
import { handle, readJson } from '~/lib/platform/server/http/http';
import { printCropsSchema } from '~/lib/shop/print-crop-schemas';
import { printCropsOf, savePrintCrops } from '~/lib/shop/print-crops.server';

const noStore = { headers: { 'Cache-Control': 'no-store' } };

export const GET: APIRoute = handle(({ params }) =>
  Response.json(printCropsOf(getDb(), params.id ?? ''), noStore),
);

export const PUT: APIRoute = handle(async ({ params, request }) => {
  const form = await readJson(request, printCropsSchema);
  return Response.json(savePrintCrops(getDb(), params.id ?? '', form), noStore);
});
