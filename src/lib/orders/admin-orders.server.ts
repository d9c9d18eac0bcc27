// The owner's reads of orders: the list (newest first, searched by the customer's e-mail or name,
// filtered by status, page by page) and one order in full with its status history. Money stays in
// integer cents here; admin-order-views.server.ts turns it into euros for the API.

import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type DocumentKind, documentNumber } from '~/lib/checkout/invoice-number';
import { documentOf } from '~/lib/checkout/invoices.server';
import { type BreakdownRow, orderBreakdown } from '~/lib/checkout/order-breakdown';
import { mediaUrl, widthsFor } from '~/lib/media/media-urls';
import type { OrderHistoryEntry } from '~/lib/orders/order-history';
import type { OrdersQuery } from '~/lib/orders/schemas';
import type { Db, Tx } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { orderVatByRate, type RateTotal } from '~/lib/selling/order-vat';
import { orderWithdrawal } from '~/lib/withdrawals/withdrawals.server';
import {
  galleries,
  galleryLinks,
  labOrders,
  type Order,
  orderItems,
  orderStatusHistory,
  orders,
  photos,
  productVariants,
} from '~db/schema';

/** How many orders GET /api/admin/orders answers with, newest first. */
export const RECENT_ADMIN_ORDERS = 100;
/** A thumbnail of the photo in an order line: the smallest derivative of the ladder. */
const THUMBNAIL_WIDTH = 320;

export interface AdminOrderItem {
  id: string;
  quantity: number;
  /** Unit price including framing, in cents, as fixed when the order was made. */
  priceCents: number;
  framingSize: string | null;
  framingPriceCents: number;
  description: string;
  /** Made by the print lab: the lab's product code; null when the owner makes it. */
  labSku: string | null;
  /** Null when the print was deleted since: the description still says what was bought. */
  productVariant: {
    id: string;
    size: string;
    finish: string;
    dimensions: string;
    photo: { id: string; title: string; imageUrl: string };
  } | null;
}

export type AdminOrder = Order & { items: AdminOrderItem[]; itemCount: number };

export type StatusHistoryEntry = OrderHistoryEntry<Date>;

/** With its status history, and the VAT inside its total per rate (null: made before VAT was kept). */
export type AdminOrderDetails = AdminOrder & {
  history: StatusHistoryEntry[];
  vat: RateTotal[] | null;
  /** Items, shipping, discount, total and the VAT inside it, as the buyer was shown them. */
  breakdown: BreakdownRow[];
  /** The client gallery and link its prints were ordered through (null: a shop order). */
  gallery: { title: string; recipient: string } | null;
  /** The buyer's withdrawal from the order, when one was sent. */
  withdrawal: ReturnType<typeof orderWithdrawal>;
  /** The numbers of its VAT invoice and credit note ("INV-000042", "CN-000003"), when issued. */
  invoiceNumber: string | null;
  creditNoteNumber: string | null;
  /** Its order to the print lab, when it has lines the lab makes (see the lab_orders table). */
  lab: AdminLabOrder | null;
};

/** An order's order to the print lab, as the owner's dialog shows it. */
export type AdminLabOrder = Pick<
  typeof labOrders.$inferSelect,
  | 'state'
  | 'attempts'
  | 'nextAttemptAt'
  | 'lastError'
  | 'refusal'
  | 'labOrderId'
  | 'labStage'
  | 'labIssues'
  | 'carrier'
  | 'trackingNumber'
  | 'trackingUrl'
  | 'sentAt'
  | 'queuedAt'
  | 'createdAt'
  | 'updatedAt'
>;

/** The lab order of an order, or null when the lab makes none of its lines. */
export function labOrderOf(db: Db | Tx, orderId: string): AdminLabOrder | null {
  return (
    db
      .select({
        state: labOrders.state,
        attempts: labOrders.attempts,
        nextAttemptAt: labOrders.nextAttemptAt,
        lastError: labOrders.lastError,
        refusal: labOrders.refusal,
        labOrderId: labOrders.labOrderId,
        labStage: labOrders.labStage,
        labIssues: labOrders.labIssues,
        carrier: labOrders.carrier,
        trackingNumber: labOrders.trackingNumber,
        trackingUrl: labOrders.trackingUrl,
        sentAt: labOrders.sentAt,
        queuedAt: labOrders.queuedAt,
        createdAt: labOrders.createdAt,
        updatedAt: labOrders.updatedAt,
      })
      .from(labOrders)
      .where(eq(labOrders.orderId, orderId))
      .get() ?? null
  );
}

/** The gallery and link an order came through, while both still exist. */
function orderGallery(db: Db | Tx, linkId: string | null) {
  if (!linkId) return null;
  const row = db
    .select({ title: galleries.title, recipient: galleryLinks.recipientName })
    .from(galleryLinks)
    .innerJoin(galleries, eq(galleries.id, galleryLinks.galleryId))
    .where(eq(galleryLinks.id, linkId))
    .get();
  return row ?? null;
}

/** `%` and `_` in the search are matched as themselves, not as LIKE wildcards. */
export function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function listFilter({ search, status }: Pick<OrdersQuery, 'search' | 'status'>): SQL | undefined {
  const parts: SQL[] = [];
  if (status !== 'all') parts.push(eq(orders.status, status));
  if (search) {
    const pattern = likePattern(search);
    // SQLite's LIKE already ignores the case of ASCII letters, and its lower() folds nothing more,
    // so the pattern (lower-cased above) is matched against the columns as they are: no function
    // call per row over the whole table. A null e-mail matches nothing, as before.
    parts.push(
      sql`(${orders.customerEmail} like ${pattern} escape '\\' or ${orders.customerName} like ${pattern} escape '\\')`,
    );
  }
  return parts.length ? and(...parts) : undefined;
}

function thumbnail(photo: { imageUrl: string; mediaId: string | null; width: number | null }): string {
  if (!photo.mediaId || !photo.width) return photo.imageUrl;
  const widths = widthsFor(photo.width);
  const w = widths.filter((x) => x <= THUMBNAIL_WIDTH).at(-1) ?? widths[0] ?? photo.width;
  return mediaUrl(photo.mediaId, w, 'jpg');
}

/** The items of these orders with their print and photo (when they still exist), by order id. */
function itemsOf(db: Db | Tx, orderIds: string[]): Map<string, AdminOrderItem[]> {
  const byOrder = new Map<string, AdminOrderItem[]>(orderIds.map((id) => [id, []]));
  if (!orderIds.length) return byOrder;
  const rows = db
    .select({ item: orderItems, variant: productVariants, photo: photos })
    .from(orderItems)
    .leftJoin(productVariants, eq(productVariants.id, orderItems.productVariantId))
    .leftJoin(photos, eq(photos.id, productVariants.photoId))
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(sql`${orderItems}.rowid`))
    .all();
  for (const { item, variant, photo } of rows) {
    byOrder.get(item.orderId)?.push({
      id: item.id,
      quantity: item.quantity,
      priceCents: item.priceCents,
      framingSize: item.framingSize,
      framingPriceCents: item.framingPriceCents,
      description: item.description,
      labSku: item.labSku,
      productVariant:
        variant && photo
          ? {
              id: variant.id,
              size: variant.size,
              finish: variant.finish,
              dimensions: variant.dimensions,
              photo: { id: photo.id, title: photo.title, imageUrl: thumbnail(photo) },
            }
          : null,
    });
  }
  return byOrder;
}

function withItems(db: Db | Tx, rows: Order[]): AdminOrder[] {
  const items = itemsOf(
    db,
    rows.map((o) => o.id),
  );
  return rows.map((o) => {
    const own = items.get(o.id) ?? [];
    return { ...o, items: own, itemCount: own.reduce((n, i) => n + i.quantity, 0) };
  });
}

/** One page of orders, newest first, and how many orders match in all. */
export function listOrders(
  db: Db,
  query: Pick<OrdersQuery, 'page' | 'limit' | 'search' | 'status'>,
): { orders: AdminOrder[]; total: number } {
  const where = listFilter(query);
  const total = db.select({ n: count() }).from(orders).where(where).get()?.n ?? 0;
  const rows = db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(sql`${orders}.rowid`))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .all();
  return { orders: withItems(db, rows), total };
}

/** The newest orders, whatever their status. */
export function listRecentOrders(db: Db, limit = RECENT_ADMIN_ORDERS): AdminOrder[] {
  return listOrders(db, { page: 1, limit, search: '', status: 'all' }).orders;
}

/** The status history of an order, oldest first (newest last). */
export function statusHistory(db: Db | Tx, orderId: string): StatusHistoryEntry[] {
  return db
    .select({
      id: orderStatusHistory.id,
      fromStatus: orderStatusHistory.fromStatus,
      toStatus: orderStatusHistory.toStatus,
      changedBy: orderStatusHistory.changedBy,
      note: orderStatusHistory.note,
      customerNotified: orderStatusHistory.customerNotified,
      createdAt: orderStatusHistory.createdAt,
    })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.createdAt), asc(sql`${orderStatusHistory}.rowid`))
    .all();
}

/** One order in full: items, payment ids, shipping, refund and its status history; 404 when unknown. */
function issuedNumber(db: Db | Tx, orderId: string, kind: DocumentKind): string | null {
  const doc = documentOf(db, orderId, kind);
  return doc ? documentNumber(kind, doc.number) : null;
}

export function getOrderDetails(db: Db | Tx, id: string): AdminOrderDetails {
  const order = db.select().from(orders).where(eq(orders.id, id)).get();
  if (!order) throw new HttpError(404, 'Order not found.');
  const [full] = withItems(db, [order]);
  const vatLines = db.select().from(orderItems).where(eq(orderItems.orderId, id)).all();
  return {
    ...(full as AdminOrder),
    history: statusHistory(db, id),
    vat: orderVatByRate({ ...order, items: vatLines }),
    breakdown: orderBreakdown({ ...order, items: vatLines }),
    gallery: orderGallery(db, order.galleryLinkId),
    withdrawal: orderWithdrawal(db, id),
    invoiceNumber: issuedNumber(db, id, 'invoice'),
    creditNoteNumber: issuedNumber(db, id, 'credit_note'),
    lab: labOrderOf(db, id),
  };
}
