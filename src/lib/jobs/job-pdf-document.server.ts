// The frame shared by a drone job's PDFs (its quote, invoices and credit notes): an A4 page in
// pdfkit's built-in Helvetica, collected into one buffer; and the heading every issued document (an
// invoice, a credit note) carries: its name and number, the day it was issued, the job, and who it
// is from (the supplier as it was when the document was issued) and to. A specimen (a document with
// no number) is marked as one above its name.
import PDFDocument from 'pdfkit';
import { documentNumber } from '~/lib/checkout/invoice-number';
import { supplierOf } from '~/lib/checkout/invoices.server';
import { SPECIMEN_MARK, SUPPLIER_MISSING, winAnsiSafe } from '~/lib/orders/invoice-pdf.server';
import { irishDay } from '~/lib/platform/shared/irish-dates';
import { countryName } from '~/lib/selling/countries';
import { addressLines, tradingAs } from '~/lib/site/business';
import type { Invoice } from '~db/schema';
import { fullDay } from './deposit-rules';
import { INK, M, MUTED } from './job-pdf-table.server';
import type { QuoteView } from './quote-view.server';

type Pdf = InstanceType<typeof PDFDocument>;

/** What the heading shows of a document: an issued one, or a specimen (`number` null). */
export type HeadingDoc = Pick<Invoice, 'kind' | 'issuedAt' | 'supplier' | 'buyerName'> & {
  number: number | null;
};

/** A new A4 document titled `title`, and the promise of its bytes once `pdf.end()` is called. */
export function startJobPdf(title: string, compress = true): { pdf: Pdf; done: Promise<Buffer> } {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: M,
    compress,
    info: { Title: winAnsiSafe(title), Producer: 'pdfkit' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  return { pdf, done };
}

/**
 * Draws the heading of `doc` ("Invoice", "Credit note") at the top of the page, with `extra` lines
 * under the job's name (the invoice a credit note corrects), and leaves the cursor under it.
 */
export function drawJobDocumentHeading(
  pdf: Pdf,
  { name, doc, q, extra = [] }: { name: string; doc: HeadingDoc; q: QuoteView; extra?: string[] },
): void {
  const t = winAnsiSafe;
  const width = pdf.page.width - 2 * M;
  let top = M;
  if (doc.number === null) {
    pdf.rect(M, M, width, 24).fill('#fdecea');
    pdf
      .fillColor('#a4161a')
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(t(SPECIMEN_MARK), M, M + 7, { width, align: 'center' });
    top = M + 40;
  }
  pdf.fillColor(INK).font('Helvetica-Bold').fontSize(22).text(t(name), M, top);
  pdf
    .font('Helvetica')
    .fontSize(10)
    .text(t(`Number: ${doc.number === null ? 'none (specimen)' : documentNumber(doc.kind, doc.number)}`))
    .text(t(`Date of issue: ${fullDay(irishDay(doc.issuedAt))}`))
    .text(t(`Drone job: ${q.title}`));
  for (const line of extra) pdf.text(t(line));
  pdf.moveDown();

  const supplier = supplierOf(doc);
  pdf.font('Helvetica-Bold').fontSize(9).fillColor(MUTED).text('FROM');
  if (supplier) {
    pdf
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor(INK)
      .text(t(tradingAs(supplier)));
    pdf
      .font('Helvetica')
      .fontSize(10)
      .text(t(addressLines(supplier, countryName).join('\n')));
    pdf.text(t(supplier.vatNumber ? `VAT number: ${supplier.vatNumber}` : 'VAT number: not given'));
  } else {
    pdf.font('Helvetica-Bold').fontSize(10).fillColor('#a4161a').text(t(SUPPLIER_MISSING), { width });
  }
  pdf.moveDown();
  pdf.font('Helvetica-Bold').fontSize(9).fillColor(MUTED).text('TO');
  pdf.font('Helvetica-Bold').fontSize(11).fillColor(INK).text(t(doc.buyerName));
  pdf.font('Helvetica').fontSize(10).text(t(q.clientEmail));
  pdf.moveDown();
}
