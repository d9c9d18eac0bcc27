// /api/admin/galleries/{id}/uploads[/{uploadId}]: the gallery's resumable uploads, spoken in the tus
// protocol (POST starts an upload, HEAD asks how much arrived, PATCH sends the next part, DELETE
// gives it up). Owner only: the route table guards every method of it, HEAD and PATCH included.
// A finished upload answers with the new file's id in Gallery-File-Id.
import type { APIRoute } from 'astro';
import { handleGalleryUpload } from '~/lib/galleries/gallery-uploads.server';
import { getDb } from '~/lib/platform/server/db';
import { handle } from '~/lib/platform/server/http/http';

export const ALL: APIRoute = handle(({ params, request }) =>
  handleGalleryUpload(getDb(), params.id ?? '', request),
);
