// POST /api/quotes/{token}/balance/card {}: starts the payment of the job's invoiced balance by
// card: a Stripe PaymentIntent of the invoice's amount (the body names none), stored as a pending
// payment; answers { clientSecret } for Stripe.js. Public: the token is the authorization. Refusals
// as for PayPal (404 unknown link, 409 not invoiced or paid already, 410 withdrawn, 429 floods),
// 404 when the site has no Stripe keys, 502 when Stripe cannot be reached.
import { createBalanceCardIntent } from '~/lib/jobs/job-card-payments.server';
import { startCardPaymentEndpoint } from '~/lib/jobs/job-payment-endpoints.server';
import { balanceRequestSchema } from '~/lib/jobs/schemas';

export const POST = startCardPaymentEndpoint(balanceRequestSchema, createBalanceCardIntent);
