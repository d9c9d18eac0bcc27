// The owner's hand on an order's lab order (lab_orders): approve one held for approval, send a
// refused one again once the cause is fixed, or cancel it: at once while it has not reached the lab,
// and at the lab, if the lab still allows it, once it has. Each change is made only from the state
// it was read in, so a sender that moved the row meanwhile is never overwritten. Cancelling a lab
// order refunds nothing: the buyer's money is the order's, refunded from the order itself; an order
// already refunded whose every line was the lab's is cancelled with it (followLabCancellation).
import { and, eq, inArray } from 'drizzle-orm';
import { isLabAnswerError, isLabRefused, isLabUnavailable, type Lab } from '~/lib/lab/lab';
import { type AdminOrderDetails, getOrderDetails, labOrderOf } from '~/lib/orders/admin-orders.server';
import { followLabCancellation } from '~/lib/orders/lab-order-cancelled.server';
import {
  LAB_STATE_WORDS,
  type LabOrderAction,
  type LabOrderState,
  takenWhileWithdrawn,
} from '~/lib/orders/lab-order-schemas';
import type { Db } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { getLog } from '~/lib/platform/server/log';
import { labOrders } from '~db/schema';

export const CANNOT_CANCEL_AT_LAB =
  'The lab has started making this order and it can no longer be cancelled.';
const LAB_UNREACHABLE =
  'The lab could not be reached to cancel this order; nothing was changed. Try again in a minute.';

const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** The 409 of an action the lab order's state does not allow. */
const notNow = (action: string, state: LabOrderState) =>
  new HttpError(409, `This lab order cannot be ${action}: it is ${lower(LAB_STATE_WORDS[state])}.`);

/** The 409 of a row another hand (the sender, another tab) moved between reading and writing. */
const movedMeanwhile = () =>
  new HttpError(
    409,
    'This lab order changed meanwhile (it may just have been sent). Reload it and look again.',
  );

/**
 * Moves the lab order from one of `from` to the new values; false when it was no longer in them.
 */
function move(db: Db, orderId: string, from: LabOrderState[], set: Partial<typeof labOrders.$inferInsert>) {
  return (
    db
      .update(labOrders)
      .set(set)
      .where(and(eq(labOrders.orderId, orderId), inArray(labOrders.state, from)))
      .run().changes === 1
  );
}

/** Asks the lab to cancel an order it has; throws the HttpError the owner reads when it cannot. */
async function cancelAtLab(lab: Pick<Lab, 'allowedActions' | 'cancel'>, labOrderId: string) {
  try {
    const allowed = await lab.allowedActions(labOrderId);
    if (!allowed.cancel) throw new HttpError(409, CANNOT_CANCEL_AT_LAB);
    const result = await lab.cancel(labOrderId);
    if (!result.cancelled) throw new HttpError(409, CANNOT_CANCEL_AT_LAB);
    return result.order;
  } catch (err) {
    if (isLabUnavailable(err) || isLabAnswerError(err)) throw new HttpError(503, LAB_UNREACHABLE);
    if (isLabRefused(err)) {
      const why = err.reasons.map((r) => r.description || r.code).join('; ') || err.outcome;
      throw new HttpError(
        422,
        `The lab refused to cancel this order: ${why.replace(/\.$/, '')}. Nothing was changed.`,
      );
    }
    throw err;
  }
}

/**
 * Does the owner's action on the order's lab order and answers the order in full.
 * approve: held → queued, to be sent now. retry: refused → queued, its attempts counted afresh
 * (the lab's reasons are kept until it is sent). Both start the wait for the lab afresh (queued_at):
 * the days it waited for the owner do not count as the lab being unreachable.
 * cancel: held, queued or refused → cancelled at once; sent (or withdrawn while the lab took it) →
 * cancelled at the lab when the lab still allows it (409 when it does not, 503 when it cannot be
 * reached, and nothing changes); then the shop's order follows (followLabCancellation). An action
 * the state does not allow is a 409.
 */
export async function actOnLabOrder(
  db: Db,
  lab: Pick<Lab, 'allowedActions' | 'cancel'> | null,
  input: { orderId: string; action: LabOrderAction; by: string; now: Date },
): Promise<AdminOrderDetails> {
  const { orderId, action, now } = input;
  getOrderDetails(db, orderId);
  const row = labOrderOf(db, orderId);
  if (!row) throw new HttpError(404, 'This order has no prints made by the lab.');
  const state = row.state;

  if (action === 'approve') {
    if (state !== 'held') throw notNow('approved', state);
    const queued = move(db, orderId, ['held'], {
      state: 'queued',
      nextAttemptAt: now,
      queuedAt: now,
      updatedAt: now,
    });
    if (!queued) throw movedMeanwhile();
  } else if (action === 'retry') {
    if (state !== 'refused') throw notNow('sent again', state);
    const queued = move(db, orderId, ['refused'], {
      state: 'queued',
      attempts: 0,
      nextAttemptAt: now,
      queuedAt: now,
      lastError: null,
      ownerAlertedAt: null,
      updatedAt: now,
    });
    if (!queued) throw movedMeanwhile();
  } else if (state === 'held' || state === 'queued' || state === 'refused') {
    if (!move(db, orderId, ['held', 'queued', 'refused'], { state: 'cancelled', updatedAt: now }))
      throw movedMeanwhile();
  } else if (state === 'sent' || takenWhileWithdrawn(row)) {
    if (!row.labOrderId)
      throw new HttpError(409, 'The lab’s id of this order is not known, so it cannot be cancelled there.');
    if (!lab) {
      throw new HttpError(
        503,
        'The print lab is off on this site (no Prodigi key is saved), so it cannot be asked to cancel this order; nothing was changed.',
      );
    }
    const order = await cancelAtLab(lab, row.labOrderId);
    const recorded = move(db, orderId, [state], {
      state: 'cancelled',
      labStage: order.stage,
      updatedAt: new Date(),
    });
    // The lab's callback may have recorded the cancellation first.
    const current = labOrderOf(db, orderId);
    if (!recorded && !(current?.state === 'cancelled' && !takenWhileWithdrawn(current))) {
      getLog().warn(
        { orderId, labOrderId: row.labOrderId },
        'Lab order cancelled at the lab but changed meanwhile',
      );
      throw movedMeanwhile();
    }
  } else {
    throw notNow('cancelled', state);
  }
  getLog().info({ orderId, action, from: state, by: input.by }, 'Lab order changed by the owner');
  if (action === 'cancel') await followLabCancellation(db, { orderId, changedBy: input.by, now });
  return getOrderDetails(db, orderId);
}
