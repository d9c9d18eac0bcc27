// The owner moving an order on: any status after any other, recorded in the history with who and
// when (and carrier and tracking when shipped), the customer's mail queued for processing, shipped
// and cancelled unless notifyCustomer is false; the same status again records nothing.
import { beforeEach, describe, expect, it } from 'vitest';
import { changeOrderStatus } from '~/lib/orders/order-status.server';
import { orderStatusChangeSchema } from '~/lib/orders/schemas';
import type { Db } from '~/lib/platform/server/db';
import { ORDER_STATUSES } from '~/lib/site/constants';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { makeOrder } from '~tests/helpers/factories';
import { queuedMails } from '~tests/helpers/outbox';

tempDataDir('order-status');
const OWNER = 'owner@example.com';

let db: Db;
beforeEach(() => {
  db = memoryDb();
});
/** The mails queued for the mail sender (in the transaction of the change). */
const newMails = () => queuedMails(db);

const change = (orderId: string, body: Record<string, unknown>, now = new Date('2025-05-01T10:00:00Z')) =>
  changeOrderStatus(db, { orderId, ...orderStatusChangeSchema.parse(body), changedBy: OWNER, now });

describe('changing an order’s status', () => {
  it('allows every status after every other, each recorded from → to', async () => {
    const order = makeOrder(db, { payment: 'paid' });
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES.filter((s) => s !== from)) {
        await change(order.id, { status: from, notifyCustomer: false });
        const changed = await change(order.id, { status: to, notifyCustomer: false });
        expect(changed.status).toBe(to);
        expect(changed.history.at(-1)).toMatchObject({ fromStatus: from, toStatus: to, changedBy: OWNER });
      }
    }
    expect(newMails()).toEqual([]);
  });

  it('records who and when, and tells the customer the order is being prepared', async () => {
    const order = makeOrder(db, { id: 'order-0001-abc123', payment: 'paid', status: 'pending' });
    const now = new Date('2025-05-02T09:30:00Z');
    const changed = await change(order.id, { status: 'processing' }, now);
    expect(changed.history).toEqual([
      {
        id: expect.any(String),
        fromStatus: 'pending',
        toStatus: 'processing',
        changedBy: OWNER,
        note: null,
        customerNotified: true,
        createdAt: now,
      },
    ]);
    expect(changed.updatedAt).toEqual(now);
    const mails = newMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: 'aoife@example.ie',
      subject: 'Your order #ABC123 is being prepared',
    });
    expect(mails[0]?.text).toContain('Your order #ABC123 is being prepared for sending.');
  });

  it('keeps carrier and tracking with shipped, notes them, and mails them', async () => {
    const order = makeOrder(db, { id: 'order-0002-def456', payment: 'paid' });
    const changed = await change(order.id, {
      status: 'shipped',
      carrier: ' An Post ',
      trackingNumber: 'RR123IE',
    });
    expect(changed).toMatchObject({ status: 'shipped', carrier: 'An Post', trackingNumber: 'RR123IE' });
    expect(changed.history.at(-1)?.note).toBe('Carrier: An Post, tracking number: RR123IE');
    const [mail] = newMails();
    expect(mail?.subject).toBe('Your order #DEF456 has been shipped');
    expect(mail?.text).toContain('Carrier: An Post\nTracking number: RR123IE');
  });

  it('records shipped again only when the carrier or tracking number is new', async () => {
    const order = makeOrder(db, { payment: 'paid' });
    await change(order.id, { status: 'shipped' });
    const same = await change(order.id, { status: 'shipped' });
    expect(same.history).toHaveLength(1);
    const tracked = await change(order.id, { status: 'shipped', trackingNumber: 'RR9IE' });
    expect(tracked.history).toHaveLength(2);
    expect(tracked.history.at(-1)).toMatchObject({
      fromStatus: 'shipped',
      toStatus: 'shipped',
      note: 'Tracking number: RR9IE',
    });
    expect(newMails()).toHaveLength(2);
  });

  it('ignores carrier and tracking with another status, and keeps the shipped ones', async () => {
    const order = makeOrder(db, { payment: 'paid', carrier: 'DPD', trackingNumber: 'T1' });
    const changed = await change(order.id, { status: 'delivered', carrier: 'UPS', trackingNumber: 'T2' });
    expect(changed).toMatchObject({ status: 'delivered', carrier: 'DPD', trackingNumber: 'T1' });
    expect(changed.history.at(-1)?.note).toBeNull();
  });

  it('records the same status again as nothing', async () => {
    const order = makeOrder(db, { payment: 'paid' });
    const changed = await change(order.id, { status: order.status });
    expect(changed.history).toEqual([]);
    expect(newMails()).toEqual([]);
  });

  it('mails cancelled, but not pending or delivered', async () => {
    const order = makeOrder(db, { id: 'order-0003-aaa111', payment: 'paid' });
    await change(order.id, { status: 'delivered' });
    await change(order.id, { status: 'pending' });
    expect(newMails()).toEqual([]);
    const changed = await change(order.id, { status: 'cancelled' });
    expect(changed.history.map((h) => h.customerNotified)).toEqual([false, false, true]);
    const mails = newMails();
    expect(mails.map((m) => m.subject)).toEqual(['Your order #AAA111 has been cancelled']);
  });

  it('sends nothing when notifyCustomer is false, or when the order has no e-mail', async () => {
    const order = makeOrder(db, { payment: 'paid' });
    const quiet = await change(order.id, { status: 'shipped', notifyCustomer: false });
    expect(quiet.history.at(-1)?.customerNotified).toBe(false);
    const anonymous = makeOrder(db, { customerEmail: null });
    const none = await change(anonymous.id, { status: 'processing' });
    expect(none.history.at(-1)?.customerNotified).toBe(false);
    expect(newMails()).toEqual([]);
  });

  it('refuses an unknown status (400 at the schema) and an unknown order (404)', async () => {
    expect(orderStatusChangeSchema.safeParse({ status: 'lost' }).success).toBe(false);
    expect(orderStatusChangeSchema.safeParse({}).success).toBe(false);
    expect(orderStatusChangeSchema.safeParse({ status: 'shipped', carrier: 'a\nb' }).success).toBe(false);
    await expect(change('no-such-order', { status: 'shipped' })).rejects.toMatchObject({ status: 404 });
  });
});
