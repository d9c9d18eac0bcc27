// SPEC §2: /api/logout is a full-page navigation that signs out and returns home.
import type { APIRoute } from 'astro';
import { getAuth } from '../../lib/server/auth';

const signOut: APIRoute = async ({ request }) => {
  const headers = new Headers({ Location: '/', 'Cache-Control': 'no-store' });
  try {
    const res = await getAuth().api.signOut({ headers: request.headers, asResponse: true });
    for (const cookie of res.headers.getSetCookie()) headers.append('Set-Cookie', cookie);
  } catch {
    // No valid session to end: clear the cookie anyway and go home.
    headers.append('Set-Cookie', 'better-auth.session_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax');
  }
  return new Response(null, { status: 303, headers });
};

export const GET = signOut;
export const POST = signOut;
