// The signed upload URL itself: PUT the file body here. The URL is its own authorization
// (HMAC, expiry, the owner's session that asked for it still signed in, single use), so it is
// listed among the public mutations in access.ts: a PUT needs no cookie.
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/server/db';
import { handle } from '~/lib/server/http';
import { receiveSignedUpload } from '~/lib/server/services/uploads';

export const PUT: APIRoute = handle(async ({ params, request }) => {
  const result = await receiveSignedUpload(getDb(), params.token ?? '', request);
  return Response.json(result, { headers: { 'Cache-Control': 'no-store' } });
});
