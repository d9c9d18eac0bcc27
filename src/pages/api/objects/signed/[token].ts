// The signed upload URL itself: PUT the file body here. The URL is its own authorization
// (HMAC, expiry, the owner's session that asked for it still signed in, single use), so it is
// listed among the public mutations in access.ts: a PUT needs no cookie.
import type { APIRoute } from 'astro';
import { receiveSignedUpload } from '~/lib/media/uploads.server';
import { getDb } from '~/lib/platform/server/db';
import { handle } from '~/lib/platform/server/http/http';

export const PUT: APIRoute = handle(async ({ params, request }) => {
  const result = await receiveSignedUpload(getDb(), params.token ?? '', request);
  return Response.json(result, { headers: { 'Cache-Control': 'no-store' } });
});
