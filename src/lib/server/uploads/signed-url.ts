// Signed upload URLs (POST /api/objects/upload → uploadURL → PUT the file to it).
// The URL carries the object id, its purpose (and so its byte limit) and its expiry, with an
// HMAC over all three keyed by the auth secret: it cannot be forged, stretched or re-aimed.
// Single use is enforced where the upload is received (the object row is claimed first).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { getConfig } from '~/lib/server/config';
import { HttpError } from '~/lib/server/http';
import { SIGNED_URL_LIFETIME_S, UPLOAD_PURPOSES, type UploadPurpose } from '~/lib/shared/constants';

export const SIGNED_UPLOAD_PREFIX = '/api/objects/signed/';

export interface UploadGrant {
  objectId: string;
  purpose: UploadPurpose;
  /** Unix seconds. */
  expiresAt: number;
}

function sign(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

export function createSignedUpload(
  purpose: UploadPurpose,
  opts: { now?: number; lifetimeS?: number; secret?: string } = {},
): UploadGrant & { uploadURL: string } {
  const now = opts.now ?? Date.now();
  const objectId = randomBytes(16).toString('base64url');
  const expiresAt = Math.floor(now / 1000) + (opts.lifetimeS ?? SIGNED_URL_LIFETIME_S);
  const payload = `${objectId}.${purpose}.${expiresAt}`;
  const token = `${payload}.${sign(payload, opts.secret ?? getConfig().authSecret)}`;
  return { objectId, purpose, expiresAt, uploadURL: `${SIGNED_UPLOAD_PREFIX}${token}` };
}

/** Checks a token from a signed URL; a tampered, malformed or expired one is a 403. */
export function verifySignedUpload(token: string, opts: { now?: number; secret?: string } = {}): UploadGrant {
  const parts = token.split('.');
  if (parts.length !== 4) throw new HttpError(403, 'This upload link is not valid.');
  const [objectId, purpose, exp, signature] = parts as [string, string, string, string];
  const expected = sign(`${objectId}.${purpose}.${exp}`, opts.secret ?? getConfig().authSecret);
  const a = Buffer.from(signature);
  const b = Buffer.from(expected);
  if (a.length !== b.length || !timingSafeEqual(a, b)) {
    throw new HttpError(403, 'This upload link is not valid.');
  }
  if (!(UPLOAD_PURPOSES as readonly string[]).includes(purpose) || !/^\d+$/.test(exp)) {
    throw new HttpError(403, 'This upload link is not valid.');
  }
  const expiresAt = Number(exp);
  if (expiresAt * 1000 <= (opts.now ?? Date.now())) {
    throw new HttpError(403, 'This upload link has expired. Please start the upload again.');
  }
  return { objectId, purpose: purpose as UploadPurpose, expiresAt };
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
