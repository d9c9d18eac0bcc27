// POST /api/stripe/webhook: Stripe's events about payments (set this address in Stripe's dashboard,
// with the events payment_intent.succeeded and payment_intent.payment_failed). The raw body's
// signature is checked with the webhook secret by the stripe package before anything is read from
// it: a missing or bad signature is a 400 and changes nothing. Each event is applied once
// (stripe-checkout.server.ts records the ids handled); an event seen before, or about a payment
// this site does not know, is answered 200 so that Stripe stops sending it. An intent that is no
// print order's may be a drone job's deposit or balance paid by card (job-card-payments.server.ts).
import type { APIRoute } from 'astro';
import type Stripe from 'stripe';
import { handleStripeEvent } from '~/lib/checkout/stripe-checkout.server';
import { settleJobCardIntent } from '~/lib/jobs/job-card-payments.server';
import { stripeAccess } from '~/lib/payments/stripe-access.server';
import { getStripe } from '~/lib/payments/stripe-client.server';
import { getDb } from '~/lib/platform/server/db';
import { commitGrouped } from '~/lib/platform/server/grouped-commits';
import { handle, jsonError, readBody } from '~/lib/platform/server/http/http';
import { getLog } from '~/lib/platform/server/log';

/** Stripe's events are small; a larger body is not one of them. */
const MAX_EVENT_BYTES = 512 * 1024;

export const POST: APIRoute = handle(async ({ request }) => {
  const db = getDb();
  const stripe = getStripe(db);
  const { webhookSecret } = stripeAccess(db);
  const signature = request.headers.get('stripe-signature');
  if (!webhookSecret) {
    getLog().error('A Stripe webhook arrived, but no webhook secret is set: STRIPE_WEBHOOK_SECRET.');
    return jsonError(400, 'This site has no Stripe webhook secret, so it cannot check events.');
  }
  if (!signature) return jsonError(400, 'The Stripe-Signature header is missing.');
  const payload = Buffer.from(await readBody(request, MAX_EVENT_BYTES));
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(payload, signature, webhookSecret);
  } catch (err) {
    getLog().warn({ reason: (err as Error).message }, 'A Stripe webhook with a bad signature was refused');
    return jsonError(400, 'The event’s signature does not match: it was not sent by Stripe.');
  }
  const result = await commitGrouped(db, () => handleStripeEvent(db, event, settleJobCardIntent));
  return Response.json({ received: true, result }, { headers: { 'Cache-Control': 'no-store' } });
});
