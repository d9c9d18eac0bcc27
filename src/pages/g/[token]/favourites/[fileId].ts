// PUT /g/{token}/favourites/{fileId} { note? }: hearts a photo of the gallery for this link (or
// changes its note), 204. DELETE takes the heart away, 204. 404 for a file of another gallery (a link
// never reaches another gallery's files), 401 before the PIN, 410 for a link that is gone.
import type { APIRoute } from 'astro';
import { HeartBody } from '~/lib/galleries/client-schemas';
import { PRIVATE_HEADERS, requireLink } from '~/lib/galleries/gallery-access.server';
import { heart, unheart } from '~/lib/galleries/gallery-favourites.server';
import { getDb } from '~/lib/platform/server/db';
import { handle, readJson } from '~/lib/platform/server/http/http';

const done = () => new Response(null, { status: 204, headers: PRIVATE_HEADERS });

export const PUT: APIRoute = handle(async ({ request, params }) => {
  const db = getDb();
  const { gallery, link } = requireLink(db, params.token ?? '', request);
  const { note } = await readJson(request, HeartBody);
  heart(db, gallery, link, params.fileId ?? '', note);
  return done();
});

export const DELETE: APIRoute = handle(({ request, params }) => {
  const db = getDb();
  const { gallery, link } = requireLink(db, params.token ?? '', request);
  unheart(db, gallery, link, params.fileId ?? '');
  return done();
});
