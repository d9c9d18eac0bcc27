// GET /g/{token}/files?from=48: the next page of the gallery's files, as the page's island fetches
// them while the visitor scrolls (the page itself renders only the first). The same checks as the
// page: 404 for an unknown token, 410 for a link that is gone, 401 before the PIN; a page holds only
// this link's gallery's files, with this link's hearts, and no file's key. Never stored.
import type { APIRoute } from 'astro';
import { z } from 'zod';
import { FilesPageQuery } from '~/lib/galleries/client-schemas';
import { PRIVATE_HEADERS, requireLink } from '~/lib/galleries/gallery-access.server';
import { galleryFilesPage } from '~/lib/galleries/gallery-view.server';
import { getDb } from '~/lib/platform/server/db';
import { HttpError, handle } from '~/lib/platform/server/http/http';

export const GET: APIRoute = handle(({ request, params, url }) => {
  const db = getDb();
  const { gallery, link } = requireLink(db, params.token ?? '', request);
  const parsed = z.safeParse(FilesPageQuery, { from: url.searchParams.get('from') ?? undefined });
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Unknown page.');
  return Response.json(galleryFilesPage(db, gallery, link, parsed.data.from), {
    headers: PRIVATE_HEADERS,
  });
});
