// GET (and HEAD) /api/lab/files/{token}: a print file for the lab, behind its signed address
// (lib/lab/print-file-url.server.ts): 403 for a token the site did not sign, 410 for one that has
// expired, 404 once the file is gone (deleted after the lab made the order). The file is sent from
// the store as it is, paced to the reader.
import type { APIRoute } from 'astro';
import { printFileKeyOf } from '~/lib/lab/print-file-url.server';
import { HttpError, handle } from '~/lib/platform/server/http/http';
import { pacedBody } from '~/lib/platform/server/http/paced-body';
import { getStorage } from '~/lib/platform/server/storage/object-store';

const HEADERS = {
  'Content-Type': 'image/jpeg',
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex, nofollow',
};

export const GET: APIRoute = handle(async ({ request, params, locals }) => {
  const key = printFileKeyOf(params.token ?? '');
  const store = getStorage();
  const found = await store.head(key);
  if (!found) throw new HttpError(404, 'This print file is no longer kept.');
  const headers = { ...HEADERS, 'Content-Length': String(found.size) };
  if (request.method === 'HEAD') return new Response(null, { headers });
  return new Response(pacedBody(await store.get(key), locals.waitForRoom), { headers });
});
