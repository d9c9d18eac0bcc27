// PUT /api/admin/bio-picture { bioPictureURL } (owner only): one of the site's own images becomes
// the about section's picture; the answer carries the address stored.
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/platform/server/db';
import { handle, readJson } from '~/lib/platform/server/http/http';
import { setBioPicture } from '~/lib/profile/profile.server';
import { bioPictureSchema } from '~/lib/profile/schemas';

export const PUT: APIRoute = handle(async ({ request }) => {
  const { bioPictureURL } = await readJson(request, bioPictureSchema);
  return Response.json(await setBioPicture(getDb(), bioPictureURL));
});
