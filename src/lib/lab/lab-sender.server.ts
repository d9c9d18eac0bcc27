// The sender of the lab outbox (lab_orders): every few seconds it sends the queued orders that are
// due, oldest first, one at a time, each with the shop's order id as its idempotency key, so an
// order sent again after a crash or a timeout is answered with the lab's first order.
//  - The lab took it (created, with issues, on hold, or already there): sent, with the lab's id
//    and stage. A row is never marked sent unless the lab answered with an order.
//  - The lab could not be reached, answered oddly, or refused the shop's key: tried again after
//    30 s, doubling up to 30 minutes. Six hours after the order was last queued (paid, or approved
//    or sent again by the owner; not counting a wait for the owner's approval) the owner is mailed,
//    once, that it has not reached the lab yet.
//  - The lab refused it, or it cannot be sent at all (a photo deleted since): refused, with the
//    reasons, and the owner is mailed once. Nothing more is tried until the owner acts.
// The buyer is never mailed by the sender. A held row waits for the owner's approval; the row of
// an order cancelled or refunded meanwhile is withdrawn instead of sent.
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import { getConfig } from '~/lib/platform/server/config';
import type { Db } from '~/lib/platform/server/db';
import { getLog } from '~/lib/platform/server/log';
import { queueMail } from '~/lib/platform/server/mail/mail-sender';
import { labOrders, orders } from '~db/schema';
import { isLabRefused, type Lab, type LabOrder, type LabRefusalReason } from './lab';
import { labOrderRequest } from './lab-order-request.server';
import { labRefusedMail, labUnreachableMail } from './lab-owner-mails';

export const FIRST_RETRY_MS = 30_000;
export const MAX_RETRY_MS = 30 * 60_000;
/** How long an order may wait for the lab before the owner is told. */
export const OWNER_ALERT_AFTER_MS = 6 * 60 * 60_000;
/** Orders sent in one pass at most; the next pass takes the rest. */
const PER_PASS = 50;

/** The wait after the `attempts`-th failed attempt: 30 s, doubling, at most 30 minutes. */
export function labRetryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, Math.min(attempts - 1, 20)));
}

/** What the lab says is wrong with an order it took, as one text for the owner (null: nothing). */
export function labIssuesText(issues: LabOrder['issues']): string | null {
  if (!issues.length) return null;
  return issues.map((i) => `${i.objectId ? `${i.objectId}: ` : ''}${i.description || i.code}`).join('\n');
}

type Row = typeof labOrders.$inferSelect;

/**
 * Since when a lab order has waited for the lab: when it was last queued. A row written before
 * queued_at was kept counts from when it was made.
 */
export const waitingSince = (row: Pick<Row, 'queuedAt' | 'createdAt'>): Date => row.queuedAt ?? row.createdAt;

/** What to do after an order was sent (the shop's status follows the lab's stage). */
export type AfterSent = (orderId: string, order: LabOrder) => Promise<unknown>;

function dueRows(db: Db, now: Date): string[] {
  return db
    .select({ orderId: labOrders.orderId })
    .from(labOrders)
    .where(and(eq(labOrders.state, 'queued'), lte(labOrders.nextAttemptAt, now)))
    .orderBy(asc(labOrders.createdAt), asc(labOrders.orderId))
    .limit(PER_PASS)
    .all()
    .map((r) => r.orderId);
}

function markSent(db: Db, row: Row, order: LabOrder, now: Date): boolean {
  const fields = {
    labOrderId: order.id,
    labStage: order.stage,
    labIssues: labIssuesText(order.issues),
    sentAt: now,
    updatedAt: now,
  };
  const sent = db
    .update(labOrders)
    .set({ ...fields, state: 'sent', lastError: null })
    .where(and(eq(labOrders.orderId, row.orderId), eq(labOrders.state, 'queued')))
    .run().changes;
  if (sent === 1) return true;
  // Withdrawn while it was on its way: the lab has it all the same, and the owner must see its id.
  db.update(labOrders)
    .set(fields)
    .where(and(eq(labOrders.orderId, row.orderId), isNull(labOrders.labOrderId)))
    .run();
  getLog().error(
    `Order ${row.orderId} was withdrawn while it was being sent to the lab, which took it as ${order.id}: cancel it at the lab if it should not be made.`,
  );
  return false;
}

function markRefused(db: Db, lab: Lab, row: Row, reasons: LabRefusalReason[], byLab: boolean, now: Date) {
  const summary = reasons.map((r) => r.description || r.code).join('; ');
  db.transaction((tx) => {
    const changed = tx
      .update(labOrders)
      .set({ state: 'refused', refusal: reasons, lastError: summary.slice(0, 1000), updatedAt: now })
      .where(and(eq(labOrders.orderId, row.orderId), eq(labOrders.state, 'queued')))
      .run().changes;
    if (changed !== 1) return;
    const mail = labRefusedMail({ orderId: row.orderId, labName: lab.name, reasons, byLab });
    queueMail(tx, { to: getConfig().ownerEmail, ...mail }, { now });
  });
  getLog().warn(`Order ${row.orderId} was not sent to ${lab.name}: ${summary}`);
}

function markFailed(db: Db, lab: Lab, row: Row, err: unknown, now: Date) {
  const attempts = row.attempts + 1;
  const lastError = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
  db.transaction((tx) => {
    const changed = tx
      .update(labOrders)
      .set({
        attempts,
        lastError,
        nextAttemptAt: new Date(now.getTime() + labRetryDelayMs(attempts)),
        updatedAt: now,
      })
      .where(and(eq(labOrders.orderId, row.orderId), eq(labOrders.state, 'queued')))
      .run().changes;
    const since = waitingSince(row);
    if (changed !== 1 || now.getTime() - since.getTime() < OWNER_ALERT_AFTER_MS) return;
    const alerted = tx
      .update(labOrders)
      .set({ ownerAlertedAt: now })
      .where(and(eq(labOrders.orderId, row.orderId), isNull(labOrders.ownerAlertedAt)))
      .run().changes;
    if (alerted !== 1) return;
    const mail = labUnreachableMail({
      orderId: row.orderId,
      labName: lab.name,
      since,
      attempts,
      lastError,
    });
    queueMail(tx, { to: getConfig().ownerEmail, ...mail }, { now });
  });
  getLog().warn(`Order ${row.orderId} could not be sent to ${lab.name} (attempt ${attempts}): ${lastError}`);
}

/** A refusal that says the shop's key is wrong, not the order: the owner fixes it, and it goes. */
const keyRefused = (err: { status: number }) => err.status === 401 || err.status === 403;

/**
 * An order cancelled or refunded while its lab order waited is not sent: its lab order is
 * withdrawn, quietly, since the owner is the one who cancelled it.
 */
function withdrawnIfCancelled(db: Db, row: Row, now: Date): boolean {
  const order = db
    .select({ status: orders.status, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.id, row.orderId))
    .get();
  if (order && order.status !== 'cancelled' && order.paymentStatus === 'completed') return false;
  db.update(labOrders)
    .set({ state: 'cancelled', updatedAt: now })
    .where(and(eq(labOrders.orderId, row.orderId), eq(labOrders.state, 'queued')))
    .run();
  getLog().info(`Order ${row.orderId} was cancelled before it reached the lab: it is not sent.`);
  return true;
}

async function sendOne(db: Db, lab: Lab, row: Row, now: Date, afterSent?: AfterSent): Promise<boolean> {
  if (withdrawnIfCancelled(db, row, now)) return false;
  let order: LabOrder;
  try {
    const verdict = await labOrderRequest(db, lab, row.orderId);
    if (!verdict.ok) {
      markRefused(db, lab, row, verdict.reasons, false, now);
      return false;
    }
    order = (await lab.createOrder(verdict.request)).order;
  } catch (err) {
    if (isLabRefused(err) && !keyRefused(err)) {
      const reasons = err.reasons.length
        ? err.reasons
        : [{ field: '', code: err.outcome, description: err.message }];
      markRefused(db, lab, row, reasons, true, now);
    } else {
      markFailed(db, lab, row, err, now);
    }
    return false;
  }
  if (!markSent(db, row, order, now)) return false;
  getLog().info(`Order ${row.orderId} was sent to ${lab.name} as ${order.id}.`);
  if (afterSent) {
    await afterSent(row.orderId, order).catch((err: unknown) =>
      getLog().error({ err }, `The shop's status of order ${row.orderId} did not follow the lab's.`),
    );
  }
  return true;
}

let sending = false;

/**
 * Sends the queued lab orders that are due at `now`, oldest first, one at a time; answers how many
 * the lab took. A pass already under way in this process makes this one do nothing.
 */
export async function sendDueLabOrders(
  db: Db,
  lab: Lab,
  now = new Date(),
  afterSent?: AfterSent,
): Promise<number> {
  if (sending) return 0;
  sending = true;
  try {
    let sent = 0;
    for (const orderId of dueRows(db, now)) {
      const row = db.select().from(labOrders).where(eq(labOrders.orderId, orderId)).get();
      if (row?.state !== 'queued' || row.nextAttemptAt.getTime() > now.getTime()) continue;
      if (await sendOne(db, lab, row, now, afterSent)) sent++;
    }
    return sent;
  } finally {
    sending = false;
  }
}

/**
 * Sends what is due now, then every `everyMs`; nothing while the site has no lab. Errors are
 * logged, never thrown out of the timer, and the timer never keeps the process alive. Returns the
 * stop function.
 */
export function startLabSender(
  db: Db,
  getLab: () => Lab | null,
  everyMs: number,
  afterSent?: AfterSent,
): () => void {
  const pass = async () => {
    try {
      const lab = getLab();
      if (lab) await sendDueLabOrders(db, lab, new Date(), afterSent);
    } catch (err) {
      getLog().error({ err }, 'Sending orders to the print lab failed; the next pass tries again.');
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
