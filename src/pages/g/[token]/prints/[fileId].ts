// GET /g/{token}/prints/{fileId}: the prints of one gallery photo at the shop's prices, read by the
// print dialog while it is open; 403 when the gallery does not allow prints.
import type { APIRoute } from 'astro';
import { PRIVATE_HEADERS, requireLink } from '~/lib/galleries/gallery-access.server';
import { galleryPrintVariants } from '~/lib/galleries/gallery-prints.server';
import { getDb } from '~/lib/platform/server/db';
import { handle } from '~/lib/platform/server/http/http';

export const GET: APIRoute = handle(({ request, params }) => {
  const db = getDb();
  const { gallery } = requireLink(db, params.token ?? '', request);
  const variants = galleryPrintVariants(db, gallery, params.fileId ?? '');
  return Response.json(variants, { headers: PRIVATE_HEADERS });
});
