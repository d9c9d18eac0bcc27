// PUT /api/admin/photos/{id} (owner only) — the same multipart fields as adding one;
// without a new image the current one is kept.
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/server/db';
import { fileField, readMultipart } from '~/lib/server/forms';
import { handle } from '~/lib/server/http';
import { resolvePhotoMedia } from '~/lib/server/services/photo-media';
import { updatePhoto } from '~/lib/server/services/photos';
import { UPLOAD_LIMITS } from '~/lib/shared/constants';
import { photoFormSchema } from '~/lib/shared/schemas';

export const PUT: APIRoute = handle(async ({ params, request }) => {
  const db = getDb();
  const { data, form } = await readMultipart(request, photoFormSchema, UPLOAD_LIMITS.image);
  const media = await resolvePhotoMedia(db, fileField(form, 'image'), data.imageUrl);
  return Response.json(updatePhoto(db, params.id ?? '', data, media));
});
