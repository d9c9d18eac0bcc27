// The document of a drone job's payment as its readers draw it: the VAT invoice issued for it or,
// where none is, its specimen. A deposit paid in test mode (no money taken) gets a specimen, and so
// does a balance invoiced on a site that takes only test payments. A specimen is drawn like the
// invoice, marked as a specimen and numbered from no sequence, with the supplier's details of the day
// it is drawn (as a test order's specimen in the shop); nothing of it is stored in `invoices`.
import { documentNumber } from '~/lib/checkout/invoice-number';
import type { Db, Tx } from '~/lib/platform/server/db';
import { readBusinessDetails } from '~/lib/site/business.server';
import type { Invoice, JobPayment, Quote } from '~db/schema';
import { paidDeposit } from './deposit-payments.server';
import { balanceInvoiceOf, balanceInvoicing, depositInvoiceOf } from './job-invoices.server';

export type JobPart = JobPayment['kind'];

/** What a job's invoice PDF is drawn from: an issued invoice, or a specimen (`number` null). */
export type JobInvoiceDoc = Pick<
  Invoice,
  'kind' | 'issuedAt' | 'supplier' | 'buyerName' | 'amountCents' | 'jobPart'
> & { number: number | null };

const buyerOf = (quote: Quote) => quote.acceptedName ?? quote.clientName;

function specimen(
  db: Db | Tx,
  quote: Quote,
  jobPart: JobPart,
  issuedAt: Date,
  amountCents: number,
): JobInvoiceDoc {
  const supplier = readBusinessDetails(db);
  return {
    kind: 'invoice',
    number: null,
    jobPart,
    issuedAt,
    amountCents,
    buyerName: buyerOf(quote),
    supplier: supplier ? JSON.stringify(supplier) : null,
  };
}

/** The specimen of that part of the job, or null when it has none. */
export function jobSpecimenOf(db: Db | Tx, quote: Quote, part: JobPart): JobInvoiceDoc | null {
  if (part === 'deposit') {
    const paid = paidDeposit(db, quote.id);
    if (!paid?.testMode || depositInvoiceOf(db, quote.id)) return null;
    return specimen(db, quote, 'deposit', paid.paidAt ?? paid.createdAt, paid.amountCents);
  }
  const invoicing = balanceInvoicing(db, quote);
  if (!invoicing?.specimen) return null;
  return specimen(db, quote, 'balance', invoicing.issuedAt, invoicing.amountCents);
}

/** The document of that part of the job: its issued invoice, else its specimen, else null. */
export function jobInvoiceDocOf(db: Db | Tx, quote: Quote, part: JobPart): JobInvoiceDoc | null {
  const issued = part === 'deposit' ? depositInvoiceOf(db, quote.id) : balanceInvoiceOf(db, quote.id);
  return issued ?? jobSpecimenOf(db, quote, part);
}

/** "INV-000042.pdf", or for a specimen "specimen-deposit-3F9A2C.pdf" (the end of the job's id). */
export function jobDocFileName(doc: JobInvoiceDoc, quoteId: string): string {
  return doc.number === null
    ? `specimen-${doc.jobPart ?? 'invoice'}-${quoteId.slice(-6).toUpperCase()}.pdf`
    : `${documentNumber(doc.kind, doc.number)}.pdf`;
}
