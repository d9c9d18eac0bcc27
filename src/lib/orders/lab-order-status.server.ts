// A lab order as the lab has it now (read from the lab, never taken from a callback's body), applied
// to the shop: its stage, issues and first parcel are kept on the lab_orders row, and the shop's
// order follows the stage (shopStatusForStage):
//  - processing: a shop order still pending becomes processing (the buyer is not mailed: the
//    confirmation has just told them);
//  - shipped: an order made wholly by the lab is shipped, with carrier and tracking, through the
//    owner's own status change (history, and the buyer's mail with the tracking); an order with
//    prints the owner makes keeps its status, and the buyer is mailed once that the lab's prints
//    are on their way and the others follow;
//  - cancelled: the lab order is cancelled and the owner is mailed; the buyer is not. The shop's
//    order is cancelled too only when it was wholly the lab's and already refunded
//    (followLabCancellation); otherwise it and the buyer are left to the owner, whose decision a
//    refund is.
// Once the lab has made or cancelled an order its print files are deleted. Applying the same lab
// order again changes nothing and sends nothing.
import { eq } from 'drizzle-orm';
import { type LabOrder, shopStatusForStage } from '~/lib/lab/lab';
import { labIssuesText } from '~/lib/lab/lab-sender.server';
import { deletePrintFiles } from '~/lib/lab/print-file.server';
import { getConfig } from '~/lib/platform/server/config';
import type { Db, Tx } from '~/lib/platform/server/db';
import { getLog } from '~/lib/platform/server/log';
import { queueMail } from '~/lib/platform/server/mail/mail-sender';
import { mailSenderName } from '~/lib/site/business.server';
import { labOrders, orderItems, orders } from '~db/schema';
import { allLinesByLab, followLabCancellation } from './lab-order-cancelled.server';
import { labCancelledMail, labPartShippedMail } from './lab-order-mails.server';
import { changeOrderStatus } from './order-status.server';

export type ApplyResult = 'unknown' | 'unchanged' | 'updated';

/** Who the order's status history names for changes the lab made. */
export const labChangedBy = (labName: string) => `Print lab (${labName})`;

const same = (a: string | null, b: string | null) => (a ?? null) === (b ?? null);

const linesOf = (db: Db | Tx, orderId: string) =>
  db
    .select({ description: orderItems.description, sku: orderItems.labSku })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .all();

/** What the lab makes of the order, as the buyer was told it. */
const labLineDescriptions = (db: Db | Tx, orderId: string) =>
  linesOf(db, orderId)
    .filter((l) => l.sku !== null)
    .map((l) => l.description);

/**
 * Applies the lab's order to its lab_orders row and the shop's order: 'unknown' when the shop has
 * no lab order of that id (nothing changes), 'unchanged' when it already said all of it.
 */
export async function applyLabOrder(
  db: Db,
  labOrder: LabOrder,
  opts: { labName?: string; now?: Date } = {},
): Promise<ApplyResult> {
  const labName = opts.labName ?? 'Prodigi';
  const now = opts.now ?? new Date();
  const parcel = labOrder.shipments[0];
  const fields = {
    labStage: labOrder.stage,
    labIssues: labIssuesText(labOrder.issues),
    carrier: parcel?.carrier ?? null,
    trackingNumber: parcel?.trackingNumber ?? null,
    trackingUrl: parcel?.trackingUrl ?? null,
  };
  const target = shopStatusForStage(labOrder.stage);

  const applied = db.transaction((tx) => {
    const row = tx.select().from(labOrders).where(eq(labOrders.labOrderId, labOrder.id)).get();
    if (!row) return null;
    const cancelNow = target === 'cancelled' && row.state !== 'cancelled';
    const differs = (Object.keys(fields) as (keyof typeof fields)[]).some((k) => !same(row[k], fields[k]));
    if (!differs && !cancelNow) return { orderId: row.orderId, changed: false, cancelNow };
    tx.update(labOrders)
      .set({ ...fields, ...(cancelNow ? { state: 'cancelled' as const } : {}), updatedAt: now })
      .where(eq(labOrders.orderId, row.orderId))
      .run();
    const order = tx.select().from(orders).where(eq(orders.id, row.orderId)).get();
    if (!order) return { orderId: row.orderId, changed: true, cancelNow };
    if (cancelNow) {
      const mail = labCancelledMail({ order, labName, labOrderId: labOrder.id, issues: fields.labIssues });
      queueMail(tx, { to: getConfig().ownerEmail, ...mail }, { now });
    }
    // An order with prints of the owner's keeps its status; its buyer hears of the lab's parcel
    // once, when it leaves (or when the lab gives it another tracking number).
    const parcelLeft =
      target === 'shipped' &&
      (shopStatusForStage(row.labStage ?? '') !== 'shipped' ||
        !same(row.trackingNumber, fields.trackingNumber));
    if (parcelLeft && order.customerEmail && !allLinesByLab(tx, order.id)) {
      const mail = labPartShippedMail({
        order,
        labLines: labLineDescriptions(tx, order.id),
        parcel: fields,
        signedBy: mailSenderName(tx),
      });
      queueMail(tx, { to: order.customerEmail, ...mail }, { now });
    }
    return { orderId: row.orderId, changed: true, cancelNow };
  });
  if (!applied) return 'unknown';

  let changed = applied.changed;
  const order = db.select({ status: orders.status }).from(orders).where(eq(orders.id, applied.orderId)).get();
  const changedBy = labChangedBy(labName);
  if (order && target === 'processing' && order.status === 'pending') {
    await changeOrderStatus(db, {
      orderId: applied.orderId,
      status: 'processing',
      notifyCustomer: false,
      changedBy,
      now,
    });
    changed = true;
  } else if (
    order &&
    target === 'shipped' &&
    (order.status === 'pending' || order.status === 'processing') &&
    allLinesByLab(db, applied.orderId)
  ) {
    await changeOrderStatus(db, {
      orderId: applied.orderId,
      status: 'shipped',
      ...(fields.carrier ? { carrier: fields.carrier } : {}),
      ...(fields.trackingNumber ? { trackingNumber: fields.trackingNumber } : {}),
      notifyCustomer: true,
      changedBy,
      now,
    });
    changed = true;
  } else if (applied.cancelNow) {
    await followLabCancellation(db, { orderId: applied.orderId, changedBy, now });
  }
  // Made and sent, or cancelled: the lab keeps its own copy of the files.
  if (changed && (target === 'shipped' || target === 'cancelled')) {
    await deletePrintFiles(applied.orderId).catch((err: unknown) =>
      getLog().error({ err }, `The print files of order ${applied.orderId} could not be deleted.`),
    );
  }
  return changed ? 'updated' : 'unchanged';
}
