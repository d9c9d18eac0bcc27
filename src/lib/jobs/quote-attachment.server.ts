// A quote's PDF attached to its mails, and a job's VAT invoice (or its specimen) to the mail that
// brings it. The mail queue keeps only the document's name ("quote:<id>", "job-invoice:<invoice
// id>", "job-specimen:<quote id>:<deposit|balance>"), and the PDF is drawn as the mail leaves: a
// quote as it stands then (a mail delivered after a revision carries the revision, as the link
// does), an invoice from the issued document, a specimen from the job's payment or balance.

import { eq } from 'drizzle-orm';
import type { Db } from '~/lib/platform/server/db';
import type { MailAttachment } from '~/lib/platform/server/mail/mail';
import { quotes } from '~db/schema';
import { renderJobCreditNotePdf } from './job-cancel-pdf.server';
import { jobInvoiceFileName, jobInvoiceWithQuote, renderJobInvoicePdf } from './job-invoice-pdf.server';
import { type JobPart, jobDocFileName, jobSpecimenOf } from './job-specimens.server';
import { renderQuotePdf } from './quote-pdf.server';
import { quoteView } from './quote-view.server';

const PREFIX = 'quote:';
const INVOICE_PREFIX = 'job-invoice:';
const SPECIMEN_PREFIX = 'job-specimen:';

export const quoteAttachmentName = (quoteId: string): string => `${PREFIX}${quoteId}`;

export const jobInvoiceAttachmentName = (invoiceId: string): string => `${INVOICE_PREFIX}${invoiceId}`;

/** The name of the specimen of a job's deposit or balance invoice. */
export const jobSpecimenAttachmentName = (quoteId: string, part: JobPart): string =>
  `${SPECIMEN_PREFIX}${quoteId}:${part}`;

/** Whether a queued mail's attachment is a quote's or a job invoice's or specimen's (rendered here). */
export const isQuoteAttachment = (name: string): boolean =>
  name.startsWith(PREFIX) || name.startsWith(INVOICE_PREFIX) || name.startsWith(SPECIMEN_PREFIX);

const findQuote = (db: Db, id: string) => db.select().from(quotes).where(eq(quotes.id, id)).get();

async function renderSpecimen(db: Db, name: string): Promise<MailAttachment | null> {
  const [quoteId = '', part] = name.slice(SPECIMEN_PREFIX.length).split(':');
  if (part !== 'deposit' && part !== 'balance') return null;
  const quote = findQuote(db, quoteId);
  const doc = quote ? jobSpecimenOf(db, quote, part) : null;
  if (!quote || !doc) return null;
  return {
    filename: jobDocFileName(doc, quote.id),
    contentType: 'application/pdf',
    content: await renderJobInvoicePdf(db, doc, quoteView(db, quote)),
  };
}

/** A file name a person can read: "Quote - Aerial photos of Aughrim farm.pdf". */
const fileName = (title: string) =>
  `Quote - ${title
    .replace(/[^\p{L}\p{N} ,.'&()-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80)}.pdf`;

/** The PDF a queued mail names, or null when the quote (or what the document is of) is gone. */
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
  if (name.startsWith(SPECIMEN_PREFIX)) return renderSpecimen(db, name);
  if (!name.startsWith(PREFIX)) return null;
  const quote = findQuote(db, name.slice(PREFIX.length));
  if (!quote) return null;
  const view = quoteView(db, quote);
  return {
    filename: fileName(view.title),
    contentType: 'application/pdf',
    content: await renderQuotePdf(db, view),
  };
}
