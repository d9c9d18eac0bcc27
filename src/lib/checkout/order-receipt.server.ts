// What the buyer's confirmation page lists of an order (only in the browser holding its receipt,
// checkout-receipt.ts): the lines bought (title, size in inches and centimetres, material, framing,
// quantity, line price) and the
// breakdown of its money (items, shipping, discount, total, VAT: order-breakdown.ts), in cents. A print deleted since keeps the words stored with the line.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '~/lib/platform/server/db';
import { FINISH_LABELS, sizeWords } from '~/lib/shop/print-choices';
import { orderItems, photos, productVariants } from '~db/schema';
import { orderBreakdown } from './order-breakdown';
import { getOrderWithItems } from './order-with-items.server';

export interface ReceiptLine {
  title: string;
  /** "Large · 16 × 20 in (41 × 51 cm)", or null when the print is gone and only its description is left. */
  size: string | null;
  /** "Matte", "Canvas", or null as the size. */
  finish: string | null;
  framed: boolean;
  quantity: number;
  lineCents: number;
  /** Made and sent by the print lab, in a parcel of its own. */
  madeByLab: boolean;
}

export function getOrderReceipt(db: Db, orderId: string) {
  const order = getOrderWithItems(db, orderId);
  if (!order) return undefined;
  const rows = db
    .select({
      description: orderItems.description,
      quantity: orderItems.quantity,
      priceCents: orderItems.priceCents,
      framingSize: orderItems.framingSize,
      labSku: orderItems.labSku,
      size: productVariants.size,
      finish: productVariants.finish,
      title: photos.title,
    })
    .from(orderItems)
    .leftJoin(productVariants, eq(productVariants.id, orderItems.productVariantId))
    .leftJoin(photos, eq(photos.id, productVariants.photoId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(sql`"order_items".rowid`)
    .all();
  const lines: ReceiptLine[] = rows.map((r) => ({
    title: r.title ?? r.description,
    size: r.size ? sizeWords(r.size) : null,
    finish: r.finish ? FINISH_LABELS[r.finish] : null,
    framed: r.framingSize !== null,
    quantity: r.quantity,
    lineCents: r.priceCents * r.quantity,
    madeByLab: r.labSku !== null,
  }));
  return { id: order.id, totalCents: order.totalAmountCents, lines, breakdown: orderBreakdown(order) };
}
