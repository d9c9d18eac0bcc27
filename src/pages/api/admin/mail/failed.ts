// GET /api/admin/mail/failed: { mails } the site could not deliver, newest first. Owner only.
import type { APIRoute } from 'astro';
import { listFailedMailsForOwner } from '~/lib/admin/failed-mails.server';
import { getDb } from '~/lib/platform/server/db';
import { handle } from '~/lib/platform/server/http/http';

export const GET: APIRoute = handle(() =>
  Response.json(listFailedMailsForOwner(getDb()), { headers: { 'Cache-Control': 'no-store' } }),
);
