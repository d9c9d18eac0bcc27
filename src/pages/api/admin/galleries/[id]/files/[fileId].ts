// DELETE /api/admin/galleries/{id}/files/{fileId}: removes one file of the gallery and its stored
// files (a cover it was stops being the cover). Owner only (the route table).
import type { APIRoute } from 'astro';
import { deleteGalleryFile } from '~/lib/galleries/galleries.server';
import { getDb } from '~/lib/platform/server/db';
import { handle } from '~/lib/platform/server/http/http';

export const DELETE: APIRoute = handle(async ({ params }) => {
  await deleteGalleryFile(getDb(), params.id ?? '', params.fileId ?? '');
  return Response.json({ deleted: true });
});
