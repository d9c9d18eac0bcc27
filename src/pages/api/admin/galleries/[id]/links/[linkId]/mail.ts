// POST /api/admin/galleries/{id}/links/{linkId}/mail { token }: queues the link's mail to its
// recipient. Only the token's hash is kept, so the owner's screen sends the token it was shown when
// the link was made; another token is refused (422). Owner only (the route table).
import type { APIRoute } from 'astro';
import { mailLink } from '~/lib/galleries/gallery-links.server';
import { linkMailSchema } from '~/lib/galleries/schemas';
import { getDb } from '~/lib/platform/server/db';
import { handle, readJson } from '~/lib/platform/server/http/http';

export const POST: APIRoute = handle(async ({ params, request }) => {
  const { token } = await readJson(request, linkMailSchema);
  mailLink(getDb(), params.id ?? '', params.linkId ?? '', token);
  return Response.json({ queued: true }, { status: 202 });
});
