// The drawing shared by a job's PDFs (the quote and its invoices): the page's margin and colours, a
// table of the job's lines (description, quantity, unit price, net) with rules between its parts,
// and the right-aligned rows of totals under it. pdfkit draws where its cursor is, so each helper
// writes at the cursor and leaves it under what it drew, at the left margin.
import type PDFDocument from 'pdfkit';
import { winAnsiSafe } from '~/lib/orders/invoice-pdf.server';

export const M = 50;
export const INK = '#1f2328';
export const MUTED = '#5b6169';
const RULE = '#d0d4d9';

type Pdf = InstanceType<typeof PDFDocument>;

/** Row, rule and total for `pdf`; a total's label starts `labelAt` points from the margin. */
export function jobPdfTable(pdf: Pdf, { labelAt }: { labelAt: number }) {
  const t = winAnsiSafe;
  const width = pdf.page.width - 2 * M;
  const cols = [
    { x: M, w: 250, align: 'left' as const },
    { x: M + 250, w: 50, align: 'right' as const },
    { x: M + 300, w: 95, align: 'right' as const },
    { x: M + 395, w: width - 395, align: 'right' as const },
  ];
  const row = (cells: string[], bold = false) => {
    const top = pdf.y;
    let bottom = top;
    pdf
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10)
      .fillColor(INK);
    cells.forEach((c, i) => {
      const col = cols[i];
      if (!col) return;
      pdf.text(t(c), col.x, top, { width: col.w - 4, align: col.align });
      bottom = Math.max(bottom, pdf.y);
    });
    pdf.y = bottom + 4;
    pdf.x = M;
  };
  const rule = () => {
    pdf
      .moveTo(M, pdf.y)
      .lineTo(M + width, pdf.y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    pdf.y += 6;
  };
  const total = (label: string, value: string, bold = false) => {
    const top = pdf.y;
    pdf
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(bold ? 12 : 10)
      .fillColor(INK);
    // A label too long for one line wraps: the row ends below whichever of the two ends lower.
    pdf.text(t(label), M + labelAt, top, { width: 390 - labelAt, align: 'left' });
    const labelBottom = pdf.y;
    pdf.text(t(value), M + 395, top, { width: width - 395, align: 'right' });
    pdf.y = Math.max(pdf.y, labelBottom, top) + 4;
    pdf.x = M;
  };
  return { row, rule, total, width };
}
