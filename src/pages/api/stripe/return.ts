// GET /api/stripe/return?orderId=…: where Stripe.js sends the buyer after a card payment (and where
// the checkout goes itself when no redirect was needed). The server asks Stripe about the order's
// PaymentIntent and settles the order by that answer (the same once-only path as the webhook), so a
// late or lost webhook never leaves a paid buyer without a receipt; then it sends the buyer to the
// order's outcome at /checkout?success=true&orderId=… . A payment that did not succeed goes back to
// the checkout, whose cart is still there, to try again.
import type { APIRoute } from 'astro';
import { settleReturningBuyer } from '~/lib/checkout/stripe-checkout.server';
import { cardReturnSchema } from '~/lib/checkout/stripe-schemas';
import { getStripe } from '~/lib/payments/stripe-client.server';
import { getDb } from '~/lib/platform/server/db';
import { handle, jsonError } from '~/lib/platform/server/http/http';

const goTo = (location: string) =>
  new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });

export const GET: APIRoute = handle(async ({ url }) => {
  const parsed = cardReturnSchema.safeParse({ orderId: url.searchParams.get('orderId') ?? '' });
  if (!parsed.success) return jsonError(400, 'The order id is not valid.');
  const { orderId } = parsed.data;
  const db = getDb();
  const paid = await settleReturningBuyer(db, getStripe(db), orderId);
  // paidBy=card: the receipt empties the cart in this browser (its page was left for the bank's).
  return goTo(
    paid ? `/checkout?success=true&orderId=${encodeURIComponent(orderId)}&paidBy=card` : '/checkout',
  );
});
