// The outbox of orders to the lab: a paid order with lines the lab makes gets one lab_orders row,
// written inside the transaction that marks it paid (settleCapture), so a crash between the
// payment and the call to the lab forgets nothing. The sender (lab-sender.server.ts) sends it.
import type { Db } from '~/lib/platform/server/db';
import { preparedOnce } from '~/lib/platform/server/prepared';
import { labMode } from './lab-backend.server';
import { labSettingsOf } from './lab-products.server';

/**
 * Writes the lab order of a paid order, once: queued to be sent now (queued_at set), or held for
 * the owner's approval when the lab settings say so (queued_at null until approved). An order
 * without lab lines gets none, and so does a test order (nobody paid) while the lab is the live
 * one, which would print and charge for it. Runs inside the caller's transaction; a second call
 * for the same order changes nothing.
 */
export function queueLabOrder(db: Db, orderId: string, now: Date): boolean {
  const insert = preparedOnce(db, 'lab: queue order', () =>
    db.$client.prepare(
      `insert into lab_orders (order_id, state, next_attempt_at, queued_at, created_at, updated_at)
       select o.id, @state, @now, @queuedAt, @now, @now from orders o
       where o.id = @orderId
         and (o.test_mode = 0 or @liveLab = 0)
         and exists (select 1 from order_items i where i.order_id = o.id and i.lab_sku is not null)
       on conflict (order_id) do nothing`,
    ),
  );
  const state = labSettingsOf(db).holdForApproval ? 'held' : 'queued';
  const liveLab = labMode(db) === 'live' ? 1 : 0;
  // A held order is queued when the owner approves it: its wait for the lab starts then.
  const queuedAt = state === 'queued' ? now.getTime() : null;
  return insert.run({ orderId, state, now: now.getTime(), queuedAt, liveLab }).changes === 1;
}
