// DELETE /api/background-images/{id} (owner only, checked in the middleware): removes a section's
// background, so the section shows its default look again; its files go unless used elsewhere.
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/server/db';
import { handle } from '~/lib/server/http';
import { deleteBackgroundImage } from '~/lib/server/services/backgrounds';

export const DELETE: APIRoute = handle(async ({ params }) => {
  await deleteBackgroundImage(getDb(), params.id ?? '');
  return new Response(null, { status: 204 });
});
