// GET /api/photos/featured/og-image: the 1200×630 JPEG share image (hero or first featured photo).
import type { APIRoute } from 'astro';
import { getOgImage } from '~/lib/photos/og-image.server';
import { getDb } from '~/lib/platform/server/db';
import { handle } from '~/lib/platform/server/http/http';

export const GET: APIRoute = handle(async ({ request }) => {
  const { body, key } = await getOgImage(getDb());
  const etag = `"og-${Buffer.from(key).toString('base64url').slice(0, 60)}"`;
  const headers = { 'Content-Type': 'image/jpeg', 'Cache-Control': 'public, max-age=3600', ETag: etag };
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(body), { headers });
});
