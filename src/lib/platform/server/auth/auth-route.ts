// better-auth's own routes under /api/auth, behind the site's guards: every body is capped while
// it streams (better-auth would read it whole), better-auth is told the client's address as the
// site knows it (for its own rate limit), and the sign-in routes take only JSON and go through the
// one sign-in limit, shared with the sign-in page.

import { jsonError, MAX_JSON_BYTES, readBody } from '../http/http';
import { getAuth, withClientAddress } from './auth';
import { admitSignIn, deviceCookies } from './device-cookie';
import { type SignInOutcome, waitMessage } from './sign-in-limit';

/**
 * Whether a path signs in: /api/auth/sign-in/… in any spelling better-auth might route (case,
 * repeated or trailing slashes, percent-encoding). Matching too much only limits more.
 */
export function isSignInPath(pathname: string): boolean {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // Left encoded: better-auth cannot route it either.
  }
  return /^\/api\/auth\/+sign-in(?:\/|$)/.test(path.toLowerCase().replace(/\/{2,}/g, '/'));
}

/**
 * Whether a sign-in request's body is JSON, the only kind the site's sign-in limit reads the
 * e-mail from. better-auth would also take a form (and may take more kinds in a later version);
 * nothing of the site sends one there (the sign-in page posts its form to /api/login), so refusing
 * every other kind keeps the limit and better-auth reading the very same e-mail.
 */
export function isJsonBody(contentType: string | null): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

/** The e-mail of a JSON sign-in body, if there is one. */
function emailOf(body: Uint8Array): string | undefined {
  try {
    const parsed: unknown = JSON.parse(new TextDecoder().decode(body));
    const email = (parsed as { email?: unknown } | null)?.email;
    return typeof email === 'string' ? email : undefined;
  } catch {
    return undefined;
  }
}

function outcomeOf(response: Response): SignInOutcome {
  if (response.status === 401 || response.status === 403) return 'failure';
  const session = response.headers.getSetCookie().some((c) => /session_token=[^;]/.test(c));
  return response.ok && session ? 'success' : 'neither';
}

export async function handleAuthRoute(request: Request, client: string): Promise<Response> {
  const auth = getAuth();
  const headers = withClientAddress(request.headers, client);
  let body: Uint8Array<ArrayBuffer> | undefined;
  if (request.body) {
    body = await readBody(request, MAX_JSON_BYTES);
    headers.delete('content-length');
    headers.delete('transfer-encoding');
  }
  const forwarded = new Request(request.url, {
    method: request.method,
    headers,
    body,
    signal: request.signal,
  });
  if (!isSignInPath(new URL(request.url).pathname)) return auth.handler(forwarded);

  if (!isJsonBody(request.headers.get('content-type'))) {
    return jsonError(415, 'Sign in with a JSON body (Content-Type: application/json).');
  }
  const email = emailOf(body ?? new Uint8Array(0));
  const admission = admitSignIn(request.headers, client, email);
  if (!admission.allowed) {
    return Response.json(
      { message: waitMessage(admission.retryAfterSeconds) },
      {
        status: 429,
        headers: { 'Retry-After': String(admission.retryAfterSeconds), 'Cache-Control': 'no-store' },
      },
    );
  }
  let response: Response;
  try {
    response = await auth.handler(forwarded);
  } catch (err) {
    admission.finish('neither');
    throw err;
  }
  const outcome = outcomeOf(response);
  admission.finish(outcome);
  if (outcome !== 'success' || !email) return response;
  const answered = new Headers(response.headers);
  for (const cookie of deviceCookies(email)) answered.append('Set-Cookie', cookie);
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers: answered,
  });
}
