// POST /api/admin/quotes/{id}/gallery { galleryId } or { newGallery: true }: attaches a client
// gallery to the accepted job (a new one takes the client's name, e-mail and shoot day). It stays a
// proofing gallery until the balance is paid, and is released at once when it is paid already.
// Owner only.
import type { APIRoute } from 'astro';
import { attachGallery } from '~/lib/jobs/job-gallery.server';
import { attachGallerySchema } from '~/lib/jobs/schemas';
import { getDb } from '~/lib/platform/server/db';
import { handle, readJson } from '~/lib/platform/server/http/http';

export const POST: APIRoute = handle(async ({ params, request }) => {
  const input = await readJson(request, attachGallerySchema);
  return Response.json(attachGallery(getDb(), params.id ?? '', input));
});
