// POST /api/quotes/{token}/balance/{paypalOrderId}/capture {}: captures the balance payment the
// client approved at PayPal and answers the balance as it now stands { balance }; once paid, the
// job's gallery is released. A balance already paid through this order answers 200 again, changing
// nothing. PayPal's INSTRUMENT_DECLINED answers 422 with that issue.
import { captureBalance, UNKNOWN_BALANCE_PAYMENT } from '~/lib/jobs/balance.server';
import { capturePaymentEndpoint } from '~/lib/jobs/job-payment-endpoints.server';
import { balanceRequestSchema } from '~/lib/jobs/schemas';

export const POST = capturePaymentEndpoint(
  balanceRequestSchema,
  UNKNOWN_BALANCE_PAYMENT,
  async (db, client, token, orderId) => ({
    balance: (await captureBalance(db, client, token, orderId)).balance,
  }),
);
