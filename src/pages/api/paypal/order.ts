// POST /api/paypal/order: the browser sends its lines, the delivery country and an optional discount
// code; the server quotes them as /api/checkout/quote does, creates the PayPal order for that total
// with its breakdown, and stores the pending order with PayPal's id and the quote's figures. Any
// `amount` in the body is dropped by the schema. Wrong codes count against the address as the
// quote's do (429 past the limit).
// One address may start 20 orders an hour (429 beyond), so a script cannot fill the orders table.
// On a site without payments set up it answers 503 (payments/index.ts, checkoutBackend); in test
// mode the order is stored as a test order.
// A request without a session cookie is handed here by the node:http front itself (server/front-api.ts).
import type { APIRoute } from 'astro';
import { createPaypalOrder } from '~/lib/checkout/place-order.server';
import { codeGuessWait, countingWrongCodes, tooManyCodesMessage } from '~/lib/checkout/quote-cart.server';
import { createOrderSchema } from '~/lib/checkout/schemas';
import { checkoutBackend } from '~/lib/payments/backend.server';
import { getDb } from '~/lib/platform/server/db';
import { HttpError, handle, readJson } from '~/lib/platform/server/http/http';
import { orderCreateLimiter, tooManyRequests } from '~/lib/platform/server/http/rate-limit';

export const POST: APIRoute = handle(async ({ request, locals }) => {
  const backend = checkoutBackend();
  const input = await readJson(request, createOrderSchema);
  const wait = codeGuessWait(locals.clientIp, input);
  if (wait > 0) return tooManyRequests(tooManyCodesMessage(wait), wait);
  if (orderCreateLimiter.hit(locals.clientIp) > 0) {
    throw new HttpError(
      429,
      'Too many orders were started from your connection. Please try again in an hour.',
    );
  }
  const { id } = await countingWrongCodes(locals.clientIp, () =>
    createPaypalOrder(getDb(), backend.client, input, {
      testMode: backend.testMode,
      clientIp: locals.clientIp,
    }),
  );
  return Response.json({ id }, { status: 201, headers: { 'Cache-Control': 'no-store' } });
});
