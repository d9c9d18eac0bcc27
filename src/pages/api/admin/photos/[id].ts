// PUT /api/admin/photos/{id} (owner only) — the same multipart fields as adding one; without a new
// image the current one is kept, and a replaced image's files are removed once nothing uses them.
// DELETE /api/admin/photos/{id} (owner only): only a photo that was never ordered (409 otherwise).
import type { APIRoute } from 'astro';
import { deletePhoto, editPhoto } from '~/lib/photos/photo-admin.server';
import { resolvePhotoMedia } from '~/lib/photos/photo-media.server';
import { photoFormSchema } from '~/lib/photos/schemas';
import { getDb } from '~/lib/platform/server/db';
import { fileField, readMultipart } from '~/lib/platform/server/http/forms';
import { handle } from '~/lib/platform/server/http/http';
import { UPLOAD_LIMITS } from '~/lib/site/constants';

export const PUT: APIRoute = handle(async ({ params, request }) => {
  const db = getDb();
  const { data, form } = await readMultipart(request, photoFormSchema, UPLOAD_LIMITS.image);
  const media = await resolvePhotoMedia(db, fileField(form, 'image'), data.imageUrl);
  return Response.json(await editPhoto(db, params.id ?? '', data, media));
});

export const DELETE: APIRoute = handle(async ({ params }) => {
  await deletePhoto(getDb(), params.id ?? '');
  return new Response(null, { status: 204 });
});
