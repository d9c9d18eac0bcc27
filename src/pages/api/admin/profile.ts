// GET /api/admin/profile: the bio picture is a public read (the about section shows it; it may
// be cached 5 minutes). The owner also gets the e-mail and name for the Profile tab.
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/platform/server/db';
import { handle } from '~/lib/platform/server/http/http';
import { getOwnerProfile } from '~/lib/site/site.server';

export const GET: APIRoute = handle(({ locals }) => {
  const profile = getOwnerProfile(getDb());
  const bioPictureUrl = profile?.bioPictureUrl ?? null;
  if (locals.isAdmin && profile) {
    return Response.json(
      { bioPictureUrl, email: profile.email, firstName: profile.firstName, lastName: profile.lastName },
      { headers: { 'Cache-Control': 'private, no-store' } },
    );
  }
  return Response.json({ bioPictureUrl }, { headers: { 'Cache-Control': 'public, max-age=300' } });
});
