// GET /g/{token}/zip/all and /g/{token}/zip/favourites: the whole gallery, or this link's hearts, as
// a ZIP made while it is sent (lib/galleries/gallery-downloads.server.ts), in the size the owner
// allows, after the checks of every download (lib/galleries/authorize-download.server.ts). 404 for
// another name, 409 with no heart.

import type { APIRoute } from 'astro';
import { authorizeDownload } from '~/lib/galleries/authorize-download.server';
import { PRIVATE_HEADERS } from '~/lib/galleries/gallery-access.server';
import { safeFileName, zipBody } from '~/lib/galleries/gallery-downloads.server';
import { favouriteFiles } from '~/lib/galleries/gallery-favourites.server';
import { readyFiles } from '~/lib/galleries/gallery-view.server';
import { getDb } from '~/lib/platform/server/db';
import { HttpError, handle } from '~/lib/platform/server/http/http';

export const GET: APIRoute = handle(({ request, params, locals }) => {
  const db = getDb();
  const download = authorizeDownload(db, request, params.token ?? '', 'zip', () => {
    if (params.set !== 'all' && params.set !== 'favourites')
      throw new HttpError(404, 'There is no such download.');
    return params.set;
  });
  const { gallery, link, found: set, size } = download;
  const files = set === 'all' ? readyFiles(db, gallery.id) : favouriteFiles(db, link).map((f) => f.file);
  if (files.length === 0)
    throw new HttpError(409, set === 'all' ? 'The gallery has no files yet.' : 'Heart a photo first.');
  download.count();
  const name = safeFileName(`${gallery.title}${set === 'favourites' ? ' - favourites' : ''}.zip`);
  return new Response(zipBody(gallery, files, size, locals.waitForRoom), {
    headers: {
      ...PRIVATE_HEADERS,
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    },
  });
});
