// The lab's orders asked about again. The lab's callbacks are hints that may never come: a site
// behind a home router is not reachable from outside, and a callback posted while the site was
// stopped is lost. So every few minutes the orders the lab has and has not finished (stage neither
// Complete nor Cancelled) that were not heard of for a while are read from the lab, oldest first,
// and applied as a callback would be (applyLabOrder).
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { isLabUnavailable, type Lab } from '~/lib/lab/lab';
import type { Db } from '~/lib/platform/server/db';
import { getLog } from '~/lib/platform/server/log';
import { labOrders } from '~db/schema';
import { applyLabOrder } from './lab-order-status.server';

/** An order heard of more recently than this is not asked about. */
export const LAB_REFRESH_AFTER_MS = 15 * 60_000;
const PER_PASS = 20;

/** Reads the unfinished lab orders not heard of for a while and applies them; answers how many changed. */
export async function refreshLabOrders(db: Db, lab: Lab, now = new Date()): Promise<number> {
  const stale = db
    .select({ orderId: labOrders.orderId, labOrderId: labOrders.labOrderId })
    .from(labOrders)
    .where(
      and(
        eq(labOrders.state, 'sent'),
        sql`lower(coalesce(${labOrders.labStage}, '')) not in ('complete', 'cancelled')`,
        lte(labOrders.updatedAt, new Date(now.getTime() - LAB_REFRESH_AFTER_MS)),
      ),
    )
    .orderBy(asc(labOrders.updatedAt))
    .limit(PER_PASS)
    .all();
  let changed = 0;
  for (const { orderId, labOrderId } of stale) {
    if (!labOrderId) continue;
    try {
      const result = await applyLabOrder(db, await lab.getOrder(labOrderId), { labName: lab.name, now });
      if (result === 'updated') changed++;
    } catch (err) {
      if (isLabUnavailable(err)) return changed;
      getLog().error({ err }, `Order ${orderId} could not be read again from ${lab.name} (${labOrderId}).`);
    }
    // Asked about now: the next passes ask about the others first.
    db.update(labOrders).set({ updatedAt: now }).where(eq(labOrders.orderId, orderId)).run();
  }
  return changed;
}

/**
 * Asks the lab about its unfinished orders now, then every `everyMs`; nothing while the site has no
 * lab. Errors are logged, never thrown out of the timer. Returns the stop function.
 */
export function startLabRefresh(db: Db, getLab: () => Lab | null, everyMs = 5 * 60_000): () => void {
  let running = false;
  const pass = async () => {
    const lab = getLab();
    if (running || !lab) return;
    running = true;
    try {
      await refreshLabOrders(db, lab);
    } catch (err) {
      getLog().error({ err }, 'Asking the print lab about its orders failed; the next pass tries again.');
    } finally {
      running = false;
    }
  };
  const first = setTimeout(pass, 0);
  const timer = setInterval(pass, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
