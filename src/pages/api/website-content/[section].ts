// GET /api/website-content/{section}: the stored entries (key, content) of one section.
import type { APIRoute } from 'astro';
import { listContent } from '~/lib/content/content.server';
import { getDb } from '~/lib/platform/server/db';
import { HttpError, handle } from '~/lib/platform/server/http/http';

export const GET: APIRoute = handle(({ params }) => {
  const section = params.section ?? '';
  if (!/^[A-Za-z][\w-]{0,39}$/.test(section)) throw new HttpError(400, 'Unknown section.');
  return Response.json(listContent(getDb(), section), { headers: { 'Cache-Control': 'no-cache' } });
});
