// The owner's actions on an order's lab order (POST /api/admin/orders/{id}/lab) and the words the
// order dialog says it in. Pure: the dialog and the endpoint share them.
import { z } from 'zod';
import type { LAB_ORDER_STATES } from '~db/enums';

export type LabOrderState = (typeof LAB_ORDER_STATES)[number];

/**
 * approve: a held lab order goes to the lab (queued, sent at once); retry: a refused one is sent
 * again, once the owner has fixed the cause; cancel: withdrawn before it reaches the lab, or
 * cancelled at the lab while the lab still allows it.
 */
export const LAB_ORDER_ACTIONS = ['approve', 'cancel', 'retry'] as const;
export type LabOrderAction = (typeof LAB_ORDER_ACTIONS)[number];

export const labOrderActionSchema = z.object(
  {
    action: z.enum(LAB_ORDER_ACTIONS, {
      error: `The action must be one of: ${LAB_ORDER_ACTIONS.join(', ')}.`,
    }),
  },
  { error: 'Send the action: { action: "approve" | "cancel" | "retry" }.' },
);

/** Where a lab order is, in a few words (the dialog's headline and the refusals' sentences). */
export const LAB_STATE_WORDS: Record<LabOrderState, string> = {
  held: 'Waiting for your approval before it goes to the lab',
  queued: 'Being sent to the lab',
  sent: 'At the lab',
  refused: 'Refused by the lab',
  cancelled: 'Cancelled',
};

/** The lab's stage of an order it has, in words; an unknown stage is said as the lab says it. */
export function labStageWords(stage: string | null): string {
  switch ((stage ?? '').toLowerCase()) {
    case '':
      return 'Received by the lab';
    case 'inprogress':
      return 'Being made at the lab';
    case 'onhold':
      return 'On hold at the lab';
    case 'complete':
      return 'Made and sent by the lab';
    case 'cancelled':
      return 'Cancelled at the lab';
    default:
      return `At the lab (${stage})`;
  }
}

/**
 * Withdrawn by the owner while the sender was sending it: the lab took it all the same (its id is
 * kept) and has not cancelled it, so it can still be cancelled there.
 */
export const takenWhileWithdrawn = (row: {
  state: string;
  labOrderId: string | null;
  labStage: string | null;
}) => row.state === 'cancelled' && row.labOrderId !== null && row.labStage?.toLowerCase() !== 'cancelled';

/**
 * What the order dialog says once a lab order is cancelled: the lab will not make its prints, and
 * cancelling refunded nothing, so the owner either refunds the buyer from the order itself ("Cancel
 * and refund") or makes and sends the prints. `allLinesByLab`: the order has no prints of the owner's.
 */
export function labCancelledGuidance(o: { refunded: boolean; allLinesByLab: boolean }): string {
  const lab = o.allLinesByLab
    ? 'The lab will not make these prints.'
    : 'The lab will not make its prints of this order; the others are yours to make as before.';
  if (o.refunded) return `${lab} The buyer has been refunded from this order: nothing more is needed.`;
  return `${lab} Cancelling it refunded nothing: refund the buyer from this order (Cancel and refund), or make and send ${o.allLinesByLab ? 'the prints' : 'them'} yourself.`;
}

/** How long a lab order may wait for an unreachable lab before the dialog says so. */
export const LAB_UNREACHABLE_AFTER_MS = 6 * 60 * 60 * 1000;
