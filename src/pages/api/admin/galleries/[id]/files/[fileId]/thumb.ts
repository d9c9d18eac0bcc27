// GET /api/admin/galleries/{id}/files/{fileId}/thumb: the owner's thumbnail of a gallery photo or
// video poster, unmarked, 320 px wide (404 for a file of another gallery, or one still processing).
// Owner only (the route table); gallery photos have no public address.
import type { APIRoute } from 'astro';
import { findGallery } from '~/lib/galleries/galleries.server';
import { fileOfGallery } from '~/lib/galleries/gallery-favourites.server';
import { ownerThumbnail } from '~/lib/galleries/watermark.server';
import { getDb } from '~/lib/platform/server/db';
import { HttpError, handle } from '~/lib/platform/server/http/http';

export const GET: APIRoute = handle(async ({ params }) => {
  const db = getDb();
  const file = fileOfGallery(db, findGallery(db, params.id ?? ''), params.fileId ?? '');
  const thumb = await ownerThumbnail(file);
  if (!thumb) throw new HttpError(404, 'This file has no picture yet.');
  return new Response(new Uint8Array(thumb.bytes), {
    headers: { 'Content-Type': thumb.type, 'Cache-Control': 'private, max-age=3600' },
  });
});
