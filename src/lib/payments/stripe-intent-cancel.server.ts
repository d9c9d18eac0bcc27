// Cancelling a PaymentIntent that was never paid (POST /v1/payment_intents/{id}/cancel): afterwards
// Stripe refuses every confirmation of it, so a payment form left open in a browser can no longer
// take money. Stripe refuses to cancel an intent that succeeded (or was cancelled already) with a
// `payment_intent_unexpected_state` error, which is thrown to the caller.
import type Stripe from 'stripe';

export async function cancelCardIntent(stripe: Stripe, paymentIntentId: string): Promise<void> {
  await stripe.paymentIntents.cancel(paymentIntentId, { cancellation_reason: 'abandoned' });
}
