// GET /api/drone-media: active drone photos and videos (type, isFeatured, url, title, description).
import type { APIRoute } from 'astro';
import { getDb } from '../../../lib/server/db';
import { handle } from '../../../lib/server/http';
import { listDroneMedia } from '../../../lib/server/services/site';

export const GET: APIRoute = handle(() =>
  Response.json(listDroneMedia(getDb()), { headers: { 'Cache-Control': 'no-cache' } }),
);
