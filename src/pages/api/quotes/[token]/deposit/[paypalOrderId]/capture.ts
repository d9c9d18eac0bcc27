// POST /api/quotes/{token}/deposit/{paypalOrderId}/capture {}: captures the deposit payment the
// client approved at PayPal and answers the deposit as it now stands { deposit }. A deposit already
// paid through this order answers 200 again, changing nothing. PayPal's INSTRUMENT_DECLINED answers
// 422 with that issue, so PayPal's buttons let the client choose another card or account.
import { captureDeposit, UNKNOWN_PAYMENT } from '~/lib/jobs/deposits.server';
import { capturePaymentEndpoint } from '~/lib/jobs/job-payment-endpoints.server';
import { depositRequestSchema } from '~/lib/jobs/schemas';

export const POST = capturePaymentEndpoint(
  depositRequestSchema,
  UNKNOWN_PAYMENT,
  async (db, client, token, orderId) => ({
    deposit: (await captureDeposit(db, client, token, orderId)).deposit,
  }),
);
