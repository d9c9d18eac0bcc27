// GET /api/admin/galleries/{id}/links: the gallery's links with their visits, views, downloads and
// favourites. POST { recipientName, recipientEmail?, expiresOn?, mail? }: a new link (201) whose
// address is in this answer only: { link, url }. Owner only (the route table).
import type { APIRoute } from 'astro';
import { createLink, linkJson, listLinks } from '~/lib/galleries/gallery-links.server';
import { linkCreateSchema } from '~/lib/galleries/schemas';
import { getDb } from '~/lib/platform/server/db';
import { handle, readJson } from '~/lib/platform/server/http';

export const GET: APIRoute = handle(({ params }) => {
  const now = new Date();
  return Response.json({ links: listLinks(getDb(), params.id ?? '').map((l) => linkJson(l, now)) });
});

export const POST: APIRoute = handle(async ({ params, request }) => {
  const input = await readJson(request, linkCreateSchema);
  const { link, url } = createLink(getDb(), params.id ?? '', input);
  return Response.json(
    { link: linkJson(link, new Date()), url },
    { status: 201, headers: { 'Cache-Control': 'no-store' } },
  );
});
