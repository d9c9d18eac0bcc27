// POST /api/quotes/{token}/deposit/{paypalOrderId}/capture {}: captures the deposit payment the
// client approved at PayPal and answers the deposit as it now stands { deposit }. A deposit already
// paid through this order answers 200 again, changing nothing. PayPal's INSTRUMENT_DECLINED answers
// 422 with that issue, so PayPal's buttons let the client choose another card or account.
import type { APIRoute } from 'astro';
import { captureDeposit, UNKNOWN_PAYMENT } from '~/lib/jobs/deposits.server';
import { depositRequestSchema } from '~/lib/jobs/schemas';
import { getPaypalClient } from '~/lib/payments/backend.server';
import { isPaypalApiError } from '~/lib/payments/paypal-client.server';
import { PAYPAL_ORDER_ID } from '~/lib/payments/paypal-ids';
import { getDb } from '~/lib/platform/server/db';
import {
  HttpError,
  handle,
  isHttpError,
  jsonError,
  MAX_FORM_BYTES,
  readJson,
} from '~/lib/platform/server/http/http';
import { quotePaymentIpLimiter } from '~/lib/platform/server/http/rate-limit';
import { getLog } from '~/lib/platform/server/log';

const PROVIDER_FAILED = 'PayPal could not take the payment. Please try again in a moment.';

export const POST: APIRoute = handle(async ({ params, request, locals }) => {
  if (quotePaymentIpLimiter.hit(locals.clientIp) > 0) {
    throw new HttpError(
      429,
      'Too many payments were started from your connection. Please try again in an hour.',
    );
  }
  const paypalOrderId = params.paypalOrderId ?? '';
  if (!PAYPAL_ORDER_ID.test(paypalOrderId)) throw new HttpError(404, UNKNOWN_PAYMENT);
  await readJson(request, depositRequestSchema, MAX_FORM_BYTES);
  try {
    const { deposit } = await captureDeposit(getDb(), getPaypalClient(), params.token ?? '', paypalOrderId);
    return Response.json({ status: 'COMPLETED', deposit }, { headers: { 'Cache-Control': 'no-store' } });
  } catch (err) {
    if (isHttpError(err) || !isPaypalApiError(err)) throw err;
    getLog().error({ reason: err.message }, 'PayPal capture of a deposit failed');
    if (err.issue === 'INSTRUMENT_DECLINED') {
      return jsonError(422, 'PayPal declined this card or account. Please choose another way to pay.', {
        issue: 'INSTRUMENT_DECLINED',
      });
    }
    return jsonError(502, PROVIDER_FAILED);
  }
});
