// A browser that has signed in to an account before is let past that account's lock, as GitHub
// and Google do: the e-mail to sign in with is printed on the site, so anyone can send ten wrong
// passwords and lock the account, and without this the owner would be locked out too. The
// browser still counts against its address's limit, so a stolen laptop guesses no faster.
//
// Every successful sign-in, by either way in, sets a long-lived cookie whose value is the time it
// was made and an HMAC (keyed with the auth secret) of that time and the account's e-mail. The
// e-mail itself is not in the cookie: the attempt names the account, and the MAC is checked
// against it, so a cookie made for another account, a changed time or a made-up MAC exempts
// nothing. It is sent only to the two sign-in paths, never read by scripts (HttpOnly), and is
// Secure over https. Nothing is stored on the server.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { getConfig } from '../config';
import { type Admission, accountKey, getSignInLimiter } from './sign-in-limit';

const COOKIE = 'wicklow.device';
/** Where the cookie is sent: the sign-in page and better-auth's sign-in routes, nothing else. */
const COOKIE_PATHS = ['/api/login', '/api/auth/sign-in'];
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** A cookie made this far ahead of the server's clock is not believed. */
const CLOCK_SKEW_SECONDS = 5 * 60;

/** A key of its own, derived from the auth secret, so that nothing better-auth signs is a device MAC. */
function mac(secret: string, account: string, issuedAt: number): string {
  const key = createHmac('sha256', secret).update('wicklow device cookie').digest();
  return createHmac('sha256', key).update(`${account}\n${issuedAt}`).digest('base64url');
}

/** The cookie's value for an account (an e-mail), made at `now`. */
export function deviceToken(secret: string, email: string, now = Date.now()): string {
  const issuedAt = Math.floor(now / 1000);
  return `${issuedAt}.${mac(secret, accountKey(email) ?? '', issuedAt)}`;
}

/** Whether a cookie value was made by this site for this account, less than a year ago. */
export function isValidDeviceToken(
  secret: string,
  token: string,
  email: string | null | undefined,
  now = Date.now(),
): boolean {
  const account = accountKey(email);
  const match = /^(\d{1,12})\.([\w-]{43})$/.exec(token);
  if (!account || !match) return false;
  const issuedAt = Number(match[1]);
  const age = Math.floor(now / 1000) - issuedAt;
  if (age > DEVICE_COOKIE_MAX_AGE_SECONDS || age < -CLOCK_SKEW_SECONDS) return false;
  const expected = Buffer.from(mac(secret, account, issuedAt));
  const given = Buffer.from(match[2] as string);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function cookieName(): string {
  return getConfig().siteUrl.startsWith('https://') ? `__Secure-${COOKIE}` : COOKIE;
}

/** The Set-Cookie headers that mark this browser as one the account has signed in from. */
export function deviceCookies(email: string): string[] {
  const config = getConfig();
  const secure = config.siteUrl.startsWith('https://') ? '; Secure' : '';
  const value = deviceToken(config.authSecret, email);
  return COOKIE_PATHS.map(
    (path) =>
      `${cookieName()}=${value}; Path=${path}; Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}`,
  );
}

/** Whether a request's Cookie header holds a valid device cookie for this e-mail's account. */
export function isKnownDevice(cookieHeader: string | null, email: string | null | undefined): boolean {
  const name = cookieName();
  const secret = getConfig().authSecret;
  return (cookieHeader ?? '').split(';').some((pair) => {
    const eq = pair.indexOf('=');
    return (
      eq > 0 &&
      pair.slice(0, eq).trim() === name &&
      isValidDeviceToken(secret, pair.slice(eq + 1).trim(), email)
    );
  });
}

/**
 * One sign-in attempt's admission to the password check under the one sign-in limit; a browser
 * this account has signed in from is exempt from the account's lock, not from its address's limit.
 */
export function admitSignIn(headers: Headers, client: string, email: string | null | undefined): Admission {
  return getSignInLimiter().admit(client, email, Date.now(), isKnownDevice(headers.get('cookie'), email));
}
