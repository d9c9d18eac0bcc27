// POST /api/quotes/{token}/balance {}: starts the payment of the invoiced balance of the job the
// link opens, for the invoice's amount (the body names none), and answers the payment provider's
// order id { id }. Public: the token is the authorization. Refusals: 404 for a link that opens
// nothing, 409 before acceptance, before the balance is invoiced or once it is paid, 410 when
// withdrawn, 400/413 for bad bodies, 429 for floods, 503 with payments off.
import { createBalanceOrder } from '~/lib/jobs/balance.server';
import { startPaymentEndpoint } from '~/lib/jobs/job-payment-endpoints.server';
import { balanceRequestSchema } from '~/lib/jobs/schemas';

export const POST = startPaymentEndpoint(balanceRequestSchema, createBalanceOrder);
