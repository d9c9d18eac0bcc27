// GET /api/auth/user → the signed-in user, or 401 (the client reads 401 as "no user").
import type { APIRoute } from 'astro';
import { jsonError } from '~/lib/platform/server/http/http';

export const GET: APIRoute = ({ locals }) => {
  const user = locals.user;
  if (!user) return jsonError(401, 'Unauthorized');
  return Response.json(
    {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      bioPictureUrl: user.bioPictureUrl,
      isAdmin: user.isAdmin,
    },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
};
