// A job's invoice as the answer to a request: the owner's (by the quote's id) or the client's (by
// the quote link's token), for one of its payments (deposit or balance): the VAT invoice issued for
// it, or its specimen where none is (a test deposit, a balance invoiced on a test-only site).
import { eq } from 'drizzle-orm';
import type { Db } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { quotes } from '~db/schema';
import { renderJobInvoicePdf } from './job-invoice-pdf.server';
import { jobDocFileName, jobInvoiceDocOf } from './job-specimens.server';
import { quoteByToken, UNKNOWN_LINK } from './quote-client.server';
import { quoteView } from './quote-view.server';

const NONE = {
  deposit: 'This job has no deposit invoice: one is issued when a deposit is paid.',
  balance: 'The balance of this job has not been invoiced yet.',
};

export async function jobInvoiceResponse(
  db: Db,
  by: { quoteId: string } | { token: string },
  part: string,
): Promise<Response> {
  const quote =
    'token' in by
      ? quoteByToken(db, by.token)
      : (db.select().from(quotes).where(eq(quotes.id, by.quoteId)).get() ?? null);
  if (!quote) throw new HttpError(404, 'token' in by ? UNKNOWN_LINK : 'There is no such quote.');
  if (part !== 'deposit' && part !== 'balance') throw new HttpError(404, 'There is no such invoice.');
  const doc = jobInvoiceDocOf(db, quote, part);
  if (!doc) throw new HttpError(404, NONE[part]);
  const pdf = await renderJobInvoicePdf(db, doc, quoteView(db, quote));
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${jobDocFileName(doc, quote.id)}"`,
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex, nofollow',
    },
  });
}
