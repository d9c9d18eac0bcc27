// A drone job's VAT invoice as a PDF (A4, pdfkit's built-in Helvetica, like the shop's invoices and
// the quote), drawn from the issued document (its number, date, supplier and buyer as they were when
// issued) and the accepted quote. The balance's invoice names the job's lines, the total, the deposit
// already paid (with its date and invoice) and the balance due, with the VAT inside it at the
// quote's rate; the deposit's names the payment on account and the VAT inside it. A specimen (a
// deposit paid in test mode, a balance invoiced on a site that takes only test payments) is drawn
// the same, marked as a specimen, with no number, and says that its payment is a test one.
import { eq } from 'drizzle-orm';
import { documentNumber } from '~/lib/checkout/invoice-number';
import { winAnsiSafe } from '~/lib/orders/invoice-pdf.server';
import type { Db } from '~/lib/platform/server/db';
import { formatEuro } from '~/lib/platform/shared/format';
import { type Invoice, invoices, quotes } from '~db/schema';
import { paidJobPayment } from './deposit-payments.server';
import { fullDay } from './deposit-rules';
import { depositInvoiceOf } from './job-invoices.server';
import { drawJobDocumentHeading, startJobPdf } from './job-pdf-document.server';
import { jobPdfTable, M, MUTED } from './job-pdf-table.server';
import type { JobInvoiceDoc } from './job-specimens.server';
import { LINE_KIND_LABELS } from './quote-rules';
import { type QuoteView, quoteView } from './quote-view.server';

/** The file name of a job's invoice: "INV-000042.pdf". */
export const jobInvoiceFileName = (doc: Pick<Invoice, 'kind' | 'number'>) =>
  `${documentNumber(doc.kind, doc.number)}.pdf`;

/** The issued document of a job and its quote, or null when either is gone. */
export function jobInvoiceWithQuote(db: Db, id: string): { doc: Invoice; q: QuoteView } | null {
  const doc = db.select().from(invoices).where(eq(invoices.id, id)).get();
  if (!doc?.quoteId) return null;
  const quote = db.select().from(quotes).where(eq(quotes.id, doc.quoteId)).get();
  return quote ? { doc, q: quoteView(db, quote) } : null;
}

/** How a payment was made, in words: "by card", "through PayPal". */
const paidHow = (provider: string | undefined) => (provider === 'stripe' ? 'by card' : 'through PayPal');

/** `compress: false` keeps the text readable in the file (for tests). */
export function renderJobInvoicePdf(
  db: Db,
  doc: JobInvoiceDoc,
  q: QuoteView,
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  const specimen = doc.number === null;
  const title =
    doc.number === null ? 'Invoice (specimen)' : `Invoice ${documentNumber(doc.kind, doc.number)}`;
  const { pdf, done } = startJobPdf(title, options.compress ?? true);
  const t = winAnsiSafe;
  const width = pdf.page.width - 2 * M;
  const rate = q.totals.vatRateBp;
  const rateText = rate ? `${rate / 100}%` : null;

  drawJobDocumentHeading(pdf, { name: 'Invoice', doc, q });

  const { row, rule, total } = jobPdfTable(pdf, { labelAt: 60 });

  const vatInside = (label: string, cents: number) =>
    total(
      rateText ? `VAT at ${rateText} included in ${label}` : 'No VAT charged',
      formatEuro(rateText ? cents : 0),
    );

  if (doc.jobPart === 'balance') {
    row(['Description', 'Qty', 'Unit (excl. VAT)', 'Net'], true);
    rule();
    for (const l of q.lines) {
      row([
        `${LINE_KIND_LABELS[l.kind]}: ${l.description}`,
        String(l.quantity),
        formatEuro(l.unitPriceCents),
        formatEuro(l.netCents),
      ]);
    }
    rule();
    total('Net (excl. VAT)', formatEuro(q.totals.netCents));
    total(rateText ? `VAT at ${rateText}` : 'VAT (not charged)', formatEuro(q.totals.vatCents));
    total('Total of the job (incl. VAT)', formatEuro(q.acceptedTotalCents ?? q.totals.grossCents));
    if (q.deposit.state === 'paid') {
      const depositInvoice = depositInvoiceOf(db, q.id);
      const when = q.deposit.paidDay ? ` on ${fullDay(q.deposit.paidDay)}` : '';
      const ref = depositInvoice
        ? `, invoice ${documentNumber('invoice', depositInvoice.number)}`
        : q.deposit.testMode
          ? ' (a test payment)'
          : '';
      // A test deposit took no money: a VAT invoice of the balance does not deduct it.
      const leftOut = q.deposit.testMode && !specimen;
      total(
        leftOut
          ? `Deposit${when}: a test payment, no money was taken, not deducted`
          : `Deposit paid${when}${ref}`,
        leftOut ? formatEuro(0) : `-${formatEuro(q.deposit.amountCents)}`,
      );
    }
    rule();
    total('Balance due (incl. VAT)', formatEuro(doc.amountCents), true);
    vatInside('the balance', q.balance?.vatCents ?? 0);
    pdf.moveDown();
    pdf
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text(
        t(
          [
            q.balance?.state === 'paid'
              ? `Paid in full${q.balance.paidDay ? ` on ${fullDay(q.balance.paidDay)}` : ''}${q.balance.testMode ? ': a test payment, no money was taken' : ''}. Thank you.`
              : 'Please pay the balance through the link in the mail that brought this invoice.',
            ...(specimen ? ['This site takes only test payments: this specimen is not a VAT invoice.'] : []),
          ].join('\n'),
        ),
        M,
        pdf.y,
        { width },
      );
  } else {
    row(['Description', '', '', 'Amount (incl. VAT)'], true);
    rule();
    row([
      `Deposit (${q.deposit.percent}% of ${formatEuro(q.acceptedTotalCents ?? 0)}), a payment on account for: ${q.title}`,
      '',
      '',
      formatEuro(doc.amountCents),
    ]);
    rule();
    total('Net (excl. VAT)', formatEuro(doc.amountCents - (rateText ? q.deposit.vatCents : 0)));
    vatInside('the deposit', q.deposit.vatCents);
    total('Total paid (incl. VAT)', formatEuro(doc.amountCents), true);
    pdf.moveDown();
    pdf
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text(
        t(
          `Paid ${paidHow(paidJobPayment(db, q.id, 'deposit')?.provider)}${q.deposit.paidDay ? ` on ${fullDay(q.deposit.paidDay)}` : ''}${specimen ? ': a test payment, no money was taken' : ''}. The balance is invoiced on delivery.`,
        ),
        M,
        pdf.y,
        { width },
      );
  }
  pdf.end();
  return done;
}
