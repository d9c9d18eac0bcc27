// The owner moves an order from one status to another. Any status may follow any other. The order
// and a row of its status history (from, to, who, when, carrier and tracking, whether the customer
// is told) are written in one transaction with the customer's mail, queued for the mail sender:
// `customerNotified` says whether a mail was queued.
// Setting the status an order already has records nothing and sends nothing, unless it is shipped
// with a new carrier or tracking number: that is recorded and told like a new shipment.
import { eq } from 'drizzle-orm';
import type { Db } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { createReviewInvites } from '~/lib/reviews/reviews.server';
import { mailSenderName } from '~/lib/site/business.server';
import { type Order, orderItems, orderStatusHistory, orders } from '~db/schema';
import { type AdminOrderDetails, getOrderDetails } from './admin-orders.server';
import { queueCustomerMail, statusMail } from './order-status-mail.server';

export interface StatusChangeInput {
  orderId: string;
  status: Order['status'];
  carrier?: string;
  trackingNumber?: string;
  notifyCustomer?: boolean;
  /** The e-mail of the owner making the change. */
  changedBy: string;
  now: Date;
}

/** "Carrier: An Post, tracking number: RR123456789IE", or null when neither is known. */
export function shippingNote(carrier: string | null, trackingNumber: string | null): string | null {
  const parts = [
    carrier ? `Carrier: ${carrier}` : '',
    trackingNumber ? `tracking number: ${trackingNumber}` : '',
  ].filter(Boolean);
  if (!parts.length) return null;
  const text = parts.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export async function changeOrderStatus(db: Db, input: StatusChangeInput): Promise<AdminOrderDetails> {
  const { orderId, status, notifyCustomer = true, changedBy, now } = input;
  const shipped = status === 'shipped';
  db.transaction((tx) => {
    const order = tx.select().from(orders).where(eq(orders.id, orderId)).get();
    if (!order) throw new HttpError(404, 'Order not found.');
    const carrier = shipped && input.carrier !== undefined ? input.carrier : order.carrier;
    const trackingNumber =
      shipped && input.trackingNumber !== undefined ? input.trackingNumber : order.trackingNumber;
    const newShipping = shipped && (carrier !== order.carrier || trackingNumber !== order.trackingNumber);
    if (order.status === status && !newShipping) return;

    const items = tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).all();
    const after = { ...order, status, carrier, trackingNumber, items };
    const mail = notifyCustomer ? statusMail(after, status, mailSenderName(tx)) : null;
    tx.update(orders)
      .set({ status, carrier, trackingNumber, updatedAt: now })
      .where(eq(orders.id, orderId))
      .run();
    // Delivered: the buyer of a paid order is mailed a link to review each print (reviews.ts).
    const invited = status === 'delivered' && notifyCustomer && createReviewInvites(tx, orderId, now);
    const notified = (mail !== null && queueCustomerMail(tx, after, mail)) || invited;
    tx.insert(orderStatusHistory)
      .values({
        orderId,
        fromStatus: order.status,
        toStatus: status,
        changedBy,
        note: shipped ? shippingNote(carrier, trackingNumber) : null,
        customerNotified: notified,
        createdAt: now,
      })
      .run();
  });
  return getOrderDetails(db, orderId);
}
