// POST /api/stripe/payment-intent: the browser sends its lines, the delivery country, an optional
// discount code and the buyer, as for PayPal; the server quotes them, asks Stripe for a
// PaymentIntent of that total in EUR, stores the pending order (provider stripe) and answers
// { clientSecret, orderId } with this browser's receipt for the order (checkout-receipt.server.ts).
// Any amount in the body is dropped by the schema. 404 when cards are not set up; the same limits
// per address as PayPal's order creation (orders started, wrong codes).
import type { APIRoute } from 'astro';
import { receiptCookie } from '~/lib/checkout/checkout-receipt.server';
import { codeGuessWait, countingWrongCodes, tooManyCodesMessage } from '~/lib/checkout/quote-cart.server';
import { createCardPayment } from '~/lib/checkout/stripe-checkout.server';
import { cardPaymentSchema } from '~/lib/checkout/stripe-schemas';
import { stripeAccess } from '~/lib/payments/stripe-access.server';
import { getStripe } from '~/lib/payments/stripe-client.server';
import { getDb } from '~/lib/platform/server/db';
import { HttpError, handle, readJson } from '~/lib/platform/server/http/http';
import { orderCreateLimiter, tooManyRequests } from '~/lib/platform/server/http/rate-limit';

export const POST: APIRoute = handle(async ({ request, locals }) => {
  const db = getDb();
  const stripe = getStripe(db);
  const input = await readJson(request, cardPaymentSchema);
  const wait = codeGuessWait(locals.clientIp, input);
  if (wait > 0) return tooManyRequests(tooManyCodesMessage(wait), wait);
  if (orderCreateLimiter.hit(locals.clientIp) > 0) {
    throw new HttpError(
      429,
      'Too many orders were started from your connection. Please try again in an hour.',
    );
  }
  const { orderId, clientSecret } = await countingWrongCodes(locals.clientIp, () =>
    createCardPayment(db, stripe, input, {
      testMode: stripeAccess(db).mode === 'test',
      clientIp: locals.clientIp,
    }),
  );
  return Response.json(
    { clientSecret, orderId },
    { status: 201, headers: { 'Cache-Control': 'no-store', 'Set-Cookie': receiptCookie(orderId) } },
  );
});
