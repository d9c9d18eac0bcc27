// The credit note of a cancelled drone job's refund as a PDF (A4, pdfkit's built-in Helvetica, like
// the job's invoices), drawn from the issued document: its number and date, the supplier and buyer
// as they were when it was issued, the invoice it corrects, the amount given back and the VAT inside
// it at the quote's rate. Served to the owner (by the quote's id) and to the client (by the quote
// link's token).
import { eq } from 'drizzle-orm';
import { documentNumber } from '~/lib/checkout/invoice-number';
import { winAnsiSafe } from '~/lib/orders/invoice-pdf.server';
import type { Db } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { formatEuro } from '~/lib/platform/shared/format';
import { statedVatCents } from '~/lib/selling/vat';
import { type Invoice, invoices, quotes } from '~db/schema';
import { jobCreditNotes } from './job-cancel-view.server';
import { jobInvoiceFileName } from './job-invoice-pdf.server';
import { drawJobDocumentHeading, startJobPdf } from './job-pdf-document.server';
import { jobPdfTable, M, MUTED } from './job-pdf-table.server';
import { quoteByToken, UNKNOWN_LINK } from './quote-client.server';
import { type QuoteView, quoteView } from './quote-view.server';

const PART = { deposit: 'the deposit', balance: 'the balance' } as const;

/** `compress: false` keeps the text readable in the file (for tests). */
export function renderJobCreditNotePdf(
  db: Db,
  doc: Invoice,
  q: QuoteView,
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  const number = documentNumber('credit_note', doc.number);
  const { pdf, done } = startJobPdf(`Credit note ${number}`, options.compress ?? true);
  const t = winAnsiSafe;
  const width = pdf.page.width - 2 * M;
  const rate = q.totals.vatRateBp;
  const corrects = doc.refersToId
    ? db.select().from(invoices).where(eq(invoices.id, doc.refersToId)).get()
    : undefined;
  const part = PART[doc.jobPart ?? 'deposit'];

  drawJobDocumentHeading(pdf, {
    name: 'Credit note',
    doc,
    q,
    extra: corrects ? [`Corrects invoice ${documentNumber('invoice', corrects.number)}`] : [],
  });

  const { row, rule, total } = jobPdfTable(pdf, { labelAt: 60 });
  const vat = rate ? statedVatCents(doc, rate) : 0;
  row(['Description', '', '', 'Amount (incl. VAT)'], true);
  rule();
  row([`Refund of ${part} of the cancelled job: ${q.title}`, '', '', `-${formatEuro(doc.amountCents)}`]);
  rule();
  total('Net (excl. VAT)', `-${formatEuro(doc.amountCents - vat)}`);
  total(rate ? `VAT at ${rate / 100}% included` : 'No VAT charged', `-${formatEuro(vat)}`);
  total('Total credited (incl. VAT)', `-${formatEuro(doc.amountCents)}`, true);
  pdf.moveDown();
  pdf
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(t('The job was cancelled and this amount refunded the way it was paid.'), M, pdf.y, { width });
  pdf.end();
  return done;
}

/**
 * The credit note of a cancelled job as the answer to a request, the owner's or the client's: the
 * one of `part` (deposit or balance) when given, else the first (the balance's when both exist).
 */
export async function jobCreditNoteResponse(
  db: Db,
  by: { quoteId: string } | { token: string },
  part: string | null,
): Promise<Response> {
  const quote =
    'token' in by
      ? quoteByToken(db, by.token)
      : (db.select().from(quotes).where(eq(quotes.id, by.quoteId)).get() ?? null);
  if (!quote) throw new HttpError(404, 'token' in by ? UNKNOWN_LINK : 'There is no such quote.');
  if (part !== null && part !== 'deposit' && part !== 'balance')
    throw new HttpError(404, 'There is no such credit note.');
  const doc = jobCreditNotes(db, quote.id).find((n) => part === null || n.jobPart === part);
  if (!doc)
    throw new HttpError(
      404,
      'This job has no credit note: one is issued when a cancellation refunds a payment.',
    );
  const pdf = await renderJobCreditNotePdf(db, doc, quoteView(db, quote));
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${jobInvoiceFileName(doc)}"`,
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex, nofollow',
    },
  });
}
