// DELETE /api/drone-media/{id} (owner only, checked in the middleware): removes a sample from the
// drone page. The uploaded file itself is kept in storage.
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/server/db';
import { handle } from '~/lib/server/http';
import { deleteDroneMedia } from '~/lib/server/services/drone-media';

export const DELETE: APIRoute = handle(({ params }) => {
  deleteDroneMedia(getDb(), params.id ?? '');
  return new Response(null, { status: 204 });
});
