// Orders never paid. Every checkout that reaches PayPal stores a pending order first; most that are
// left there are never paid, and would pile up. Seven days after it was started, a pending order with
// no capture recorded is removed with its items. An order whose capture PayPal holds for review has a
// capture id (payment-reconcile.ts keeps asking about it) and is never removed, nor is a paid one.
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '~/lib/platform/server/db';
import { getLog } from '~/lib/platform/server/log';
import { ABANDONED_ORDER_AGE_MS } from '~/lib/site/constants';
import { discountCodes, orderItems, orders } from '~db/schema';

const HOUR_MS = 60 * 60 * 1000;

/** Removes the pending orders started before `now` minus 7 days with no capture, and their items. */
export function removeAbandonedOrders(db: Db, now = new Date()): number {
  const abandoned = and(
    eq(orders.paymentStatus, 'pending'),
    isNull(orders.paymentId),
    isNull(orders.paidAt),
    lt(orders.createdAt, new Date(now.getTime() - ABANDONED_ORDER_AGE_MS)),
  );
  return db.transaction((tx) => {
    const ids = tx.select({ id: orders.id }).from(orders).where(abandoned);
    // A code use one of them still holds for a capture PayPal never took is given back.
    tx.update(discountCodes)
      .set({
        uses: sql`max(${discountCodes.uses} - (select count(*) from ${orders} where ${abandoned} and ${orders.discountUseTaken} = 1 and ${orders.discountCodeId} = ${discountCodes.id}), 0)`,
      })
      .where(
        inArray(
          discountCodes.id,
          tx
            .select({ id: orders.discountCodeId })
            .from(orders)
            .where(and(abandoned, eq(orders.discountUseTaken, true))),
        ),
      )
      .run();
    tx.delete(orderItems).where(inArray(orderItems.orderId, ids)).run();
    return tx.delete(orders).where(abandoned).run().changes;
  });
}

/** Removes them now (at start) and then every hour; never keeps the process alive. */
export function startAbandonedOrderCleanup(db: Db, everyMs = HOUR_MS): () => void {
  const run = () => {
    try {
      const removed = removeAbandonedOrders(db);
      if (removed > 0) getLog().info(`Removed ${removed} orders never paid (started over 7 days ago).`);
    } catch (err) {
      getLog().error({ err }, 'Removing orders never paid failed.');
    }
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
