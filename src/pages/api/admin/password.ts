// POST /api/admin/password { currentPassword, newPassword, confirmPassword } (owner only): changes
// the owner's password and signs every other session out; this browser gets a fresh session.
// A wrong current password is a 400, too many of them a 429, as on the sign-in page.
import type { APIRoute } from 'astro';
import { HttpError, handle, readJson } from '~/lib/platform/server/http/http';
import { changeOwnerPassword } from '~/lib/profile/profile.server';
import { passwordChangeSchema } from '~/lib/profile/schemas';

export const POST: APIRoute = handle(async ({ request, locals }) => {
  const input = await readJson(request, passwordChangeSchema);
  if (!locals.user) throw new HttpError(401, 'Please sign in to do this.');
  const { setCookies } = await changeOwnerPassword(
    request.headers,
    { email: locals.user.email, client: locals.clientIp },
    input,
  );
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  for (const cookie of setCookies) headers.append('Set-Cookie', cookie);
  return Response.json(
    { message: 'Your password was changed. Every other session was signed out.' },
    { headers },
  );
});
