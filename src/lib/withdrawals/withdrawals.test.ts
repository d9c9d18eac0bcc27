// Withdrawing from an order: the 14 days run from the first "delivered" mark (else the first
// "shipped" one) to the end of the 14th Irish day after it, and are open while neither was recorded.
// A wrong order number or address, a second withdrawal, or an order that was never paid gets the one
// answer a right one gets, and only a real match within the period records a row and queues mail.
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { orderMailTexts } from '~/lib/checkout/order-mail.server';
import { getOrderWithItems } from '~/lib/checkout/order-with-items.server';
import { getOrderDetails } from '~/lib/orders/admin-orders.server';
import { statusMail } from '~/lib/orders/order-status-mail.server';
import type { Db } from '~/lib/platform/server/db';
import { shortOrderId } from '~/lib/platform/shared/format';
import { type WithdrawalInput, withdrawalSchema } from '~/lib/withdrawals/schemas';
import { refundBy, withdrawalPeriod } from '~/lib/withdrawals/withdrawal-period';
import { checkWithdrawal, withdrawFromOrder, withdrawUrl } from '~/lib/withdrawals/withdrawals.server';
import { orderStatusHistory, orderWithdrawals } from '~db/schema';
import { tempDataDir } from '~tests/helpers/data-dir';
import { memoryDb } from '~tests/helpers/db';
import { makeOrder, type PaymentState } from '~tests/helpers/factories';
import { queuedMails } from '~tests/helpers/outbox';

tempDataDir('withdrawals');

let db: Db;
beforeEach(() => {
  db = memoryDb();
});

const BUYER = 'aoife@example.ie';
const DELIVERED = new Date('2026-06-20T15:00:00Z'); // 16:00 in Ireland, 20 June
const LAST_MOMENT = new Date('2026-07-04T22:59:59Z'); // 23:59:59 in Ireland, 4 July
const TOO_LATE = new Date('2026-07-04T23:00:00Z'); // midnight in Ireland, 5 July

function order(payment: PaymentState = 'paid', marks: { to: 'shipped' | 'delivered'; at: Date }[] = []) {
  const o = makeOrder(db, { id: randomUUID(), payment, customerEmail: 'Aoife@Example.ie' });
  for (const m of marks) {
    db.insert(orderStatusHistory)
      .values({
        orderId: o.id,
        fromStatus: 'processing',
        toStatus: m.to,
        changedBy: 'owner@example.com',
        createdAt: m.at,
      })
      .run();
  }
  return o;
}

const input = (orderNumber: string, email = BUYER, note?: string): WithdrawalInput =>
  withdrawalSchema.parse({ orderNumber, email, note });

const rows = () => db.select().from(orderWithdrawals).all();

describe('the withdrawal period', () => {
  it('lasts to the end of the 14th Irish day after delivery', () => {
    expect(withdrawalPeriod(DELIVERED, LAST_MOMENT)).toEqual({ open: true, lastDay: '2026-07-04' });
    expect(withdrawalPeriod(DELIVERED, TOO_LATE)).toEqual({ open: false, lastDay: '2026-07-04' });
  });

  it('is open with no last day while the order is not on its way', () => {
    expect(withdrawalPeriod(null, new Date('2030-01-01'))).toEqual({ open: true, lastDay: null });
  });

  it('counts the refund’s 14 days from the Irish day of the withdrawal', () => {
    // 23:30 UTC on 30 June is already 1 July in Ireland.
    expect(refundBy(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-15');
  });
});

describe('withdrawing from an order', () => {
  it('records a real match within the period once, with both mails, by the mails’ order number', () => {
    const o = order('paid', [{ to: 'delivered', at: DELIVERED }]);
    const at = new Date('2026-06-25T09:30:00Z');
    expect(
      withdrawFromOrder(db, input(shortOrderId(o.id), ' AOIFE@example.ie ', 'The large one only'), at),
    ).toEqual({
      kind: 'received',
    });
    expect(rows()).toEqual([
      expect.objectContaining({ orderId: o.id, note: 'The large one only', createdAt: at }),
    ]);
    const [buyer, owner] = queuedMails(db);
    expect(buyer?.to).toBe('Aoife@Example.ie');
    expect(buyer?.subject).toBe(`Your withdrawal from order ${shortOrderId(o.id)} is received`);
    expect(buyer?.text).toContain(
      `withdrawal from order ${shortOrderId(o.id)} on 25 June 2026 at 10:30 (Irish time)`,
    );
    expect(buyer?.text).toContain('by 9 July 2026');
    expect(buyer?.text).toContain('The large one only');
    expect(owner?.to).toBe('owner@example.com');
    expect(owner?.subject).toBe(`Withdrawal from order ${shortOrderId(o.id)}: refund by 9 July 2026`);

    // A second withdrawal of the same order: the same answer, nothing new recorded or sent.
    expect(withdrawFromOrder(db, input(o.id), new Date('2026-06-26T09:00:00Z'))).toEqual({
      kind: 'received',
    });
    expect(rows()).toHaveLength(1);
    expect(queuedMails(db)).toHaveLength(2);
    // The owner's order details carry it.
    expect(getOrderDetails(db, o.id).withdrawal).toEqual({
      withdrawnAt: at,
      refundBy: '2026-07-09',
      note: 'The large one only',
    });
  });

  it('answers a wrong number or address exactly as a right one, recording and sending nothing', () => {
    const o = order('paid', [{ to: 'delivered', at: DELIVERED }]);
    const at = new Date('2026-06-25T09:30:00Z');
    const answers = [
      withdrawFromOrder(db, input('#ABC123'), at),
      withdrawFromOrder(db, input(shortOrderId(o.id), 'someone.else@example.ie'), at),
      checkWithdrawal(db, input('#ABC123'), at),
    ];
    for (const a of answers) expect(a).toEqual({ kind: 'received' });
    // Long after the period, a wrong address still gets the same answer: no date gives the order away.
    expect(withdrawFromOrder(db, input(shortOrderId(o.id), 'someone.else@example.ie'), TOO_LATE)).toEqual({
      kind: 'received',
    });
    expect(rows()).toEqual([]);
    expect(queuedMails(db)).toEqual([]);
  });

  it.each(['started', 'failed', 'cancelled', 'refunded'] as const)(
    'records nothing for an order that is %s, with the same answer',
    (payment) => {
      const o = order(payment);
      expect(withdrawFromOrder(db, input(shortOrderId(o.id)))).toEqual({ kind: 'received' });
      expect(rows()).toEqual([]);
      expect(queuedMails(db)).toEqual([]);
    },
  );

  it('says when the period ended, recording nothing', () => {
    const o = order('paid', [{ to: 'delivered', at: DELIVERED }]);
    expect(checkWithdrawal(db, input(shortOrderId(o.id)), TOO_LATE)).toEqual({
      kind: 'ended',
      lastDay: '2026-07-04',
    });
    expect(withdrawFromOrder(db, input(shortOrderId(o.id)), TOO_LATE)).toEqual({
      kind: 'ended',
      lastDay: '2026-07-04',
    });
    expect(withdrawFromOrder(db, input(shortOrderId(o.id)), LAST_MOMENT)).toEqual({ kind: 'received' });
    expect(rows()).toHaveLength(1);
  });

  it('counts from the first shipped mark when no delivery was recorded, and keeps it open before either', () => {
    const shipped = order('paid', [{ to: 'shipped', at: DELIVERED }]);
    expect(withdrawFromOrder(db, input(shortOrderId(shipped.id)), TOO_LATE)).toEqual({
      kind: 'ended',
      lastDay: '2026-07-04',
    });
    // A delivery recorded after the shipping counts from the delivery.
    const delivered = order('paid', [
      { to: 'shipped', at: new Date('2026-06-01T10:00:00Z') },
      { to: 'delivered', at: DELIVERED },
    ]);
    expect(withdrawFromOrder(db, input(shortOrderId(delivered.id)), LAST_MOMENT)).toEqual({
      kind: 'received',
    });
    const waiting = order('paid');
    expect(withdrawFromOrder(db, input(shortOrderId(waiting.id)), new Date('2030-01-01'))).toEqual({
      kind: 'received',
    });
    expect(rows().map((r) => r.orderId)).toEqual([delivered.id, waiting.id]);
  });

  it('lets the owner withdraw from a test order', () => {
    const o = order('test');
    withdrawFromOrder(db, input(shortOrderId(o.id)));
    expect(rows()).toHaveLength(1);
    expect(queuedMails(db)[1]?.text).toContain('Test order');
  });
});

describe('the form’s schema', () => {
  it('takes the order number with or without "#", in any case, and an empty note as none', () => {
    expect(withdrawalSchema.parse({ orderNumber: ' #3f9A1c ', email: 'A@B.ie', note: '  ' })).toEqual({
      orderNumber: '3f9a1c',
      email: 'a@b.ie',
    });
  });

  it('refuses a number that is not one, a bad address and a note over 2,000 characters', () => {
    expect(withdrawalSchema.safeParse({ orderNumber: '12', email: BUYER }).success).toBe(false);
    expect(withdrawalSchema.safeParse({ orderNumber: "abc123' or 1=1", email: BUYER }).success).toBe(false);
    expect(withdrawalSchema.safeParse({ orderNumber: 'abc123', email: 'nobody' }).success).toBe(false);
    expect(
      withdrawalSchema.safeParse({ orderNumber: 'abc123', email: BUYER, note: 'x'.repeat(2001) }).success,
    ).toBe(false);
  });
});

describe('the way to the form', () => {
  it('is a full address in the buyer’s confirmation and in the mails of an order prepared or shipped', () => {
    const o = order('paid');
    expect(withdrawUrl()).toBe('http://localhost:4321/withdraw');
    const full = getOrderWithItems(db, o.id);
    if (!full) throw new Error('no order');
    expect(orderMailTexts(full, 'Wicklow Light Photography').customer).toContain(
      `To withdraw, use the form at ${withdrawUrl()}`,
    );
    for (const status of ['processing', 'shipped'] as const) {
      expect(statusMail(o, status, 'Wicklow Light Photography')?.text).toContain(withdrawUrl());
    }
  });
});
