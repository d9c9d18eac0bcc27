// POST /api/quotes/{token}/deposit {}: starts the payment of the deposit of the accepted quote the
// link opens, for the amount the server works out (the body names none), and answers the payment
// provider's order id { id } for its buttons. Public: the token is the authorization. Refusals:
// 404 for a link that opens nothing, 409 when the quote is not accepted, asks no deposit or has it
// paid, 410 when withdrawn or expired, 400/413 for bad bodies, 429 for floods, 503 with payments off.
import { createDepositOrder } from '~/lib/jobs/deposits.server';
import { startPaymentEndpoint } from '~/lib/jobs/job-payment-endpoints.server';
import { depositRequestSchema } from '~/lib/jobs/schemas';

export const POST = startPaymentEndpoint(depositRequestSchema, createDepositOrder);
