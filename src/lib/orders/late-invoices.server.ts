// The VAT invoice of an order paid before invoices were issued, issued when the owner asks for it
// (the order dialog's "Issue invoice", or `npm run invoices:issue-missing` for every such order).
// It takes the next number of the same unbroken sequence as an invoice issued at capture, in a
// transaction that holds SQLite's write lock from its first statement (BEGIN IMMEDIATE), so a double
// click, two tabs, or the script running beside the server never give an order two invoices, two
// orders one number, or the sequence a gap. The invoice is dated the day it is issued; its date of
// supply is the order's payment date (invoice-pdf.server.ts prints it when the days differ).
// A refunded order gets its invoice and then its credit note, in that order, in the same
// transaction: the credit note refers to the invoice, so the accountant's records stay whole.
// The buyer is mailed each document issued (one mail each, the PDF attached), queued in the same
// transaction, as a buyer paying today gets the invoice with the confirmation.
import { and, asc, eq, isNotNull, isNull, or } from 'drizzle-orm';
import { documentNumber } from '~/lib/checkout/invoice-number';
import { attachmentName, documentOf, issueCreditNote, issueInvoice } from '~/lib/checkout/invoices.server';
import type { Db } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { mailSenderName } from '~/lib/site/business.server';
import { type Invoice, invoices, orderItems, orderStatusHistory, orders } from '~db/schema';
import { lateDocumentMail, queueCustomerMail } from './order-status-mail.server';

/** The payment's day as the mail says it, on an Irish calendar: "14 March 2026". */
const paymentDay = new Intl.DateTimeFormat('en-IE', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Dublin',
});

export const LATE_INVOICE_MESSAGES = {
  notFound: 'Order not found.',
  test: 'A test order gets no VAT invoice: nothing was paid, so it takes no number of the real sequence.',
  notPaid: 'Only a paid order gets a VAT invoice: this order has no completed payment.',
} as const;

export interface LateInvoice {
  invoice: Invoice;
  /** The credit note of a refunded order, issued after its invoice; null for an order not refunded. */
  creditNote: Invoice | null;
  /** False when the order had its invoice already (nothing was issued). */
  issued: boolean;
}

interface PaidFacts {
  paidAt: Date | null;
  paymentStatus: string;
  refundId: string | null;
  testMode: boolean;
}

/** Whether an order was paid for real: a completed payment, or one refunded since; never a test order. */
const wasPaid = (o: PaidFacts) =>
  !o.testMode && o.paidAt !== null && (o.paymentStatus === 'completed' || o.refundId !== null);

/** Whether the owner may issue the order's invoice now: paid for real, and without one. */
export const lacksInvoice = (o: PaidFacts & { invoiceNumber: string | null }) =>
  wasPaid(o) && o.invoiceNumber === null;

/**
 * Issues the invoice of a paid, non-test order that has none (and the credit note of its refund,
 * when refunded), or answers the invoice it has. `changedBy` is written in the order's history.
 * Throws a 404 for an unknown order and a 409, with a sentence, for a test or unpaid order.
 */
export function issueMissingInvoice(
  db: Db,
  orderId: string,
  changedBy: string,
  now = new Date(),
): LateInvoice {
  return db.transaction(
    (tx) => {
      const order = tx.select().from(orders).where(eq(orders.id, orderId)).get();
      if (!order) throw new HttpError(404, LATE_INVOICE_MESSAGES.notFound);
      if (order.testMode) throw new HttpError(409, LATE_INVOICE_MESSAGES.test);
      if (!wasPaid(order)) throw new HttpError(409, LATE_INVOICE_MESSAGES.notPaid);
      const existing = documentOf(tx, orderId, 'invoice');
      if (existing) {
        return {
          invoice: existing,
          creditNote: documentOf(tx, orderId, 'credit_note') ?? null,
          issued: false,
        };
      }
      const invoice = issueInvoice(tx, orderId, now);
      if (!invoice) throw new HttpError(409, LATE_INVOICE_MESSAGES.notPaid);
      const creditNote = order.refundId
        ? issueCreditNote(tx, orderId, order.refundedAmountCents ?? order.totalAmountCents, now)
        : null;
      const documents = [invoice, creditNote].filter((d): d is Invoice => d !== null);
      const issued = documents.map((d) => documentNumber(d.kind, d.number));
      const items = tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).all();
      const paidOn = paymentDay.format(order.paidAt ?? now);
      let notified = false;
      for (const document of documents) {
        const mail = lateDocumentMail(
          { ...order, items },
          {
            kind: document.kind,
            number: documentNumber(document.kind, document.number),
            attachment: attachmentName({ kind: 'invoice', id: document.id }),
          },
          paidOn,
          mailSenderName(tx),
        );
        notified = queueCustomerMail(tx, order, mail) || notified;
      }
      tx.insert(orderStatusHistory)
        .values({
          orderId,
          fromStatus: order.status,
          toStatus: order.status,
          changedBy,
          note: `${issued.join(' and ')} issued for a payment made before invoices were issued`,
          customerNotified: notified,
          createdAt: now,
        })
        .run();
      return { invoice, creditNote, issued: true };
    },
    { behavior: 'immediate' },
  );
}

/** The paid, non-test orders without an invoice, oldest payment first: their ids. */
export function ordersMissingInvoice(db: Db): string[] {
  return db
    .select({ id: orders.id })
    .from(orders)
    .leftJoin(invoices, and(eq(invoices.orderId, orders.id), eq(invoices.kind, 'invoice')))
    .where(
      and(
        isNull(invoices.id),
        eq(orders.testMode, false),
        isNotNull(orders.paidAt),
        or(eq(orders.paymentStatus, 'completed'), isNotNull(orders.refundId)),
      ),
    )
    .orderBy(asc(orders.paidAt), asc(orders.createdAt))
    .all()
    .map((r) => r.id);
}

/**
 * Issues the missing invoices of every paid, non-test order, oldest payment first (each in its own
 * transaction), and answers what was issued, order by order.
 */
export function issueAllMissingInvoices(db: Db, changedBy: string, now = () => new Date()) {
  return ordersMissingInvoice(db).map((orderId) => ({
    orderId,
    ...issueMissingInvoice(db, orderId, changedBy, now()),
  }));
}
