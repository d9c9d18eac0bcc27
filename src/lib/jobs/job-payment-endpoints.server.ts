// The client's payment endpoints of a job (PayPal's start and capture, and the card's start), the
// same for its deposit and its balance: a rate limit per address, an empty JSON body (the amount is
// the server's), and PayPal's refusals answered as the buttons expect (422 INSTRUMENT_DECLINED lets
// the client choose another card or account). Public: the quote link's token in the path is the
// authorization.
import type { APIContext, APIRoute } from 'astro';
import type Stripe from 'stripe';
import type { z } from 'zod';
import { checkoutBackend, getPaypalClient } from '~/lib/payments/backend.server';
import { isPaypalApiError, type PaypalClient } from '~/lib/payments/paypal-client.server';
import { PAYPAL_ORDER_ID } from '~/lib/payments/paypal-ids';
import { stripeAccess } from '~/lib/payments/stripe-access.server';
import { getStripe } from '~/lib/payments/stripe-client.server';
import { type Db, getDb } from '~/lib/platform/server/db';
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
import type { PaymentBackend } from './job-payment-flow.server';

const PROVIDER_FAILED = 'PayPal could not take the payment. Please try again in a moment.';
const NO_STORE = { 'Cache-Control': 'no-store' };

function limit(ip: string): void {
  if (quotePaymentIpLimiter.hit(ip) > 0) {
    throw new HttpError(
      429,
      'Too many payments were started from your connection. Please try again in an hour.',
    );
  }
}

/** POST …/{kind} {}: starts the payment and answers the provider's order id { id }. */
export function startPaymentEndpoint(
  body: z.core.$ZodType,
  create: (db: Db, backend: PaymentBackend, token: string) => Promise<{ id: string }>,
): APIRoute {
  return handle<APIContext>(async ({ params, request, locals }) => {
    limit(locals.clientIp);
    await readJson(request, body, MAX_FORM_BYTES);
    const { id } = await create(getDb(), checkoutBackend(), params.token ?? '');
    return Response.json({ id }, { headers: NO_STORE });
  });
}

/**
 * POST …/{kind}/{paypalOrderId}/capture {}: captures the approved payment and answers what `answer`
 * makes of the outcome, with status COMPLETED. An order id that cannot be PayPal's answers 404.
 */
export function capturePaymentEndpoint<T extends object>(
  body: z.core.$ZodType,
  unknownPayment: string,
  capture: (db: Db, client: PaypalClient, token: string, orderId: string) => Promise<T>,
): APIRoute {
  return handle<APIContext>(async ({ params, request, locals }) => {
    limit(locals.clientIp);
    const paypalOrderId = params.paypalOrderId ?? '';
    if (!PAYPAL_ORDER_ID.test(paypalOrderId)) throw new HttpError(404, unknownPayment);
    await readJson(request, body, MAX_FORM_BYTES);
    try {
      const outcome = await capture(getDb(), getPaypalClient(), params.token ?? '', paypalOrderId);
      return Response.json({ status: 'COMPLETED', ...outcome }, { headers: NO_STORE });
    } catch (err) {
      if (isHttpError(err) || !isPaypalApiError(err)) throw err;
      getLog().error({ reason: err.message }, 'PayPal capture of a job payment failed');
      if (err.issue === 'INSTRUMENT_DECLINED') {
        return jsonError(422, 'PayPal declined this card or account. Please choose another way to pay.', {
          issue: 'INSTRUMENT_DECLINED',
        });
      }
      return jsonError(502, PROVIDER_FAILED);
    }
  });
}

/**
 * POST …/{kind}/card {}: starts the payment by card and answers the PaymentIntent's client secret
 * { clientSecret } for Stripe.js. 404 with a sentence when the site has no Stripe keys.
 */
export function startCardPaymentEndpoint(
  body: z.core.$ZodType,
  create: (
    db: Db,
    stripe: Stripe,
    token: string,
    options: { testMode: boolean },
  ) => Promise<{ clientSecret: string }>,
): APIRoute {
  return handle<APIContext>(async ({ params, request, locals }) => {
    const db = getDb();
    const stripe = getStripe(db);
    limit(locals.clientIp);
    await readJson(request, body, MAX_FORM_BYTES);
    const { clientSecret } = await create(db, stripe, params.token ?? '', {
      testMode: stripeAccess(db).mode === 'test',
    });
    return Response.json({ clientSecret }, { headers: NO_STORE });
  });
}
