// The address a print lab downloads a print file from: /api/lab/files/{token}, where the token is
// the file's key and an expiry, signed with an HMAC keyed by the site secret. It cannot be guessed
// (the key alone is not enough), stretched or aimed at another stored file: only keys under
// lab/print-files/ are ever signed or answered. It lasts a week by default, time for a lab that
// holds an order in a pause window, or retries a download, to fetch it.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { getConfig } from '~/lib/platform/server/config';
import { HttpError } from '~/lib/platform/server/http/http';
import { PRINT_FILE_PREFIX } from './print-file.server';

export const PRINT_FILE_URL_PATH = '/api/lab/files/';
export const PRINT_FILE_URL_LIFETIME_S = 7 * 24 * 60 * 60;

const NOT_VALID = 'This print file link is not valid.';
/** A key as printFileKey makes them: the prefix, the order, the line and its size. */
const KEY = /^lab\/print-files\/[A-Za-z0-9_-]{1,100}\/[A-Za-z0-9_-]{1,100}-\d{1,6}x\d{1,6}\.jpg$/;

const sign = (payload: string, secret: string) =>
  createHmac('sha256', secret).update(payload).digest('base64url');

/** The full address of a print file for the lab, valid for `lifetimeS` from `now`. */
export function printFileUrl(
  key: string,
  opts: { siteUrl?: string; now?: number; lifetimeS?: number; secret?: string } = {},
): string {
  if (!key.startsWith(PRINT_FILE_PREFIX) || !KEY.test(key)) throw new Error(`Not a print file key: ${key}`);
  const expiresAt =
    Math.floor((opts.now ?? Date.now()) / 1000) + (opts.lifetimeS ?? PRINT_FILE_URL_LIFETIME_S);
  const payload = `${Buffer.from(key).toString('base64url')}.${expiresAt}`;
  const token = `${payload}.${sign(`print-file.${payload}`, opts.secret ?? getConfig().authSecret)}`;
  return `${opts.siteUrl ?? getConfig().siteUrl}${PRINT_FILE_URL_PATH}${token}`;
}

/**
 * The key a token names, once its signature and expiry are checked: 403 for a token that is not
 * one the site signed (tampered, malformed, another kind of key), 410 for one that has expired.
 */
export function printFileKeyOf(token: string, opts: { now?: number; secret?: string } = {}): string {
  const parts = token.split('.');
  if (parts.length !== 3) throw new HttpError(403, NOT_VALID);
  const [encodedKey, exp, signature] = parts as [string, string, string];
  const expected = sign(`print-file.${encodedKey}.${exp}`, opts.secret ?? getConfig().authSecret);
  const given = Buffer.from(signature);
  const wanted = Buffer.from(expected);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) throw new HttpError(403, NOT_VALID);
  const key = Buffer.from(encodedKey, 'base64url').toString();
  if (!/^\d{1,12}$/.test(exp) || !KEY.test(key)) throw new HttpError(403, NOT_VALID);
  if (Number(exp) * 1000 <= (opts.now ?? Date.now())) {
    throw new HttpError(
      410,
      'This print file link has expired. The shop makes a new one when it sends the order again.',
    );
  }
  return key;
}
