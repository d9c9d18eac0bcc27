// How long a lab order has waited for an unreachable lab is counted from when it was last queued
// (paid, or approved or sent again by the owner), never from when it was paid: days held for the
// owner's approval, or spent refused, do not count. Over a real database, the Prodigi fake (down)
// and a fake clock: the owner is mailed once, six hours after the order was queued, and the order
// dialog says since when.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queueLabOrder } from '~/lib/lab/lab-outbox.server';
import { sendDueLabOrders } from '~/lib/lab/lab-sender.server';
import { ProdigiClient } from '~/lib/lab/prodigi-client.server';
import { ProdigiFake } from '~/lib/lab/prodigi-fake.server';
import { labOrderJson } from '~/lib/orders/admin-order-views.server';
import { getOrderDetails } from '~/lib/orders/admin-orders.server';
import { actOnLabOrder } from '~/lib/orders/lab-order-admin.server';
import type { Db } from '~/lib/platform/server/db';
import { getLog } from '~/lib/platform/server/log';
import { getStorage } from '~/lib/platform/server/storage/object-store';
import { originalKey } from '~/lib/platform/server/storage/storage';
import { labOrders, labSettings } from '~db/schema';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { makeOrder, makePhoto, makeVariant, uniqueMediaId } from '~tests/helpers/factories';
import { queuedMails } from '~tests/helpers/outbox';

tempDataDir('lab-order-queued');

const HOUR = 60 * 60_000;
const PAID = new Date('2026-11-20T09:00:00Z');
const at = (from: Date, ms: number) => new Date(from.getTime() + ms);

let db: Db;
let fake: ProdigiFake;
let lab: ProdigiClient;
beforeEach(() => {
  db = memoryDb();
  fake = new ProdigiFake();
  fake.down = true;
  lab = new ProdigiClient({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, fetch: fake.fetch });
  vi.spyOn(getLog(), 'info').mockImplementation(() => {});
  vi.spyOn(getLog(), 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** A paid order of one lab print whose photo's original is stored, its lab order written at PAID. */
async function paidLabOrder(hold: boolean): Promise<string> {
  if (hold) db.insert(labSettings).values({ id: 1, holdForApproval: true }).run();
  const mediaId = uniqueMediaId();
  const jpeg = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#2f6b4f' } })
    .jpeg()
    .toBuffer();
  await getStorage().put(originalKey(mediaId, 'jpg'), jpeg);
  const photo = makePhoto(db, { mediaId, width: 60, height: 40 });
  const variant = makeVariant(db, { photoId: photo.id, size: 'large', finish: 'matte' });
  const order = makeOrder(db, {
    payment: 'paid',
    shipStreet: '12 Main Street',
    shipPostalCode: 'A67 X123',
    shipCity: 'Wicklow',
    shipCountry: 'IE',
    items: [{ productVariantId: variant.id, labSku: 'GLOBAL-FAP-16X24', labSizing: 'fillPrintArea' }],
  });
  expect(queueLabOrder(db, order.id, PAID)).toBe(true);
  return order.id;
}

const rowOf = (orderId: string) => db.select().from(labOrders).where(eq(labOrders.orderId, orderId)).get();
const act = (orderId: string, action: 'approve' | 'retry', now: Date) =>
  actOnLabOrder(db, lab, { orderId, action, by: 'owner@example.com', now });
const unreachableSince = (orderId: string, now: Date) => {
  const row = getOrderDetails(db, orderId).lab;
  if (!row) throw new Error('no lab order');
  return labOrderJson(row, now).unreachableSince;
};

describe('when a lab order was queued', () => {
  it('is when it was paid for one queued at once, and unset while it is held', async () => {
    const queued = await paidLabOrder(false);
    expect(rowOf(queued)).toMatchObject({ state: 'queued', queuedAt: PAID });
    const held = await paidLabOrder(true);
    expect(rowOf(held)).toMatchObject({ state: 'held', queuedAt: null });
  });
});

describe('a lab that cannot be reached', () => {
  it('held two days, then approved: the owner is mailed six hours after the approval, not before', async () => {
    const id = await paidLabOrder(true);
    const approved = at(PAID, 48 * HOUR);
    await act(id, 'approve', approved);
    expect(rowOf(id)?.queuedAt).toEqual(approved);

    expect(await sendDueLabOrders(db, lab, approved)).toBe(0);
    expect(rowOf(id)).toMatchObject({ state: 'queued', attempts: 1 });
    expect(queuedMails(db)).toEqual([]);
    expect(unreachableSince(id, approved)).toBeNull();
    // Each a due attempt (30 s, doubling), the last a minute before six hours have passed.
    for (const minutes of [1, 30, 120, 340, 359]) {
      await sendDueLabOrders(db, lab, at(approved, minutes * 60_000));
    }
    expect(queuedMails(db)).toEqual([]);
    expect(unreachableSince(id, at(approved, 359 * 60_000))).toBeNull();

    expect(rowOf(id)?.attempts).toBe(6);
    const firstPastSix = at(approved, 6 * HOUR + 16 * 60_000);
    await sendDueLabOrders(db, lab, firstPastSix);
    await sendDueLabOrders(db, lab, at(approved, 8 * HOUR));
    const mails = queuedMails(db);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: 'owner@example.com',
      subject: expect.stringMatching(/has not reached/),
    });
    // Since the approval (Dublin time), not since the payment two days earlier.
    expect(mails[0]?.text).toContain('since 22 November 2026 at 09:00');
    expect(rowOf(id)?.ownerAlertedAt).toEqual(firstPastSix);
    expect(unreachableSince(id, at(approved, 6 * HOUR))).toBe(approved.toISOString());
  });

  it('sent again long after it was refused: the wait starts afresh from then', async () => {
    const id = await paidLabOrder(false);
    db.update(labOrders)
      .set({ state: 'refused', attempts: 2, ownerAlertedAt: null, lastError: 'refused' })
      .where(eq(labOrders.orderId, id))
      .run();
    const retried = at(PAID, 72 * HOUR);
    await act(id, 'retry', retried);
    expect(rowOf(id)).toMatchObject({ state: 'queued', queuedAt: retried, attempts: 0 });

    await sendDueLabOrders(db, lab, retried);
    await sendDueLabOrders(db, lab, at(retried, 5 * HOUR));
    expect(queuedMails(db)).toEqual([]);
    await sendDueLabOrders(db, lab, at(retried, 7 * HOUR));
    expect(queuedMails(db)).toHaveLength(1);
  });

  it('queued when paid: the owner is mailed six hours after the payment', async () => {
    const id = await paidLabOrder(false);
    await sendDueLabOrders(db, lab, PAID);
    await sendDueLabOrders(db, lab, at(PAID, 5 * HOUR));
    expect(queuedMails(db)).toEqual([]);
    await sendDueLabOrders(db, lab, at(PAID, 6 * HOUR + 60_000));
    expect(queuedMails(db)).toHaveLength(1);
    expect(rowOf(id)?.ownerAlertedAt).toEqual(at(PAID, 6 * HOUR + 60_000));
  });
});
