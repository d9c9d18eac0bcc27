// better-auth with e-mail and password, sign-up disabled: the one owner account is created at
// start from the configuration (see ensureOwner). Owner rights are decided here, on the server.
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { eq } from 'drizzle-orm';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '~/lib/platform/shared/password-rules';
import { accounts, sessions, users, verifications } from '~db/schema';
import { getConfig } from '../config';
import { type Db, getDb } from '../db';
import { registerInstance } from '../instances';

/** better-auth's session cookie; over https its name carries the `__Secure-` prefix. */
export const SESSION_COOKIE = 'better-auth.session_token';
const SESSION_COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)(?:__Secure-)?${SESSION_COOKIE.replace('.', '\\.')}=`);

/**
 * The header better-auth reads the client's address from (for its own rate limit and the address
 * it notes on a session). The site sets it itself from the address its own limits use (the socket's
 * peer, or a trusted proxy's last X-Forwarded-For entry), after dropping any copy a client sent:
 * better-auth's default, X-Forwarded-For, is written by the client, so one client could make
 * every request look new, or fill the one bucket that requests without it share.
 */
const CLIENT_ADDRESS_HEADER = 'x-wicklow-client-address';

/** A copy of request headers for better-auth, naming the client's address as the site knows it. */
export function withClientAddress(headers: Headers, clientAddress: string): Headers {
  const copy = new Headers(headers);
  copy.set(CLIENT_ADDRESS_HEADER, clientAddress);
  return copy;
}

/** Whether a Cookie header holds a session cookie (signed-in requests bypass the page cache). */
export function hasSessionCookie(cookieHeader: string | undefined | null): boolean {
  return SESSION_COOKIE_PATTERN.test(cookieHeader ?? '');
}

function createAuth(db: Db) {
  const config = getConfig();
  return betterAuth({
    appName: 'Wicklow Light Photography',
    baseURL: config.siteUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: config.allowedOrigins,
    database: drizzleAdapter(db, {
      provider: 'sqlite',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
    },
    // The password is changed through POST /api/admin/password, which checks the current password
    // under the site's sign-in limit and signs every other session out; better-auth's own route
    // for it would skip that limit.
    disabledPaths: ['/change-password'],
    user: {
      additionalFields: {
        firstName: { type: 'string', required: false, input: false },
        lastName: { type: 'string', required: false, input: false },
        bioPictureUrl: { type: 'string', required: false, input: false },
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    advanced: {
      // Cookies are Secure whenever the site is served over https.
      useSecureCookies: config.siteUrl.startsWith('https://'),
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    // Per client address (CLIENT_ADDRESS_HEADER) and path: 30 requests a minute to each of
    // better-auth's routes.
    rateLimit: {
      enabled: true,
      window: 60,
      max: 30,
      storage: 'memory',
      // Sign-in is limited by the site's own sign-in limit (sign-in-limit.ts), the same for every
      // way in, which counts failures rather than requests.
      customRules: { '/sign-in/*': false },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

registerInstance('auth', import.meta.url);
let auth: Auth | undefined;

export function getAuth(): Auth {
  auth ??= createAuth(getDb());
  return auth;
}

export function isOwnerEmail(email: string | null | undefined): boolean {
  return Boolean(email) && email?.trim().toLowerCase() === getConfig().ownerEmail;
}

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  firstName: string | null;
  lastName: string | null;
  bioPictureUrl: string | null;
  isAdmin: boolean;
}

/** The signed-in user of a request, or null. Never throws for a bad or expired cookie. */
export async function readSessionUser(headers: Headers): Promise<SessionUser | null> {
  const cookie = headers.get('cookie') ?? '';
  if (!hasSessionCookie(cookie)) return null;
  try {
    const result = await getAuth().api.getSession({ headers });
    if (!result) return null;
    const u = result.user as typeof result.user & {
      firstName?: string | null;
      lastName?: string | null;
      bioPictureUrl?: string | null;
    };
    return {
      id: u.id,
      email: u.email,
      name: u.name,
      firstName: u.firstName ?? null,
      lastName: u.lastName ?? null,
      bioPictureUrl: u.bioPictureUrl ?? null,
      isAdmin: isOwnerEmail(u.email),
    };
  } catch {
    return null;
  }
}

/**
 * Creates the owner account when it is missing. Returns the generated password when one was
 * made (so the caller can print it once), or null when the account existed or a password was set.
 */
export async function ensureOwner(db: Db = getDb()): Promise<{ created: boolean; password: string | null }> {
  const config = getConfig();
  const existing = db.select({ id: users.id }).from(users).where(eq(users.email, config.ownerEmail)).get();
  if (existing) return { created: false, password: null };
  const generated = config.ownerPassword ? null : generatePassword();
  const password = config.ownerPassword ?? (generated as string);
  const ctx = await getAuth().$context;
  const hash = await ctx.password.hash(password);
  db.transaction((tx) => {
    const id = crypto.randomUUID();
    tx.insert(users).values({ id, email: config.ownerEmail, name: 'Owner', emailVerified: true }).run();
    tx.insert(accounts).values({ accountId: id, providerId: 'credential', userId: id, password: hash }).run();
  });
  return { created: true, password: generated };
}

function generatePassword(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return Buffer.from(bytes).toString('base64url');
}
