// POST /api/admin/galleries/{id}/links/{linkId}/mail-again: "Email link again". Only the hash of a
// link's token is kept, so the link gets a fresh token (the address the recipient had stops working
// at once) and the new address is mailed to the recipient through the queue. Answers 202 with
// { link, url }, the new address shown this once. 422 without an e-mail address; 409 for a revoked
// or expired link or a closed gallery. Owner only (the route table: /api/admin).
import type { APIRoute } from 'astro';
import { findGallery } from '~/lib/galleries/galleries.server';
import { linkJson, mailLinkAgain } from '~/lib/galleries/gallery-links.server';
import { getDb } from '~/lib/platform/server/db';
import { handle, MAX_JSON_BYTES, readBody } from '~/lib/platform/server/http/http';

export const POST: APIRoute = handle(async ({ params, request }) => {
  // It takes no payload; a body is still read under the JSON limit, so a huge one is a 413.
  await readBody(request, MAX_JSON_BYTES);
  const db = getDb();
  const now = new Date();
  const { link, url } = mailLinkAgain(db, params.id ?? '', params.linkId ?? '', now);
  return Response.json(
    { link: linkJson(link, findGallery(db, params.id ?? ''), now), url },
    { status: 202, headers: { 'Cache-Control': 'no-store' } },
  );
});
