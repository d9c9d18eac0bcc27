// POST /api/quotes/{token}/deposit/card {}: starts the payment of the accepted quote's deposit by
// card: a Stripe PaymentIntent of the amount the server works out (the body names none), stored as
// a pending payment; answers { clientSecret } for Stripe.js. Public: the token is the authorization.
// Refusals as for PayPal (404 unknown link, 409 not accepted or paid already, 410 withdrawn or
// expired, 429 floods), 404 when the site has no Stripe keys, 502 when Stripe cannot be reached.
import { createDepositCardIntent } from '~/lib/jobs/job-card-payments.server';
import { startCardPaymentEndpoint } from '~/lib/jobs/job-payment-endpoints.server';
import { depositRequestSchema } from '~/lib/jobs/schemas';

export const POST = startCardPaymentEndpoint(depositRequestSchema, createDepositCardIntent);
