// Signed upload URLs (POST /api/objects/upload → uploadURL → PUT the file to it).
// The URL carries the object id, its purpose (and so its byte limit), its expiry and the id of the
// owner's session that asked for it, with an HMAC over all four keyed by the auth secret: it cannot
// be forged, stretched or re-aimed. The PUT may come without cookies (a direct PUT to the URL), so
// the URL itself is checked against the sessions table: it works only while that session lasts,
// and signing out, a session that expired or was deleted (a password change) ends it, however
// long the URL had left. Single use is enforced where the upload is received (the object row is
// claimed first).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { getConfig } from '~/lib/platform/server/config';
import type { Db } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { SIGNED_URL_LIFETIME_S, UPLOAD_PURPOSES, type UploadPurpose } from '~/lib/site/constants';
import { sessions } from '~db/schema';

export const SIGNED_UPLOAD_PREFIX = '/api/objects/signed/';

export interface UploadGrant {
  objectId: string;
  purpose: UploadPurpose;
  /** Unix seconds. */
  expiresAt: number;
  /** The session (sessions.id) that asked for the URL: the URL lasts no longer than it. */
  sessionId: string;
}

/** Session ids as better-auth makes them; nothing that could hold the token's separator. */
const SESSION_ID = /^[A-Za-z0-9_-]{1,128}$/;
const NOT_VALID = 'This upload link is not valid.';
const SESSION_ENDED =
  'This upload link was made for a sign-in that has ended (signed out or expired). Please sign in and start the upload again.';

function sign(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

export function createSignedUpload(
  purpose: UploadPurpose,
  opts: { sessionId: string; now?: number; lifetimeS?: number; secret?: string },
): UploadGrant & { uploadURL: string } {
  if (!SESSION_ID.test(opts.sessionId)) throw new Error('An upload URL needs the id of a session.');
  const now = opts.now ?? Date.now();
  const objectId = randomBytes(16).toString('base64url');
  const expiresAt = Math.floor(now / 1000) + (opts.lifetimeS ?? SIGNED_URL_LIFETIME_S);
  const payload = `${objectId}.${purpose}.${expiresAt}.${opts.sessionId}`;
  const token = `${payload}.${sign(payload, opts.secret ?? getConfig().authSecret)}`;
  return {
    objectId,
    purpose,
    expiresAt,
    sessionId: opts.sessionId,
    uploadURL: `${SIGNED_UPLOAD_PREFIX}${token}`,
  };
}

/**
 * Checks a token from a signed URL: a tampered, malformed or expired one is a 403, and so is one
 * whose session has ended (no longer in the sessions table, or past its expiry).
 */
export function verifySignedUpload(
  db: Pick<Db, 'select'>,
  token: string,
  opts: { now?: number; secret?: string } = {},
): UploadGrant {
  const parts = token.split('.');
  if (parts.length !== 5) throw new HttpError(403, NOT_VALID);
  const [objectId, purpose, exp, sessionId, signature] = parts as [string, string, string, string, string];
  const expected = sign(`${objectId}.${purpose}.${exp}.${sessionId}`, opts.secret ?? getConfig().authSecret);
  const a = Buffer.from(signature);
  const b = Buffer.from(expected);
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw new HttpError(403, NOT_VALID);
  if (!(UPLOAD_PURPOSES as readonly string[]).includes(purpose) || !/^\d+$/.test(exp)) {
    throw new HttpError(403, NOT_VALID);
  }
  const now = opts.now ?? Date.now();
  const expiresAt = Number(exp);
  if (expiresAt * 1000 <= now) {
    throw new HttpError(403, 'This upload link has expired. Please start the upload again.');
  }
  const live = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date(now))))
    .get();
  if (!live) throw new HttpError(403, SESSION_ENDED);
  return { objectId, purpose: purpose as UploadPurpose, expiresAt, sessionId };
}

/** The object id behind a URL the browser sends back: a signed upload URL or /objects/uploads/{id}. */
export function objectIdFromUrl(url: string): string | null {
  let path = url;
  try {
    path = new URL(url, 'http://local').pathname;
  } catch {
    return null;
  }
  const signed = path.startsWith(SIGNED_UPLOAD_PREFIX)
    ? path.slice(SIGNED_UPLOAD_PREFIX.length).split('.')[0]
    : null;
  const served = path.match(/^\/objects\/uploads\/([A-Za-z0-9_-]{8,64})$/)?.[1] ?? null;
  const id = signed ?? served;
  return id && /^[A-Za-z0-9_-]{8,64}$/.test(id) ? id : null;
}
