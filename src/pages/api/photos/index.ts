// GET /api/photos: every active photo, newest first (the home page keeps the featured ones).
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/server/db';
import { handle } from '~/lib/server/http';
import { listActivePhotos } from '~/lib/server/services/photos';
import { toPublicPhoto } from '~/lib/server/services/site';

export const GET: APIRoute = handle(() =>
  Response.json(listActivePhotos(getDb()).map(toPublicPhoto), { headers: { 'Cache-Control': 'no-cache' } }),
);
