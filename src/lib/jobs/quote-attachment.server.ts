// A quote's PDF attached to its mails, and a job's VAT invoice to the mail that brings it. The mail
// queue keeps only the document's name ("quote:<id>", "job-invoice:<invoice id>"), and the PDF is
// drawn as the mail leaves: a quote as it stands then (a mail delivered after a revision carries the
// revision, as the link does), an invoice from the issued document.

import { eq } from 'drizzle-orm';
import type { Db } from '~/lib/platform/server/db';
import type { MailAttachment } from '~/lib/platform/server/mail/mail';
import { quotes } from '~db/schema';
import { renderJobCreditNotePdf } from './job-cancel-pdf.server';
import { jobInvoiceFileName, jobInvoiceWithQuote, renderJobInvoicePdf } from './job-invoice-pdf.server';
import { renderQuotePdf } from './quote-pdf.server';
import { quoteView } from './quote-view.server';

const PREFIX = 'quote:';
const INVOICE_PREFIX = 'job-invoice:';

export const quoteAttachmentName = (quoteId: string): string => `${PREFIX}${quoteId}`;

export const jobInvoiceAttachmentName = (invoiceId: string): string => `${INVOICE_PREFIX}${invoiceId}`;

/** Whether a queued mail's attachment is a quote's or a job invoice's (rendered here). */
export const isQuoteAttachment = (name: string): boolean =>
  name.startsWith(PREFIX) || name.startsWith(INVOICE_PREFIX);

/** A file name a person can read: "Quote - Aerial photos of Aughrim farm.pdf". */
const fileName = (title: string) =>
  `Quote - ${title
    .replace(/[^\p{L}\p{N} ,.'&()-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80)}.pdf`;

/** The PDF a queued mail names, or null when the quote is gone. */
export async function renderQuoteAttachment(db: Db, name: string): Promise<MailAttachment | null> {
  if (name.startsWith(INVOICE_PREFIX)) {
    const found = jobInvoiceWithQuote(db, name.slice(INVOICE_PREFIX.length));
    if (!found) return null;
    return {
      filename: jobInvoiceFileName(found.doc),
      contentType: 'application/pdf',
      content:
        found.doc.kind === 'credit_note'
          ? await renderJobCreditNotePdf(db, found.doc, found.q)
          : await renderJobInvoicePdf(db, found.doc, found.q),
    };
  }
  if (!name.startsWith(PREFIX)) return null;
  const quote = db
    .select()
    .from(quotes)
    .where(eq(quotes.id, name.slice(PREFIX.length)))
    .get();
  if (!quote) return null;
  const view = quoteView(db, quote);
  return {
    filename: fileName(view.title),
    contentType: 'application/pdf',
    content: await renderQuotePdf(db, view),
  };
}
