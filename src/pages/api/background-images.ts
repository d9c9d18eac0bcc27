// GET /api/background-images: the active section backgrounds (id, section, imageUrl, altText).
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/server/db';
import { handle } from '~/lib/server/http';
import { listBackgroundImages } from '~/lib/server/services/site';

export const GET: APIRoute = handle(() =>
  Response.json(listBackgroundImages(getDb()), { headers: { 'Cache-Control': 'no-cache' } }),
);
