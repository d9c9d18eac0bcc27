// GET /api/admin/galleries/{id}/links: the gallery's links with their visits, views, downloads and
// favourites. POST { recipientName, recipientEmail?, expiresOn?, mail? }: a new link (201) whose
// address is in this answer only: { link, url }. Owner only (the route table).
import type { APIRoute } from 'astro';
import { findGallery } from '~/lib/galleries/galleries.server';
import { createLink, linkJson, listLinks } from '~/lib/galleries/gallery-links.server';
import { linkCreateSchema } from '~/lib/galleries/schemas';
import { getDb } from '~/lib/platform/server/db';
import { handle, readJson } from '~/lib/platform/server/http/http';

export const GET: APIRoute = handle(({ params }) => {
  const db = getDb();
  const now = new Date();
  const links = listLinks(db, params.id ?? '');
  const gallery = findGallery(db, params.id ?? '');
  return Response.json({ links: links.map((l) => linkJson(l, gallery, now)) });
});

export const POST: APIRoute = handle(async ({ params, request }) => {
  const input = await readJson(request, linkCreateSchema);
  const db = getDb();
  const { link, url } = createLink(db, params.id ?? '', input);
  return Response.json(
    { link: linkJson(link, findGallery(db, params.id ?? ''), new Date()), url },
    { status: 201, headers: { 'Cache-Control': 'no-store' } },
  );
});
