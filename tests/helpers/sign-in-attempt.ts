// One sign-in attempt over HTTP by either way in, from a chosen local address (any of 127.0.0.0/8
// on Linux), so that one test can be many clients: the full-page form at /api/login, or
// better-auth's own /api/auth/sign-in/email with a JSON body.
import { type RawResponse, rawRequest } from './raw-http';

export const OWNER = 'owner@example.com';
export const RIGHT_PASSWORD = 'integration-password';

export type Way = 'login' | 'auth';

export interface AttemptOptions {
  localAddress?: string;
  forwardedFor?: string;
  /** A Cookie header to send. */
  cookie?: string;
}

export function attempt(
  baseUrl: string,
  way: Way,
  email: string,
  password: string,
  opts: AttemptOptions = {},
): Promise<RawResponse> {
  const login = way === 'login';
  // A browser sends its Origin with every POST. better-auth checks it whenever cookies come along,
  // against the configured port, which is 0 in most tests (start the server on a known port to
  // send cookies there); a client that is not a browser sends none.
  const headers: Record<string, string> = login || opts.cookie ? { origin: baseUrl } : {};
  if (opts.forwardedFor) headers['x-forwarded-for'] = opts.forwardedFor;
  if (opts.cookie) headers.cookie = opts.cookie;
  headers['content-type'] = login ? 'application/x-www-form-urlencoded' : 'application/json';
  return rawRequest(`${baseUrl}${login ? '/api/login' : '/api/auth/sign-in/email'}`, {
    headers,
    prefix: login ? new URLSearchParams({ email, password }).toString() : JSON.stringify({ email, password }),
    localAddress: opts.localAddress,
  });
}

/** The Set-Cookie headers of an answer, as a list. */
export function setCookies(res: RawResponse): string[] {
  return res.headers['set-cookie'] ?? [];
}

/** Whether an answer signs a browser in (sets a session cookie). */
export function signsIn(res: RawResponse): boolean {
  return setCookies(res).some((c) => /session_token=[^;]/.test(c));
}
