// What a cancelled lab order (cancelled by the owner, or by the lab) means for the shop's order.
// Cancelling a lab order refunds nothing: the buyer's money is the order's, and goes back only
// through the order's own refund, which also cancels the order. So the shop's order is cancelled
// here only when nothing is left to do: every line was the lab's, none has left yet (not shipped
// or delivered), and the buyer has already been refunded in full. Otherwise its status is kept and
// the order dialog tells the owner what to do next (labCancelledGuidance).
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '~/lib/platform/server/db';
import { type Order, orderItems, orders } from '~db/schema';
import { changeOrderStatus } from './order-status.server';

/** Whether every line of the order is made by the lab (none by the owner). */
export function allLinesByLab(db: Db | Tx, orderId: string): boolean {
  const lines = db
    .select({ sku: orderItems.labSku })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .all();
  return lines.length > 0 && lines.every((l) => l.sku !== null);
}

/**
 * Whether the buyer has had the whole order's money back. A refund PayPal still holds as pending
 * counts, as it does when the refund cancels the order.
 */
export function fullyRefunded(
  o: Pick<Order, 'refundId' | 'refundedAmountCents' | 'totalAmountCents'>,
): boolean {
  return o.refundId !== null && (o.refundedAmountCents ?? o.totalAmountCents) >= o.totalAmountCents;
}

/**
 * After an order's lab order was cancelled: cancels the shop's order when every line was the
 * lab's, it has not been shipped or delivered, and it is already fully refunded; answers whether it
 * did. The buyer is not mailed: the refund already told them.
 */
export async function followLabCancellation(
  db: Db,
  input: { orderId: string; changedBy: string; now: Date },
): Promise<boolean> {
  const order = db.select().from(orders).where(eq(orders.id, input.orderId)).get();
  if (!order || (order.status !== 'pending' && order.status !== 'processing')) return false;
  if (!fullyRefunded(order) || !allLinesByLab(db, order.id)) return false;
  await changeOrderStatus(db, { ...input, status: 'cancelled', notifyCustomer: false });
  return true;
}
