// The orders CSV of a period, read from the db a page of orders at a time and sent as it is read:
// each page is one short synchronous read (the orders after the last one sent, in order of payment,
// and their lines), so memory stays flat however many orders the period holds, and the one db
// connection is never held open between two pages while a slow client reads.
import { and, asc, eq, gt, gte, inArray, lt, or, sql } from 'drizzle-orm';
import {
  type ExportJobDocument,
  type ExportLine,
  type ExportOrder,
  jobDocumentCsvRow,
  ORDERS_CSV_HEADER,
  orderCsvRows,
} from '~/lib/orders/orders-export';
import type { Db } from '~/lib/platform/server/db';
import { CSV_BOM, csvRow } from '~/lib/platform/shared/csv';
import { nextDay, startOfIrishDay } from '~/lib/platform/shared/irish-dates';
import type { VatPeriod } from '~/lib/selling/vat-report';
import { paidInPeriod, storedVatLineColumns } from '~/lib/selling/vat-report.server';
import { invoices, orderItems, orders, quotes } from '~db/schema';

/** Orders read per page. */
export const EXPORT_PAGE_SIZE = 250;

const orderColumns = {
  id: orders.id,
  paidAt: orders.paidAt,
  shipCountry: orders.shipCountry,
  status: orders.status,
  paymentId: orders.paymentId,
  discountCode: orders.discountCode,
  totalAmountCents: orders.totalAmountCents,
  shippingCents: orders.shippingCents,
  shippingVatRateBp: orders.shippingVatRateBp,
  shippingVatCents: orders.shippingVatCents,
  shippingVatParts: orders.shippingVatParts,
  refundId: orders.refundId,
  refundStatus: orders.refundStatus,
  refundedAmountCents: orders.refundedAmountCents,
  invoiceNumber: sql<
    number | null
  >`(select number from invoices where kind = 'invoice' and order_id = "orders"."id")`,
};

interface Cursor {
  paidAt: Date;
  id: string;
}

/** The next page of the period's paid orders after `after`, with their lines in the order made. */
function orderPage(db: Db, period: VatPeriod, after: Cursor | null): ExportOrder[] {
  const rows = db
    .select(orderColumns)
    .from(orders)
    .where(
      and(
        paidInPeriod(period),
        after
          ? or(gt(orders.paidAt, after.paidAt), and(eq(orders.paidAt, after.paidAt), gt(orders.id, after.id)))
          : undefined,
      ),
    )
    .orderBy(asc(orders.paidAt), asc(orders.id))
    .limit(EXPORT_PAGE_SIZE)
    .all();
  if (rows.length === 0) return [];
  const lines = new Map<string, ExportLine[]>(rows.map((o) => [o.id, []]));
  const items = db
    .select({ orderId: orderItems.orderId, description: orderItems.description, ...storedVatLineColumns })
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((o) => o.id),
      ),
    )
    .orderBy(sql`rowid`) // the lines in the order they were made
    .all();
  for (const { orderId, ...line } of items) lines.get(orderId)?.push(line);
  return rows.map((o) => ({ ...o, paidAt: o.paidAt ?? new Date(0), items: lines.get(o.id) ?? [] }));
}

/** The drone jobs' invoices and credit notes issued in the period, in order of issue (a few a month). */
function jobDocuments(db: Db, period: VatPeriod): ExportJobDocument[] {
  return db
    .select({
      kind: invoices.kind,
      number: invoices.number,
      issuedAt: invoices.issuedAt,
      quoteId: quotes.id,
      title: quotes.title,
      jobPart: invoices.jobPart,
      amountCents: invoices.amountCents,
      vatCents: invoices.vatCents,
      vatRateBp: quotes.vatRateBp,
      status: quotes.status,
      paymentId: sql<string | null>`(select coalesce(capture_id, provider_order_id) from job_payments
        where quote_id = ${invoices.quoteId} and kind = ${invoices.jobPart} and status = 'paid')`,
    })
    .from(invoices)
    .innerJoin(quotes, eq(invoices.quoteId, quotes.id))
    .where(
      and(
        gte(invoices.issuedAt, startOfIrishDay(period.from)),
        lt(invoices.issuedAt, startOfIrishDay(nextDay(period.to))),
      ),
    )
    .orderBy(asc(invoices.issuedAt), asc(invoices.kind), asc(invoices.number))
    .all();
}

/** The CSV's text, a page of orders per chunk: the BOM and header first, the jobs' documents last. */
export function* ordersCsvChunks(db: Db, period: VatPeriod): Generator<string> {
  yield CSV_BOM + csvRow(ORDERS_CSV_HEADER);
  let after: Cursor | null = null;
  for (;;) {
    const page = orderPage(db, period, after);
    if (page.length === 0) {
      const jobs = jobDocuments(db, period);
      if (jobs.length) yield jobs.map(jobDocumentCsvRow).join('');
      return;
    }
    yield page.map(orderCsvRows).join('');
    const last = page[page.length - 1] as ExportOrder;
    after = { paidAt: last.paidAt, id: last.id };
  }
}

/** The CSV as a byte stream that reads the next page only when the client has taken the last one. */
export function ordersCsvStream(db: Db, period: VatPeriod): ReadableStream<Uint8Array> {
  const chunks = ordersCsvChunks(db, period);
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const next = chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
      cancel() {
        chunks.return(undefined);
      },
    },
    { highWaterMark: 1 },
  );
}
