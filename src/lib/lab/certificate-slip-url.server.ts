// The address a print lab downloads an order's packing slip from: the page of certificates of
// authenticity of the limited-edition copies it makes, which it prints and puts in the parcel.
// /api/lab/certificates/{token}, where the token is the shop's order id and an expiry, signed with
// an HMAC keyed by the site secret (under a name of its own, so no other signed link of the site
// can stand for one). It lasts a week, like the print files' addresses, and is refused the same
// way whatever is wrong with it: changed, cut, made up or expired.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { getConfig } from '~/lib/platform/server/config';
import { HttpError } from '~/lib/platform/server/http/http';

export const CERTIFICATE_SLIP_URL_PATH = '/api/lab/certificates/';
export const CERTIFICATE_SLIP_URL_LIFETIME_S = 7 * 24 * 60 * 60;

const NOT_VALID = 'This certificate link is not valid, or has expired.';
/** The shop's order ids: UUIDs, or the plain ids of tests and the demo. */
const ORDER_ID = /^[A-Za-z0-9_-]{1,100}$/;

const sign = (payload: string, secret: string) =>
  createHmac('sha256', secret).update(`lab-certificate.${payload}`).digest('base64url');

/** The full address of an order's packing slip for the lab, valid for `lifetimeS` from `now`. */
export function certificateSlipUrl(
  orderId: string,
  opts: { siteUrl?: string; now?: number; lifetimeS?: number; secret?: string } = {},
): string {
  if (!ORDER_ID.test(orderId)) throw new Error(`Not an order id: ${orderId}`);
  const expiresAt =
    Math.floor((opts.now ?? Date.now()) / 1000) + (opts.lifetimeS ?? CERTIFICATE_SLIP_URL_LIFETIME_S);
  const payload = `${Buffer.from(orderId).toString('base64url')}.${expiresAt}`;
  const token = `${payload}.${sign(payload, opts.secret ?? getConfig().authSecret)}`;
  return `${opts.siteUrl ?? getConfig().siteUrl}${CERTIFICATE_SLIP_URL_PATH}${token}`;
}

/** The order a token names, once its signature and expiry are checked; else a 403 that says no more. */
export function certificateSlipOrderOf(token: string, opts: { now?: number; secret?: string } = {}): string {
  const parts = token.split('.');
  if (parts.length !== 3) throw new HttpError(403, NOT_VALID);
  const [encoded, exp, signature] = parts as [string, string, string];
  const given = Buffer.from(signature);
  const wanted = Buffer.from(sign(`${encoded}.${exp}`, opts.secret ?? getConfig().authSecret));
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) throw new HttpError(403, NOT_VALID);
  const orderId = Buffer.from(encoded, 'base64url').toString();
  if (!/^\d{1,12}$/.test(exp) || !ORDER_ID.test(orderId)) throw new HttpError(403, NOT_VALID);
  if (Number(exp) * 1000 <= (opts.now ?? Date.now())) throw new HttpError(403, NOT_VALID);
  return orderId;
}
