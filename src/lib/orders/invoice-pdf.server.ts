// The VAT invoice and the credit note as PDF files (A4, pdfkit's built-in Helvetica), rendered from
// the issued document (invoices table: its number, date, and the supplier and buyer as they were
// when it was issued) and the figures stored with the order. A test order's confirmation carries a
// specimen, marked as such and numbered from no sequence. Text is written in the fonts' own
// character set (WinAnsi, which has € and the accents of Irish and most western European names):
// any other character is written without its accent, or as "?", never failing the document.

import { eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { documentNumber } from '~/lib/checkout/invoice-number';
import { documentOf, parseAttachmentName, supplierOf } from '~/lib/checkout/invoices.server';
import { getOrderWithItems } from '~/lib/checkout/order-with-items.server';
import type { Db, Tx } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import type { MailAttachment } from '~/lib/platform/server/mail/mail';
import { formatEuro, shortOrderId } from '~/lib/platform/shared/format';
import { countryName } from '~/lib/selling/countries';
import { ratePercent } from '~/lib/selling/vat';
import { addressLines, type BusinessDetails, tradingAs } from '~/lib/site/business';
import { readBusinessDetails } from '~/lib/site/business.server';
import { type Invoice, invoices } from '~db/schema';
import {
  creditRates,
  type DocumentModel,
  dateOfSupply,
  documentLines,
  documentRates,
  ossNote,
} from './invoice-document';

export const SPECIMEN_MARK = 'TEST — SPECIMEN, NOT A VAT INVOICE';
export const SUPPLIER_MISSING =
  "The supplier's details are missing: the business has not yet entered its name, address and VAT number.";

/** The characters of WinAnsi beyond Latin-1. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const REPLACE: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  '−': '-',
  '‐': '-',
  '‑': '-',
  '′': "'",
  '″': '"',
  '\u00ad': '',
};

/** `text` in characters the built-in fonts can write: accents dropped where needed, else "?". */
export function winAnsiSafe(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0) ?? 0;
    if (
      ch === '\n' ||
      (code >= 0x20 && code <= 0x7e) ||
      (code >= 0xa0 && code <= 0xff) ||
      WIN_ANSI_EXTRA.has(ch)
    ) {
      out += ch;
    } else if (ch in REPLACE) {
      out += REPLACE[ch];
    } else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) {
      out += ' ';
    } else {
      const bare = ch.normalize('NFD').replace(/\p{M}/gu, '');
      out += /^[\x20-\x7e]+$/.test(bare) ? bare : '?';
    }
  }
  return out;
}

const dateOfIssue = (d: Date) =>
  new Intl.DateTimeFormat('en-IE', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Dublin',
  }).format(d);

const euro = (cents: number) => (cents < 0 ? `-${formatEuro(-cents)}` : formatEuro(cents));
const rateText = (bp: number | null) => (bp === null ? '—' : `${ratePercent(bp)}%`);

function supplierBlock(d: BusinessDetails | null): DocumentModel['supplier'] {
  if (!d) return null;
  const footer = [
    d.tradingName ? `${d.legalName}, trading as ${d.tradingName}` : d.legalName,
    d.companyNumber ? `Company number ${d.companyNumber}` : null,
    [d.email, d.phone].filter(Boolean).join(' · '),
  ].filter((l): l is string => Boolean(l));
  return { name: tradingAs(d), lines: addressLines(d, countryName), vatNumber: d.vatNumber, footer };
}

const addressText = (address: string | null) =>
  (address ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

type OrderWithItems = NonNullable<ReturnType<typeof getOrderWithItems>>;

function baseModel(order: OrderWithItems) {
  const recorded =
    order.items.length > 0 && order.items.every((i) => i.vatRateBp !== null && i.vatCents !== null);
  return {
    orderRef: shortOrderId(order.id),
    lines: documentLines(order),
    discount:
      (order.discountCents ?? 0) > 0 ? { cents: order.discountCents ?? 0, code: order.discountCode } : null,
    rates: recorded ? documentRates(order) : [],
    noVatRecorded: !recorded,
    ossNote: ossNote(order.ossCountry),
  };
}

/** The model of an issued invoice or credit note. */
export function issuedModel(db: Db | Tx, doc: Invoice): DocumentModel | null {
  // A drone job's document is drawn by the jobs feature (job-invoice-pdf.server.ts).
  if (!doc.orderId) return null;
  const order = getOrderWithItems(db, doc.orderId);
  if (!order) return null;
  const base = baseModel(order);
  const supplier = supplierBlock(supplierOf(doc));
  const buyer = { name: doc.buyerName, lines: addressText(doc.buyerAddress) };
  if (doc.kind === 'invoice') {
    return {
      ...base,
      title: 'Invoice',
      number: documentNumber('invoice', doc.number),
      refersTo: null,
      specimen: false,
      issuedAt: doc.issuedAt,
      // Goods paid for are supplied when paid: an invoice issued on a later day states the payment date.
      suppliedAt: dateOfSupply(doc.issuedAt, order.paidAt),
      supplier,
      buyer,
      totalCents: order.totalAmountCents,
    };
  }
  const invoice = doc.refersToId
    ? db.select().from(invoices).where(eq(invoices.id, doc.refersToId)).get()
    : undefined;
  return {
    ...base,
    title: 'Credit note',
    number: documentNumber('credit_note', doc.number),
    refersTo: invoice ? documentNumber('invoice', invoice.number) : null,
    specimen: false,
    issuedAt: doc.issuedAt,
    // A credit note issued on a later day than the refund (that of an order refunded before
    // invoices were issued) states the day the money was given back.
    suppliedAt: dateOfSupply(doc.issuedAt, order.refundedAt),
    supplier,
    buyer,
    lines: [],
    discount: null,
    rates: base.noVatRecorded ? [] : creditRates(base.rates, order.totalAmountCents, doc.amountCents),
    totalCents: doc.amountCents,
  };
}

/** The specimen of a test order's invoice: today's supplier details, no number. */
export function specimenModel(db: Db | Tx, orderId: string, now = new Date()): DocumentModel | null {
  const order = getOrderWithItems(db, orderId);
  if (!order) return null;
  return {
    ...baseModel(order),
    title: 'Invoice',
    number: null,
    refersTo: null,
    specimen: true,
    issuedAt: order.paidAt ?? now,
    suppliedAt: null,
    supplier: supplierBlock(readBusinessDetails(db)),
    buyer: { name: order.customerName, lines: addressText(order.customerAddress) },
    totalCents: order.totalAmountCents,
  };
}

const A4 = { width: 595.28, height: 841.89 };
const M = 50;
const INK = '#1f2328';
const MUTED = '#5b6169';
const RULE = '#d0d4d9';

/** The document as a PDF. `compress: false` keeps its text readable in the file (for tests). */
export function renderDocumentPdf(
  model: DocumentModel,
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: M,
    compress: options.compress ?? true,
    info: { Title: `${model.title} ${model.number ?? '(specimen)'}`, Producer: 'pdfkit' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const t = (s: string) => winAnsiSafe(s);
  const right = A4.width - M;
  const width = right - M;

  if (model.specimen) {
    doc.rect(M, M - 20, width, 24).fill('#fdecea');
    doc
      .fillColor('#a4161a')
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(t(SPECIMEN_MARK), M, M - 13, { width, align: 'center' });
  }
  // Heading: the title, then the number, the date and the order on the right.
  const top = M + 20;
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(22).text(t(model.title), M, top);
  const meta = [
    model.number ? `Number: ${model.number}` : 'Number: none (specimen)',
    `Date of issue: ${dateOfIssue(model.issuedAt)}`,
    ...(model.suppliedAt
      ? [
          `${model.title === 'Credit note' ? 'Date of refund' : 'Date of supply'}: ${dateOfIssue(model.suppliedAt)}`,
        ]
      : []),
    `Order: ${model.orderRef}`,
    ...(model.refersTo ? [`Refers to invoice ${model.refersTo}`] : []),
  ];
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(INK)
    .text(t(meta.join('\n')), M + width / 2, top + 4, { width: width / 2, align: 'right' });

  // Supplier and buyer, side by side.
  const partiesTop = top + 80;
  const half = width / 2 - 10;
  doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED).text('FROM', M, partiesTop);
  if (model.supplier) {
    const s = model.supplier;
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor(INK)
      .text(t(s.name), M, partiesTop + 14, { width: half });
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(t(s.lines.join('\n')), { width: half });
    doc.text(t(s.vatNumber ? `VAT number: ${s.vatNumber}` : 'VAT number: not given'), { width: half });
  } else {
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor('#a4161a')
      .text(t(SUPPLIER_MISSING), M, partiesTop + 14, { width: half });
  }
  const supplierBottom = doc.y;
  const bx = M + width / 2 + 10;
  doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED).text('TO', bx, partiesTop);
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor(INK)
    .text(t(model.buyer.name), bx, partiesTop + 14, { width: half });
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(t(model.buyer.lines.join('\n')), { width: half });
  let y = Math.max(supplierBottom, doc.y) + 28;

  // The table.
  const cols = [
    { key: 'Description', x: M, w: 175, align: 'left' as const },
    { key: 'Qty', x: M + 175, w: 30, align: 'right' as const },
    { key: 'Unit excl. VAT', x: M + 205, w: 70, align: 'right' as const },
    { key: 'Discount', x: M + 275, w: 55, align: 'right' as const },
    { key: 'VAT rate', x: M + 330, w: 45, align: 'right' as const },
    { key: 'VAT', x: M + 375, w: 55, align: 'right' as const },
    { key: 'Net', x: M + 430, w: width - 430, align: 'right' as const },
  ];
  const rule = (at: number) => doc.moveTo(M, at).lineTo(right, at).lineWidth(0.5).strokeColor(RULE).stroke();
  const cells = (values: string[], at: number, bold = false) => {
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(9)
      .fillColor(INK);
    let bottom = at;
    values.forEach((v, i) => {
      const c = cols[i];
      if (!c) return;
      doc.text(t(v), c.x, at, { width: c.w - 4, align: c.align });
      bottom = Math.max(bottom, doc.y);
    });
    return bottom;
  };
  const newPageIfNeeded = () => {
    if (y > A4.height - M - 120) {
      doc.addPage();
      y = M;
    }
  };

  if (model.lines.length) {
    y =
      cells(
        cols.map((c) => c.key),
        y,
        true,
      ) + 4;
    rule(y);
    y += 6;
    for (const l of model.lines) {
      newPageIfNeeded();
      y =
        cells(
          [
            l.description,
            String(l.quantity),
            euro(l.unitNetCents),
            l.discountNetCents ? euro(-l.discountNetCents) : '',
            rateText(l.rateBp),
            l.rateBp === null ? '—' : euro(l.vatCents),
            euro(l.netCents),
          ],
          y,
        ) + 6;
    }
    rule(y);
    y += 10;
  }

  // Totals: the discount, each rate's net and VAT, and the total.
  const label = (s: string, v: string, bold = false) => {
    newPageIfNeeded();
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(bold ? 11 : 10)
      .fillColor(INK);
    // A label too long for one line wraps: the row ends below whichever of the two ends lower.
    doc.text(t(s), M + width / 2 - 60, y, { width: width / 2 - 20, align: 'left' });
    const labelBottom = doc.y;
    doc.text(t(v), right - 100, y, { width: 100, align: 'right' });
    y = Math.max(doc.y, labelBottom) + 5;
  };
  if (model.discount) {
    // The lines above are net of it already: it is said once more in full, VAT included.
    const code = model.discount.code ? ` (${model.discount.code})` : '';
    label(`Discount taken above${code}, incl. VAT`, euro(-model.discount.cents));
  }
  const credit = model.title === 'Credit note';
  for (const r of model.rates) {
    label(`${credit ? 'Credited' : 'Net'} at ${ratePercent(r.rateBp)}% VAT, excl. VAT`, euro(r.netCents));
    label(`VAT at ${ratePercent(r.rateBp)}%`, euro(r.vatCents));
  }
  if (model.noVatRecorded) label('This order was made before VAT was recorded per line.', '');
  y += 4;
  rule(y);
  y += 8;
  label(credit ? 'Total credited (incl. VAT)' : 'Total payable (incl. VAT)', euro(model.totalCents), true);
  // The notes under the totals: the One-Stop-Shop country, the payment or the invoice referred to.
  const notes = [
    model.ossNote,
    !credit && !model.specimen ? 'Paid in full through PayPal. Thank you.' : null,
    credit && model.refersTo ? `This credit note refers to invoice ${model.refersTo}.` : null,
  ].filter((n): n is string => n !== null);
  if (notes.length) {
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text(t(notes.join('\n')), M, y + 6, { width });
  }

  // Footer: the business's legal name, company number and contact details.
  if (model.supplier?.footer.length) {
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(t(model.supplier.footer.join('  ·  ')), M, A4.height - M - 10, {
        width,
        align: 'center',
        lineBreak: false,
      });
  }
  doc.end();
  return done;
}

const fileName = (model: DocumentModel) =>
  model.number ? `${model.number}.pdf` : `specimen-invoice-${model.orderRef}.pdf`;

/** An order's invoice or credit note as a file, or null when it has none. */
export async function orderDocumentPdf(
  db: Db,
  orderId: string,
  kind: 'invoice' | 'credit_note',
): Promise<MailAttachment | null> {
  const doc = documentOf(db, orderId, kind);
  const model = doc ? issuedModel(db, doc) : kind === 'invoice' ? testSpecimen(db, orderId) : null;
  if (!model) return null;
  return {
    filename: fileName(model),
    contentType: 'application/pdf',
    content: await renderDocumentPdf(model),
  };
}

function testSpecimen(db: Db, orderId: string): DocumentModel | null {
  const order = getOrderWithItems(db, orderId);
  return order?.testMode ? specimenModel(db, orderId) : null;
}

/** The file a queued mail names in its attachment column (mail-sender.ts), or null. */
export async function renderMailAttachment(db: Db, name: string): Promise<MailAttachment | null> {
  const named = parseAttachmentName(name);
  if (!named) return null;
  const model =
    named.kind === 'invoice'
      ? (() => {
          const doc = db.select().from(invoices).where(eq(invoices.id, named.id)).get();
          return doc ? issuedModel(db, doc) : null;
        })()
      : testSpecimen(db, named.orderId);
  if (!model) return null;
  return {
    filename: fileName(model),
    contentType: 'application/pdf',
    content: await renderDocumentPdf(model),
  };
}

const NO_DOCUMENT: Record<'invoice' | 'credit_note', string> = {
  invoice: 'This order has no invoice: an invoice is issued when an order is paid.',
  credit_note: 'This order has no credit note: a credit note is issued when an order is refunded.',
};

/** An order's invoice or credit note as the answer to a request: the PDF, or a 404 saying why not. */
export async function documentResponse(
  db: Db,
  orderId: string,
  kind: 'invoice' | 'credit_note',
): Promise<Response> {
  const file = await orderDocumentPdf(db, orderId, kind);
  if (!file) throw new HttpError(404, NO_DOCUMENT[kind]);
  return new Response(new Uint8Array(file.content), {
    headers: {
      'Content-Type': file.contentType,
      'Content-Disposition': `inline; filename="${file.filename}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
