// Which orders' outcomes a browser may see. The confirmation page (/checkout?success=true&orderId=…)
// is an address anyone can type, so it shows an order's outcome only in the browser that paid for
// it: the capture's answer gives that browser a receipt for the order, a cookie named after the
// order whose value is an HMAC of the order id keyed by the auth secret (no one can make one without
// the secret, and one order's receipt is worth nothing for another). It is HttpOnly, sent only to
// /checkout, and kept a week: long enough for a reload, the back button, or a look a few days later
// while PayPal reviews a payment; the confirmation e-mail is the lasting record. Nothing is stored:
// the database keeps no trace of which browser paid.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { getConfig } from '~/lib/platform/server/config';
import type { Db } from '~/lib/platform/server/db';
import { orders } from '~db/schema';

const COOKIE_PREFIX = 'receipt-';
const LIFETIME_S = 7 * 24 * 60 * 60;
/** The order ids of this site (UUIDs) and nothing else can name a receipt cookie. */
const ORDER_ID = /^[A-Za-z0-9-]{1,64}$/;

function signature(orderId: string, secret: string): string {
  return createHmac('sha256', secret).update(`checkout-receipt:${orderId}`).digest('base64url');
}

/** The Set-Cookie value that gives this browser the receipt of an order. */
export function receiptCookie(orderId: string, secret = getConfig().authSecret): string {
  const secure = getConfig().siteUrl.startsWith('https://') ? '; Secure' : '';
  return `${COOKIE_PREFIX}${orderId}=${signature(orderId, secret)}; Path=/checkout; Max-Age=${LIFETIME_S}; HttpOnly; SameSite=Lax${secure}`;
}

/** Whether the Cookie header holds a valid receipt for the order. */
export function holdsReceipt(
  cookieHeader: string | null | undefined,
  orderId: string,
  secret = getConfig().authSecret,
): boolean {
  if (!ORDER_ID.test(orderId)) return false;
  const name = `${COOKIE_PREFIX}${orderId}`;
  const expected = Buffer.from(signature(orderId, secret));
  return (cookieHeader ?? '').split(';').some((pair) => {
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at).trim() !== name) return false;
    const given = Buffer.from(pair.slice(at + 1).trim());
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** An order's payment status, or 'test' for an order made in test mode (nobody paid for it). */
export type ReceiptStatus = (typeof orders.$inferSelect)['paymentStatus'] | 'test';

/**
 * The payment status of an order for the browser holding its receipt; null when the browser holds
 * none or there is no such order, so a made-up id and another browser's order look the same.
 */
export function receiptStatus(db: Db, cookieHeader: string | null, orderId: string): ReceiptStatus | null {
  if (!holdsReceipt(cookieHeader, orderId)) return null;
  const row = db
    .select({ status: orders.paymentStatus, testMode: orders.testMode })
    .from(orders)
    .where(eq(orders.id, orderId))
    .get();
  if (!row) return null;
  return row.testMode && row.status === 'completed' ? 'test' : row.status;
}
