// A quote as a PDF (A4, pdfkit's built-in Helvetica, like the invoices): the business, the client,
// the lines, the net, the VAT and the total from the one sum, the validity and the terms. Text is
// made safe for the built-in fonts by the invoices' own rule (winAnsiSafe).
import PDFDocument from 'pdfkit';
import { winAnsiSafe } from '~/lib/orders/invoice-pdf.server';
import type { Db } from '~/lib/platform/server/db';
import { formatEuro } from '~/lib/platform/shared/format';
import { tradingAs } from '~/lib/site/business';
import { readBusinessDetails } from '~/lib/site/business.server';
import { OWNER_NAME } from '~/lib/site/constants';
import { LINE_KIND_LABELS, longDay } from './quote-rules';
import type { QuoteView } from './quote-view.server';

const M = 50;
const INK = '#1f2328';
const MUTED = '#5b6169';
const RULE = '#d0d4d9';

/** `compress: false` keeps the text readable in the file (for tests). */
export function renderQuotePdf(db: Db, q: QuoteView, options: { compress?: boolean } = {}): Promise<Buffer> {
  const business = readBusinessDetails(db);
  const from = business ? tradingAs(business) : OWNER_NAME;
  const doc = new PDFDocument({
    size: 'A4',
    margin: M,
    compress: options.compress ?? true,
    info: { Title: winAnsiSafe(`Quote: ${q.title}`), Producer: 'pdfkit' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
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

  const cols = [
    { x: M, w: 250, align: 'left' as const },
    { x: M + 250, w: 50, align: 'right' as const },
    { x: M + 300, w: 95, align: 'right' as const },
    { x: M + 395, w: width - 395, align: 'right' as const },
  ];
  const row = (cells: string[], bold = false) => {
    const top = doc.y;
    let bottom = top;
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10)
      .fillColor(INK);
    cells.forEach((c, i) => {
      const col = cols[i];
      if (!col) return;
      doc.text(t(c), col.x, top, { width: col.w - 4, align: col.align });
      bottom = Math.max(bottom, doc.y);
    });
    doc.y = bottom + 4;
    doc.x = M;
  };
  const rule = () => {
    doc
      .moveTo(M, doc.y)
      .lineTo(M + width, doc.y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc.y += 6;
  };
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
  const total = (label: string, value: string, bold = false) => {
    const top = doc.y;
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(bold ? 12 : 10)
      .fillColor(INK);
    doc.text(t(label), M + 200, top, { width: 190, align: 'left' });
    doc.text(t(value), M + 395, top, { width: width - 395, align: 'right' });
    doc.y = Math.max(doc.y, top) + 4;
    doc.x = M;
  };
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
