// GET /api/photos: every active photo, newest first (the home page keeps the featured ones).
import type { APIRoute } from 'astro';
import { listActivePhotos } from '~/lib/photos/photos.server';
import { toPublicPhoto } from '~/lib/photos/public-photos.server';
import { getDb } from '~/lib/platform/server/db';
import { handle } from '~/lib/platform/server/http/http';

export const GET: APIRoute = handle(() =>
  Response.json(listActivePhotos(getDb()).map(toPublicPhoto), { headers: { 'Cache-Control': 'no-cache' } }),
);
