// GET /api/admin/photos (owner only): every photo, active and hidden, newest first, with what the
// badges need, and the featured photos' ids in the home gallery's order.
// POST /api/admin/photos (owner only) — multipart: title, description, category,
// location, imageUrl, featured, and the image file in the field `image`.
import type { APIRoute } from 'astro';
import { listAdminPhotos } from '~/lib/photos/photo-admin.server';
import { resolvePhotoMedia } from '~/lib/photos/photo-media.server';
import { createPhoto } from '~/lib/photos/photos.server';
import { photoFormSchema } from '~/lib/photos/schemas';
import { getDb } from '~/lib/platform/server/db';
import { fileField, readMultipart } from '~/lib/platform/server/http/forms';
import { HttpError, handle } from '~/lib/platform/server/http/http';
import { UPLOAD_LIMITS } from '~/lib/site/constants';

export const GET: APIRoute = handle(() =>
  Response.json(listAdminPhotos(getDb()), { headers: { 'Cache-Control': 'no-store' } }),
);

export const POST: APIRoute = handle(async ({ request }) => {
  const db = getDb();
  const { data, form } = await readMultipart(request, photoFormSchema, UPLOAD_LIMITS.image);
  const media = await resolvePhotoMedia(db, fileField(form, 'image'), data.imageUrl);
  if (!media) throw new HttpError(400, 'Please select an image file');
  return Response.json(createPhoto(db, data, media), { status: 201 });
});
