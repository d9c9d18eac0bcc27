// POST /api/admin/quotes/{id}/balance-invoice: "Invoice the balance": issues the VAT invoice of the
// accepted total less the deposit paid and mails it to the client with a link to pay it; on a site
// that takes only test payments, a specimen with no number in its place. 409 before acceptance, when
// nothing remains to pay, or when invoiced already. Owner only.
import type { APIRoute } from 'astro';
import { invoiceBalance } from '~/lib/jobs/balance.server';
import { getDb } from '~/lib/platform/server/db';
import { handle } from '~/lib/platform/server/http/http';

export const POST: APIRoute = handle(({ params }) => {
  return Response.json(invoiceBalance(getDb(), params.id ?? '', new Date()));
});
