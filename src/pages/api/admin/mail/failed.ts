// GET /api/admin/mail/failed: { mails } the site could not deliver, newest first. Owner only.
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/server/db';
import { handle } from '~/lib/server/http';
import { listFailedMailsForOwner } from '~/lib/server/services/failed-mails';

export const GET: APIRoute = handle(() =>
  Response.json(listFailedMailsForOwner(getDb()), { headers: { 'Cache-Control': 'no-store' } }),
);
