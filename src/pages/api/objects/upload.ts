// POST /api/objects/upload (owner only, checked in src/middleware.ts) → { uploadURL }.
// An optional JSON body { purpose } picks the limit: image (default), bio-picture, video, sample-video.
import type { APIRoute } from 'astro';
import { handle, readJson } from '~/lib/server/http';
import { createUploadGrant } from '~/lib/server/services/uploads';
import { uploadRequestSchema } from '~/lib/shared/schemas';

export const POST: APIRoute = handle(async ({ request }) => {
  const hasBody = Number(request.headers.get('content-length') ?? 0) > 0;
  const { purpose } = hasBody ? await readJson(request, uploadRequestSchema) : uploadRequestSchema.parse({});
  const grant = createUploadGrant(purpose);
  return Response.json(
    {
      uploadURL: grant.uploadURL,
      objectId: grant.objectId,
      maxBytes: grant.maxBytes,
      expiresAt: grant.expiresAt,
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
});
