// POST /api/quotes/{token}/deposit {}: starts the payment of the deposit of the accepted quote the
// link opens, for the amount the server works out (the body names none), and answers the payment
// provider's order id { id } for its buttons. Public: the token is the authorization. Refusals:
// 404 for a link that opens nothing, 409 when the quote is not accepted, asks no deposit or has it
// paid, 410 when withdrawn or expired, 400/413 for bad bodies, 429 for floods, 503 with payments off.
import type { APIRoute } from 'astro';
import { createDepositOrder } from '~/lib/jobs/deposits.server';
import { depositRequestSchema } from '~/lib/jobs/schemas';
import { checkoutBackend } from '~/lib/payments/backend.server';
import { getDb } from '~/lib/platform/server/db';
import { HttpError, handle, MAX_FORM_BYTES, readJson } from '~/lib/platform/server/http/http';
import { quotePaymentIpLimiter } from '~/lib/platform/server/http/rate-limit';

export const POST: APIRoute = handle(async ({ params, request, locals }) => {
  if (quotePaymentIpLimiter.hit(locals.clientIp) > 0) {
    throw new HttpError(
      429,
      'Too many payments were started from your connection. Please try again in an hour.',
    );
  }
  await readJson(request, depositRequestSchema, MAX_FORM_BYTES);
  const { id } = await createDepositOrder(getDb(), checkoutBackend(), params.token ?? '');
  return Response.json({ id }, { headers: { 'Cache-Control': 'no-store' } });
});
