// GET /checkout/invoice.pdf?orderId=… : the VAT invoice (a test order's specimen) of the order paid
// in this browser. Like the confirmation page, it answers only the browser holding the order's
// receipt cookie (checkout-receipt.server.ts); any other request, a made-up id included, gets the
// same 404, so no invoice is found by guessing an order id.
import type { APIRoute } from 'astro';
import { holdsReceipt } from '~/lib/checkout/checkout-receipt.server';
import { documentResponse } from '~/lib/orders/invoice-pdf.server';
import { getDb } from '~/lib/platform/server/db';
import { HttpError, handle } from '~/lib/platform/server/http/http';

export const GET: APIRoute = handle(({ request, url }) => {
  const orderId = url.searchParams.get('orderId') ?? '';
  if (!holdsReceipt(request.headers.get('cookie'), orderId)) {
    throw new HttpError(404, 'There is no invoice to show here: it is shown only in the browser that paid.');
  }
  return documentResponse(getDb(), orderId, 'invoice');
});
