// DELETE /api/drone-media/{id} (owner only, checked in the middleware): removes a sample from the
// drone page, then its files (a video and its poster frame, or a photo's derivatives and original)
// unless another record still uses them.
import type { APIRoute } from 'astro';
import { deleteDroneMedia } from '~/lib/drone/drone-media.server';
import { getDb } from '~/lib/platform/server/db';
import { handle } from '~/lib/platform/server/http/http';

export const DELETE: APIRoute = handle(async ({ params }) => {
  await deleteDroneMedia(getDb(), params.id ?? '');
  return new Response(null, { status: 204 });
});
