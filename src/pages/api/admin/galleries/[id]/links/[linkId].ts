// PUT /api/admin/galleries/{id}/links/{linkId} { revoked?, expiresOn? }: revokes the link at once (or
// restores it), or changes its expiry. DELETE: removes the link and its favourites. Owner only.
import type { APIRoute } from 'astro';
import { findGallery } from '~/lib/galleries/galleries.server';
import { deleteLink, linkJson, updateLink } from '~/lib/galleries/gallery-links.server';
import { linkUpdateSchema } from '~/lib/galleries/schemas';
import { getDb } from '~/lib/platform/server/db';
import { handle, readJson } from '~/lib/platform/server/http/http';

export const PUT: APIRoute = handle(async ({ params, request }) => {
  const input = await readJson(request, linkUpdateSchema);
  const db = getDb();
  const link = updateLink(db, params.id ?? '', params.linkId ?? '', input);
  return Response.json(linkJson(link, findGallery(db, params.id ?? ''), new Date()));
});

export const DELETE: APIRoute = handle(({ params }) => {
  deleteLink(getDb(), params.id ?? '', params.linkId ?? '');
  return Response.json({ deleted: true });
});
