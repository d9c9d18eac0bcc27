// POST /api/paypal/order/{id}/capture with customerData and cartItems; answers { status, order: { id } }.
// A paid order, and one PayPal holds for review, come with this browser's receipt for the order
// (checkout-receipt.ts): the cookie that lets /checkout?success=true&orderId=… show its outcome.
// The id is checked before anything else (no outbound call for a bad one); the order is marked paid
// only by lib/checkout/place-order.server.ts's rules, which queue the confirmation and the owner's notice in the
// same transaction (the mail sender delivers them). Errors are the internal payment errors (PAYMENT_ERRORS).
// A request without a session cookie is handed here by the node:http front itself (server/front-api.ts).
import type { APIRoute } from 'astro';
import { receiptCookie } from '~/lib/checkout/checkout-receipt.server';
import { capturePaypalOrder, PAYMENT_ERRORS } from '~/lib/checkout/place-order.server';
import { captureOrderSchema } from '~/lib/checkout/schemas';
import { getPaypalClient } from '~/lib/payments/backend.server';
import { isPaypalApiError } from '~/lib/payments/paypal-client.server';
import { PAYPAL_ORDER_ID } from '~/lib/payments/paypal-ids';
import { getDb } from '~/lib/platform/server/db';
import { handle, isHttpError, jsonError, readJson } from '~/lib/platform/server/http/http';
import { getLog } from '~/lib/platform/server/log';

export const POST: APIRoute = handle(async ({ params, request }) => {
  const paypalOrderId = params.id ?? '';
  if (!PAYPAL_ORDER_ID.test(paypalOrderId)) return jsonError(400, 'Invalid order id');
  const body = await readJson(request, captureOrderSchema);
  if (!body.customerData) return jsonError(400, PAYMENT_ERRORS.noCustomer);

  const db = getDb();
  let outcome: Awaited<ReturnType<typeof capturePaypalOrder>>;
  try {
    outcome = await capturePaypalOrder(db, getPaypalClient(), paypalOrderId, body.customerData);
  } catch (err) {
    if (isHttpError(err)) throw err;
    if (isPaypalApiError(err)) {
      getLog().error({ reason: err.message }, 'PayPal capture failed');
      if (err.issue === 'INSTRUMENT_DECLINED') {
        // Handed back so the PayPal button can restart with another funding source.
        return jsonError(422, PAYMENT_ERRORS.provider, { issue: 'INSTRUMENT_DECLINED' });
      }
      return jsonError(502, PAYMENT_ERRORS.provider);
    }
    getLog().error({ err }, 'Payment capture failed');
    return jsonError(500, PAYMENT_ERRORS.other);
  }
  if (!outcome.paid) {
    if (outcome.reason === 'mismatch') return jsonError(409, PAYMENT_ERRORS.noOrder);
    // PENDING: PayPal is reviewing the payment; the order is kept and settled later
    // (lib/checkout/payment-reconcile.server.ts), so the checkout can say so and give its id.
    const pending = outcome.status === 'PENDING' ? { orderId: outcome.orderId } : {};
    const answer = jsonError(422, PAYMENT_ERRORS.notCompleted, { status: outcome.status, ...pending });
    if (pending.orderId) answer.headers.set('Set-Cookie', receiptCookie(pending.orderId));
    return answer;
  }
  return Response.json(
    { status: 'COMPLETED', order: { id: outcome.orderId } },
    { headers: { 'Cache-Control': 'no-store', 'Set-Cookie': receiptCookie(outcome.orderId) } },
  );
});
