// DELETE /api/background-images/{id} (owner only, checked in the middleware): removes a section's
// background, so the section shows its default look again; its files go unless used elsewhere.
import type { APIRoute } from 'astro';
import { deleteBackgroundImage } from '~/lib/backgrounds/backgrounds.server';
import { getDb } from '~/lib/platform/server/db';
import { handle } from '~/lib/platform/server/http/http';

export const DELETE: APIRoute = handle(async ({ params }) => {
  await deleteBackgroundImage(getDb(), params.id ?? '');
  return new Response(null, { status: 204 });
});
