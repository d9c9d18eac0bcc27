// One order with its lines, as the mails, the confirmation and the receipt read it. A module of its
// own: order creation queues mails, and the mails read the order, so neither imports the other.
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '~/lib/platform/server/db';
import { preparedOnce } from '~/lib/platform/server/prepared';
import { orderItems, orders } from '~db/schema';

/** An order with its items, for mails and the confirmation. */
export function getOrderWithItems(db: Db | Tx, orderId: string) {
  const byId = preparedOnce(db, 'orders: by id', () =>
    db
      .select()
      .from(orders)
      .where(eq(orders.id, sql.placeholder('id')))
      .prepare(),
  );
  const itemsOf = preparedOnce(db, 'orders: items', () =>
    db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, sql.placeholder('id')))
      .prepare(),
  );
  const order = byId.get({ id: orderId });
  if (!order) return undefined;
  return { ...order, items: itemsOf.all({ id: orderId }) };
}
