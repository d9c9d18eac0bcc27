// POST /g/{token}/selection: "Send my selection to the photographer". Queues a mail to the owner
// with the hearted files' names and notes, and answers { count, sentAt }. 409 with no heart.
import type { APIRoute } from 'astro';
import { PRIVATE_HEADERS, requireLink } from '~/lib/galleries/gallery-access.server';
import { sendSelection } from '~/lib/galleries/gallery-favourites.server';
import { getDb } from '~/lib/platform/server/db';
import { handle } from '~/lib/platform/server/http/http';

export const POST: APIRoute = handle(({ request, params }) => {
  const db = getDb();
  const { gallery, link } = requireLink(db, params.token ?? '', request);
  const now = new Date();
  const count = sendSelection(db, gallery, link, now);
  return Response.json({ count, sentAt: now.toISOString() }, { headers: PRIVATE_HEADERS });
});
