// The issuing of VAT invoices and credit notes. A paid order (never a test order) gets the next
// number of the invoice sequence, and a refund the next of the credit-note sequence, inside the
// transaction that records the payment or the refund: SQLite lets one writer in at a time and the
// number is read after that transaction's first write, so two payments never get the same number,
// and a transaction that rolls back takes its number with it, leaving no gap. The supplier's details
// (as saved in the admin, or none) and the buyer's name and address are copied into the document
// when it is issued, so later edits never change a document already issued. A drone job's invoices
// (its deposit, its balance) and credit notes take their numbers from the same two sequences.
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '~/lib/platform/server/db';
import { preparedOnce } from '~/lib/platform/server/prepared';
import type { BusinessDetails } from '~/lib/site/business';
import { readBusinessDetails } from '~/lib/site/business.server';
import { type Invoice, invoices, orders } from '~db/schema';
import type { DocumentKind } from './invoice-number';

/**
 * The name of a document in the mail queue's attachment column: an issued invoice or credit note
 * ("invoice:<id>"), or the specimen of a test order's invoice ("specimen:<order id>").
 */
/** An issued document by its row (an invoice or a credit note: one table), or an order's specimen. */
export type AttachedDocument = { kind: 'invoice'; id: string } | { kind: 'specimen'; orderId: string };

export function attachmentName(doc: AttachedDocument): string {
  return doc.kind === 'invoice' ? `invoice:${doc.id}` : `specimen:${doc.orderId}`;
}

/** The document an attachment name refers to, or null when it names none. */
export function parseAttachmentName(name: string): AttachedDocument | null {
  const [kind, id] = name.split(':', 2);
  if (!id) return null;
  if (kind === 'invoice') return { kind, id };
  if (kind === 'specimen') return { kind, orderId: id };
  return null;
}

/** The supplier's details a document was issued with; null when none were saved then. */
export function supplierOf(doc: Pick<Invoice, 'supplier'>): BusinessDetails | null {
  return doc.supplier ? (JSON.parse(doc.supplier) as BusinessDetails) : null;
}

function nextNumber(tx: Db | Tx, kind: DocumentKind): number {
  const next = preparedOnce(tx, 'invoices: next number', () =>
    tx
      .select({ n: sql<number>`coalesce(max(${invoices.number}), 0) + 1` })
      .from(invoices)
      .where(eq(invoices.kind, sql.placeholder('kind')))
      .prepare(),
  );
  return next.get({ kind })?.n ?? 1;
}

/** The order's document of `kind`, if one was issued. */
export function documentOf(db: Db | Tx, orderId: string, kind: DocumentKind): Invoice | undefined {
  const find = preparedOnce(db, 'invoices: document of an order', () =>
    db
      .select()
      .from(invoices)
      .where(
        and(eq(invoices.orderId, sql.placeholder('orderId')), eq(invoices.kind, sql.placeholder('kind'))),
      )
      .prepare(),
  );
  return find.get({ orderId, kind });
}

/** What an order's documents copy from it: its total, its buyer, and whether it is a test. */
function orderFacts(db: Db | Tx, orderId: string) {
  const find = preparedOnce(db, 'invoices: facts of an order', () =>
    db
      .select({
        total: orders.totalAmountCents,
        name: orders.customerName,
        address: orders.customerAddress,
        testMode: orders.testMode,
      })
      .from(orders)
      .where(eq(orders.id, sql.placeholder('orderId')))
      .prepare(),
  );
  return find.get({ orderId });
}

function issue(
  tx: Db | Tx,
  kind: DocumentKind,
  orderId: string,
  amountCents: number,
  now: Date,
  refersToId: string | null,
): Invoice | null {
  const existing = documentOf(tx, orderId, kind);
  if (existing) return existing;
  const order = orderFacts(tx, orderId);
  if (!order || order.testMode) return null;
  const supplier = readBusinessDetails(tx);
  return tx
    .insert(invoices)
    .values({
      kind,
      number: nextNumber(tx, kind),
      orderId,
      refersToId,
      issuedAt: now,
      supplier: supplier ? JSON.stringify(supplier) : null,
      buyerName: order.name,
      buyerAddress: order.address,
      amountCents,
      createdAt: now,
    })
    .returning()
    .get();
}

/**
 * Issues the VAT invoice of an order just paid, inside the caller's transaction; null for a test
 * order (nothing was paid, so no number of the real sequence is used). Issuing again answers the
 * invoice already issued.
 */
export function issueInvoice(tx: Db | Tx, orderId: string, now = new Date()): Invoice | null {
  const order = orderFacts(tx, orderId);
  if (!order) return null;
  return issue(tx, 'invoice', orderId, order.total, now, null);
}

/**
 * Issues the credit note of an order's refund of `amountCents`, inside the caller's transaction,
 * referring to the order's invoice; null when the order has no invoice (a test order, or one paid
 * before invoices were issued).
 */
export function issueCreditNote(
  tx: Db | Tx,
  orderId: string,
  amountCents: number,
  now = new Date(),
): Invoice | null {
  const invoice = documentOf(tx, orderId, 'invoice');
  if (!invoice) return null;
  return issue(tx, 'credit_note', orderId, amountCents, now, invoice.id);
}

/** What a drone job's document is for: one of its payments, the buyer, the amount VAT included. */
export interface JobDocument {
  quoteId: string;
  jobPart: 'deposit' | 'balance';
  buyerName: string;
  amountCents: number;
  /** The VAT inside the amount, as the document states it. */
  vatCents: number;
}

/** A job's document of `kind` for one of its payments, if one was issued. */
export function jobDocumentOf(
  db: Db | Tx,
  quoteId: string,
  jobPart: 'deposit' | 'balance',
  kind: DocumentKind,
): Invoice | undefined {
  return db
    .select()
    .from(invoices)
    .where(and(eq(invoices.quoteId, quoteId), eq(invoices.jobPart, jobPart), eq(invoices.kind, kind)))
    .get();
}

/**
 * Issues a drone job's invoice (or credit note) for one of its payments, inside the caller's
 * transaction, from the same sequence as the orders' documents; issuing again answers the document
 * already issued. A credit note refers to that payment's invoice.
 */
export function issueJobDocument(
  tx: Db | Tx,
  kind: DocumentKind,
  job: JobDocument,
  now = new Date(),
): Invoice {
  const existing = jobDocumentOf(tx, job.quoteId, job.jobPart, kind);
  if (existing) return existing;
  const refersTo =
    kind === 'credit_note' ? jobDocumentOf(tx, job.quoteId, job.jobPart, 'invoice') : undefined;
  const supplier = readBusinessDetails(tx);
  return tx
    .insert(invoices)
    .values({
      kind,
      number: nextNumber(tx, kind),
      quoteId: job.quoteId,
      jobPart: job.jobPart,
      refersToId: refersTo?.id ?? null,
      issuedAt: now,
      supplier: supplier ? JSON.stringify(supplier) : null,
      buyerName: job.buyerName,
      buyerAddress: null,
      amountCents: job.amountCents,
      vatCents: job.vatCents,
      createdAt: now,
    })
    .returning()
    .get();
}
