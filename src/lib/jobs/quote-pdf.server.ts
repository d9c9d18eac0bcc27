// A quote as a PDF (the job documents' A4 frame, pdfkit's built-in Helvetica, like the invoices): the business, the client,
// the lines, the net, the VAT and the total from the one sum, the validity and the terms. Text is
// made safe for the built-in fonts by the invoices' own rule (winAnsiSafe).
import { winAnsiSafe } from '~/lib/orders/invoice-pdf.server';
import type { Db } from '~/lib/platform/server/db';
import { formatEuro } from '~/lib/platform/shared/format';
import { tradingAs } from '~/lib/site/business';
import { readBusinessDetails } from '~/lib/site/business.server';
import { OWNER_NAME } from '~/lib/site/constants';
import { startJobPdf } from './job-pdf-document.server';
import { INK, jobPdfTable, M, MUTED } from './job-pdf-table.server';
import { LINE_KIND_LABELS, longDay } from './quote-rules';
import type { QuoteView } from './quote-view.server';

/** `compress: false` keeps the text readable in the file (for tests). */
export function renderQuotePdf(db: Db, q: QuoteView, options: { compress?: boolean } = {}): Promise<Buffer> {
  const business = readBusinessDetails(db);
  const from = business ? tradingAs(business) : OWNER_NAME;
  const { pdf: doc, done } = startJobPdf(`Quote: ${q.title}`, options.compress ?? true);
  const t = winAnsiSafe;
  const width = doc.page.width - 2 * M;

  doc.fillColor(INK).font('Helvetica-Bold').fontSize(22).text(t('Quote'), M, M);
  doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(t(from));
  if (business?.vatNumber) doc.text(t(`VAT number: ${business.vatNumber}`));
  doc.moveDown();
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(13).text(t(q.title));
  doc.font('Helvetica').fontSize(10);
  doc.text(t(`For: ${q.clientName} <${q.clientEmail}>`));
  if (q.location) doc.text(t(`Location: ${q.location}`));
  if (q.shootDate) doc.text(t(`Proposed shoot date: ${longDay(q.shootDate)}`));
  doc.text(t(`Valid until: ${longDay(q.validUntil)} (inclusive)`));
  doc.moveDown();

  const { row, rule, total } = jobPdfTable(doc, { labelAt: 200 });
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
  total(
    q.totals.vatRateBp ? `VAT at ${q.totals.vatRateBp / 100}%` : 'VAT (not charged)',
    formatEuro(q.totals.vatCents),
  );
  total('Total', formatEuro(q.totals.grossCents), true);
  if (q.deposit.state !== 'none') {
    total(`Deposit on acceptance (${q.deposit.percent}%)`, formatEuro(q.deposit.amountCents));
  }
  if (q.acceptedAt && q.acceptedName) {
    doc.moveDown();
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(
        t(
          `Accepted by ${q.acceptedName} on ${new Date(q.acceptedAt).toLocaleString('en-IE', { timeZone: 'Europe/Dublin', dateStyle: 'long', timeStyle: 'short' })} for ${formatEuro(q.acceptedTotalCents ?? 0)}.`,
        ),
        M,
        doc.y,
        { width },
      );
  }
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(11).fillColor(INK).text(t('Terms'), M, doc.y, { width });
  doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(t(q.terms), { width });
  doc.end();
  return done;
}
