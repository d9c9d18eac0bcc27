// POST /api/objects/upload (owner only, checked in src/middleware.ts) → { uploadURL }.
// An optional JSON body { purpose } picks the limit: image (default), bio-picture, video, sample-video.
// The URL is bound to the owner's session that asked for it: it stops working once that session
// ends (lib/media/signed-url.server.ts).
import type { APIRoute } from 'astro';
import { uploadRequestSchema } from '~/lib/media/schemas';
import { createUploadGrant } from '~/lib/media/uploads.server';
import { getAuth } from '~/lib/platform/server/auth/auth';
import { HttpError, handle, readJson } from '~/lib/platform/server/http/http';

export const POST: APIRoute = handle(async ({ request }) => {
  const hasBody = Number(request.headers.get('content-length') ?? 0) > 0;
  const { purpose } = hasBody ? await readJson(request, uploadRequestSchema) : uploadRequestSchema.parse({});
  const session = await getAuth().api.getSession({ headers: request.headers });
  if (!session) throw new HttpError(401, 'Please sign in to do this.');
  const grant = createUploadGrant(purpose, session.session.id);
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
