// A lab order, as read from the lab, applied to the shop: its stage, issues and parcel kept; a
// pending order moved to processing; an order made wholly by the lab shipped with its tracking and
// the buyer mailed, one with the owner's own prints left as it is and its buyer mailed once about
// the lab's parcel; a cancelled lab order mailed to the owner only; an unknown one changing
// nothing; and the same reading applied twice changing nothing the second time.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LabOrder } from '~/lib/lab/lab';
import { printFileKey } from '~/lib/lab/print-file.server';
import type { Db } from '~/lib/platform/server/db';
import { getLog } from '~/lib/platform/server/log';
import { getStorage } from '~/lib/platform/server/storage/object-store';
import { labOrders, orderStatusHistory, orders } from '~db/schema';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { makeOrder, uniqueId } from '~tests/helpers/factories';
import { queuedMails } from '~tests/helpers/outbox';
import { applyLabOrder } from './lab-order-status.server';

tempDataDir('lab-order-status');

let db: Db;
beforeEach(() => {
  db = memoryDb();
  vi.spyOn(getLog(), 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

const LAB_LINE = { description: 'Lough Tay, large (16x24 inches) matte', labSku: 'GLOBAL-FAP-16X24' };
const OWN_LINE = { description: 'Glendalough, small (8x12 inches) gloss, framed' };

/** A paid order (pending, as the checkout leaves it) whose lab order the lab has as `labOrderId`. */
function sentOrder(
  lines: { description: string; labSku?: string }[] = [LAB_LINE],
  status: 'pending' | 'delivered' = 'pending',
) {
  const order = makeOrder(db, { payment: 'paid', status, items: lines });
  const labOrderId = `ord_${Math.floor(Math.random() * 1e9)}`;
  db.insert(labOrders)
    .values({
      orderId: order.id,
      state: 'sent',
      nextAttemptAt: new Date(),
      labOrderId,
      labStage: 'InProgress',
      sentAt: new Date(),
    })
    .run();
  return { orderId: order.id, labOrderId };
}

const labOrder = (id: string, stage: string, more: Partial<LabOrder> = {}): LabOrder => ({
  id,
  merchantReference: null,
  stage,
  issues: [],
  shipments: [],
  ...more,
});
const PARCEL = {
  status: 'Shipped',
  carrier: 'DPD',
  trackingNumber: 'FK123456789IE',
  trackingUrl: 'https://tracking.example/track?n=FK123456789IE',
  dispatchDate: '2026-11-29T10:00:00Z',
};
const complete = (id: string) => labOrder(id, 'Complete', { shipments: [PARCEL] });

const shopOrder = (id: string) => db.select().from(orders).where(eq(orders.id, id)).get();
const labRow = (id: string) => db.select().from(labOrders).where(eq(labOrders.orderId, id)).get();
const history = (id: string) =>
  db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id)).all();

describe('a lab order in progress', () => {
  it('moves a pending order to processing, without a mail, once', async () => {
    const { orderId, labOrderId } = sentOrder();
    expect(await applyLabOrder(db, labOrder(labOrderId, 'InProgress'))).toBe('updated');
    expect(shopOrder(orderId)?.status).toBe('processing');
    expect(history(orderId)).toEqual([
      expect.objectContaining({
        fromStatus: 'pending',
        toStatus: 'processing',
        changedBy: 'Print lab (Prodigi)',
        customerNotified: false,
      }),
    ]);
    expect(await applyLabOrder(db, labOrder(labOrderId, 'InProgress'))).toBe('unchanged');
    expect(history(orderId)).toHaveLength(1);
    expect(queuedMails(db)).toEqual([]);
  });

  it('keeps what the lab says is wrong, for the owner', async () => {
    const { orderId, labOrderId } = sentOrder();
    const issues = [
      {
        objectId: 'ori_1',
        code: 'items.assets.NotDownloaded',
        description: 'The asset could not be downloaded.',
      },
    ];
    expect(await applyLabOrder(db, labOrder(labOrderId, 'InProgress', { issues }))).toBe('updated');
    expect(labRow(orderId)?.labIssues).toBe('ori_1: The asset could not be downloaded.');
  });
});

describe('a lab order sent', () => {
  it('ships an order the lab made wholly, with its tracking, and mails the buyer once', async () => {
    const { orderId, labOrderId } = sentOrder();
    const key = printFileKey(orderId, 'line', { widthPx: 7200, heightPx: 4800 });
    await getStorage().put(key, Buffer.from('print file'));

    expect(await applyLabOrder(db, complete(labOrderId))).toBe('updated');
    expect(shopOrder(orderId)).toMatchObject({
      status: 'shipped',
      carrier: 'DPD',
      trackingNumber: 'FK123456789IE',
    });
    expect(labRow(orderId)).toMatchObject({
      state: 'sent',
      labStage: 'Complete',
      carrier: 'DPD',
      trackingNumber: 'FK123456789IE',
      trackingUrl: PARCEL.trackingUrl,
    });
    const mails = queuedMails(db);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: 'aoife@example.ie',
      subject: expect.stringMatching(/has been shipped/),
    });
    expect(mails[0]?.text).toContain('Tracking number: FK123456789IE');
    expect(history(orderId).at(-1)).toMatchObject({ toStatus: 'shipped', changedBy: 'Print lab (Prodigi)' });
    // The lab has made it: its print files are no longer kept.
    expect(await getStorage().head(key)).toBeNull();

    expect(await applyLabOrder(db, complete(labOrderId))).toBe('unchanged');
    expect(queuedMails(db)).toHaveLength(1);
  });

  it('leaves an order with the owner’s own prints as it is, and tells its buyer once of the lab’s parcel', async () => {
    const { orderId, labOrderId } = sentOrder([LAB_LINE, OWN_LINE]);
    expect(await applyLabOrder(db, complete(labOrderId))).toBe('updated');
    expect(shopOrder(orderId)).toMatchObject({ status: 'pending', trackingNumber: null });
    const mails = queuedMails(db);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: 'aoife@example.ie',
      subject: expect.stringMatching(/Part of your order .* is on its way/),
    });
    expect(mails[0]?.text).toContain(`- ${LAB_LINE.description}`);
    expect(mails[0]?.text).not.toContain(OWN_LINE.description);
    expect(mails[0]?.text).toContain('Tracking number: FK123456789IE');
    expect(mails[0]?.text).toContain(`Follow the parcel: ${PARCEL.trackingUrl}`);
    expect(mails[0]?.text).toMatch(/other prints of your order .* follow/);

    expect(await applyLabOrder(db, complete(labOrderId))).toBe('unchanged');
    expect(queuedMails(db)).toHaveLength(1);
  });

  it('never moves an order the owner marked delivered back to shipped', async () => {
    const { orderId, labOrderId } = sentOrder([LAB_LINE], 'delivered');
    await applyLabOrder(db, complete(labOrderId));
    expect(shopOrder(orderId)?.status).toBe('delivered');
    expect(queuedMails(db)).toEqual([]);
  });
});

describe('a lab order cancelled', () => {
  it('is cancelled here too and mailed to the owner, not the buyer; the shop’s status stays', async () => {
    const { orderId, labOrderId } = sentOrder();
    expect(await applyLabOrder(db, labOrder(labOrderId, 'Cancelled'))).toBe('updated');
    expect(labRow(orderId)).toMatchObject({ state: 'cancelled', labStage: 'Cancelled' });
    expect(shopOrder(orderId)?.status).toBe('pending');
    const mails = queuedMails(db);
    expect(mails.map((m) => m.to)).toEqual(['owner@example.com']);
    expect(mails[0]?.subject).toMatch(/Prodigi cancelled its order/);
    expect(mails[0]?.text).toContain(labOrderId);
    expect(mails[0]?.text).toMatch(/buyer has not been told/);

    expect(await applyLabOrder(db, labOrder(labOrderId, 'Cancelled'))).toBe('unchanged');
    expect(queuedMails(db)).toHaveLength(1);
  });
});

describe('a lab order the shop does not know', () => {
  it('changes nothing', async () => {
    const { orderId } = sentOrder();
    const before = [shopOrder(orderId), labRow(orderId)];
    expect(await applyLabOrder(db, complete(`ord_${uniqueId('x').length}999`))).toBe('unknown');
    expect([shopOrder(orderId), labRow(orderId)]).toEqual(before);
    expect(queuedMails(db)).toEqual([]);
  });
});
