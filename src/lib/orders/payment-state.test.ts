// The owner sees an order's payment beside its fulfilment status, in words: a paid order reads
// Paid (not only the fulfilment status "pending"), a refund reads Refunded or Partly refunded (never
// "cancelled"), and a test order says no payment was taken.
import { describe, expect, it } from 'vitest';
import { adminOrderJson } from '~/lib/orders/admin-order-views.server';
import { getOrderDetails } from '~/lib/orders/admin-orders.server';
import { paymentState } from '~/lib/orders/payment-state';
import { memoryDb } from '~tests/helpers/db';
import { makeOrder, type PaymentState } from '~tests/helpers/factories';

const labelOf = (payment: PaymentState, overrides: Parameters<typeof makeOrder>[1] = {}) => {
  const db = memoryDb();
  const order = makeOrder(db, { payment, ...overrides });
  return adminOrderJson(getOrderDetails(db, order.id)).payment.label;
};

describe('the payment label of an order', () => {
  it('names each payment state in words', () => {
    expect(labelOf('paid')).toBe('Paid');
    expect(labelOf('started')).toBe('Pending');
    expect(labelOf('held')).toBe('Pending');
    expect(labelOf('failed')).toBe('Failed');
    expect(labelOf('refunded')).toBe('Refunded');
    expect(labelOf('test')).toBe('Test order — no payment taken');
  });

  it('tells a full refund from a partial one by the amount refunded', () => {
    expect(labelOf('refunded', { refundedAmountCents: 4500 })).toBe('Refunded');
    expect(labelOf('refunded', { refundedAmountCents: 2000 })).toBe('Partly refunded');
    expect(labelOf('refunded', { refundedAmountCents: null })).toBe('Refunded');
    expect(labelOf('refunded', { refundStatus: 'PENDING' })).toBe('Refund pending');
  });

  it('never reads "cancelled" for a refund, although the refund cancels the order', () => {
    const base = { paymentStatus: 'cancelled', testMode: false, totalAmountCents: 9000, refundId: 'R1' };
    expect(paymentState(base).label).toBe('Refunded');
    expect(paymentState({ ...base, refundedAmountCents: 8999 }).label).toBe('Partly refunded');
    expect(paymentState(base).label).not.toMatch(/cancel/i);
  });
});
