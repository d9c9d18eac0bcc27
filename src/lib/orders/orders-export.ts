// The orders CSV an accountant works from: the paid orders of a period (real orders only: a test
// order took no money; an order never paid is not there), a row per order line, in euros with two
// decimals, from the money stored when the order was made, never from today's prices.
//
// How the file reads:
// - Date: the day the payment was taken, in Irish time (YYYY-MM-DD); rows are in order of payment.
// - Order: the short number the owner sees in the admin (#A1B2C3).
// - Invoice: the number of the order's VAT invoice (INV-000042); empty for an order paid before
//   invoices were issued.
// - Country: where the order was sent (ISO 3166-1 alpha-2; XI is Northern Ireland).
// - Item, Quantity: the line as the buyer bought it. A framed print whose frame is taxed at another
//   rate than the print has two rows, the print and then "(frame)", each at its own rate.
// - Shipping has a row of its own ("Shipping", quantity empty) at the shipping's own VAT rate, so
//   every row has one rate and the Net, VAT and Gross columns add up per rate; an order sent for
//   free has no shipping row. The Gross of an order's rows adds up to what the buyer paid.
// - VAT rate, Net, VAT, Gross: the row's money after its share of the discount. Orders made before
//   VAT was recorded say "not recorded" and give their gross alone.
// - Discount code, Discount: the code on every row of its order; the amount is the row's share, so
//   the column adds up to the order's discount.
// - Payment ID: PayPal's capture id. Status: the order's fulfilment (processing, shipped…).
// - Refunded: no, yes (all of it), partial, or pending on every row of the order; the amount
//   refunded only on the order's first row, so the column adds up to what went back. A refund made
//   after the period still shows here: the VAT report takes it off in the period it was made.
// - After the orders, the drone jobs' documents issued in the period, one row each in order of
//   issue, so the invoice and credit-note numbers run without gaps: Order is "Job" and the job's
//   short number, Invoice the document's number (INV-… or CN-…), Item what it is for ("Drone job
//   deposit: …"), the money at the quote's rate with the VAT inside, a credit note's negative.
//   Payment ID is the provider's id of the payment; Status the job's (accepted, cancelled).
import { documentNumber } from '~/lib/checkout/invoice-number';
import { csvRow } from '~/lib/platform/shared/csv';
import { centsToDecimal, shortOrderId } from '~/lib/platform/shared/format';
import { irishDay } from '~/lib/platform/shared/irish-dates';
import {
  hasRecordedVat,
  lineParts,
  type RateTotal,
  type StoredVatLine,
  shippingRateParts,
} from '~/lib/selling/order-vat';
import { ratePercent, statedVatCents } from '~/lib/selling/vat';

export const ORDERS_CSV_HEADER = [
  'Date',
  'Order',
  'Invoice',
  'Country',
  'Item',
  'Quantity',
  'VAT rate',
  'Net (EUR)',
  'VAT (EUR)',
  'Gross (EUR)',
  'Discount code',
  'Discount (EUR)',
  'Payment ID',
  'Status',
  'Refunded',
  'Refunded (EUR)',
] as const;

export interface ExportLine extends StoredVatLine {
  description: string;
}

export interface ExportOrder {
  id: string;
  paidAt: Date;
  shipCountry: string | null;
  status: string;
  paymentId: string | null;
  discountCode: string | null;
  totalAmountCents: number;
  shippingCents: number | null;
  shippingVatRateBp: number | null;
  shippingVatCents: number | null;
  /** The shipping per rate of the goods; null on orders made when shipping had one rate. */
  shippingVatParts?: readonly RateTotal[] | null;
  refundId: string | null;
  refundStatus: string | null;
  refundedAmountCents: number | null;
  /** The number of its VAT invoice in the invoices' sequence; null when it has none. */
  invoiceNumber: number | null;
  items: readonly ExportLine[];
}

/** One row's money: its rate (null: not recorded), gross, VAT inside and discount share. */
interface RowMoney {
  item: string;
  quantity: string;
  rateBp: number | null;
  grossCents: number;
  vatCents: number;
  discountCents: number;
}

function lineRows(line: ExportLine, recorded: boolean): RowMoney[] {
  const quantity = String(line.quantity);
  const parts = lineParts(line);
  const [first, frame] = parts;
  if (!recorded || !first) {
    const grossCents = line.priceCents * line.quantity - line.discountCents;
    return [
      {
        item: line.description,
        quantity,
        rateBp: null,
        grossCents,
        vatCents: 0,
        discountCents: line.discountCents,
      },
    ];
  }
  if (!frame) return [{ item: line.description, quantity, ...first, discountCents: line.discountCents }];
  return [
    {
      item: line.description,
      quantity,
      ...first,
      discountCents: line.discountCents - line.framingDiscountCents,
    },
    { item: `${line.description} (frame)`, quantity, ...frame, discountCents: line.framingDiscountCents },
  ];
}

function refundOf(o: ExportOrder): { word: string; cents: number | null } {
  if (!o.refundId) return { word: 'no', cents: null };
  const cents = o.refundedAmountCents ?? o.totalAmountCents;
  if (o.refundStatus === 'PENDING') return { word: 'pending', cents };
  return { word: cents < o.totalAmountCents ? 'partial' : 'yes', cents };
}

const euros = centsToDecimal;

/** The order's rows, CRLF-ended, in the columns of ORDERS_CSV_HEADER. */
export function orderCsvRows(o: ExportOrder): string {
  const recorded = hasRecordedVat(o);
  const money = o.items.flatMap((line) => lineRows(line, recorded));
  const shipping = recorded ? shippingRateParts(o) : [];
  if (shipping.length > 0) {
    for (const part of shipping) {
      money.push({ item: 'Shipping', quantity: '', ...part, discountCents: 0 });
    }
  } else if ((o.shippingCents ?? 0) > 0) {
    money.push({
      item: 'Shipping',
      quantity: '',
      rateBp: null,
      grossCents: o.shippingCents ?? 0,
      vatCents: 0,
      discountCents: 0,
    });
  }
  const refund = refundOf(o);
  return money
    .map((m, i) =>
      csvRow([
        irishDay(o.paidAt),
        shortOrderId(o.id),
        o.invoiceNumber === null ? '' : documentNumber('invoice', o.invoiceNumber),
        o.shipCountry ?? '',
        m.item,
        m.quantity,
        m.rateBp === null ? 'not recorded' : `${ratePercent(m.rateBp)}%`,
        m.rateBp === null ? '' : euros(m.grossCents - m.vatCents),
        m.rateBp === null ? '' : euros(m.vatCents),
        euros(m.grossCents),
        o.discountCode ?? '',
        m.discountCents === 0 ? '' : euros(m.discountCents),
        o.paymentId ?? '',
        o.status,
        refund.word,
        i === 0 && refund.cents !== null ? euros(refund.cents) : '',
      ]),
    )
    .join('');
}

/** The file's name: the period it covers. */
export const ordersCsvFileName = (p: { from: string; to: string }): string =>
  `orders-${p.from}-to-${p.to}.csv`;

/** The orders CSV's address for a period. */
export const ordersCsvPath = (p: { from: string; to: string }): string =>
  `/api/admin/exports/orders.csv?from=${p.from}&to=${p.to}`;

/** A drone job's invoice or credit note, as the orders CSV lists it. */
export interface ExportJobDocument {
  kind: 'invoice' | 'credit_note';
  number: number;
  issuedAt: Date;
  quoteId: string;
  title: string;
  jobPart: 'deposit' | 'balance' | null;
  amountCents: number;
  /** The VAT the document states; null on one issued before that was kept. */
  vatCents: number | null;
  vatRateBp: number;
  paymentId: string | null;
  status: string;
}

/** The document's row, CRLF-ended, in the columns of ORDERS_CSV_HEADER. */
export function jobDocumentCsvRow(d: ExportJobDocument): string {
  const sign = d.kind === 'credit_note' ? -1 : 1;
  const vat = statedVatCents(d, d.vatRateBp);
  const part = d.jobPart ?? 'deposit';
  return csvRow([
    irishDay(d.issuedAt),
    `Job ${shortOrderId(d.quoteId)}`,
    documentNumber(d.kind, d.number),
    'IE',
    d.kind === 'credit_note' ? `Credit note, drone job ${part}: ${d.title}` : `Drone job ${part}: ${d.title}`,
    '1',
    `${ratePercent(d.vatRateBp)}%`,
    euros(sign * (d.amountCents - vat)),
    euros(sign * vat),
    euros(sign * d.amountCents),
    '',
    '',
    d.paymentId ?? '',
    d.status,
    '',
    '',
  ]);
}
