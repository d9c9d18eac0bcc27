// An order's payment in a word or two, shown beside its fulfilment status (pending, processing,
// shipped…) wherever the owner sees an order: two different things, each named. A refund reads
// "Refunded" (or "Partly refunded" when less than the total went back), never "cancelled", although
// a refund also cancels the order. A test order says that no payment was taken, whatever the PayPal
// fake answered.
import { TEST_ORDER_LABEL } from '~/lib/checkout/test-order';

export type PaymentTone = 'paid' | 'refunded' | 'waiting' | 'failed' | 'test';

export interface PaymentState {
  label: string;
  tone: PaymentTone;
}

export interface PaymentFacts {
  paymentStatus: string;
  testMode: boolean;
  totalAmountCents: number;
  refundId?: string | null;
  refundStatus?: string | null;
  /** Null on a refund recorded before the amount was kept: those were always of the full amount. */
  refundedAmountCents?: number | null;
}

export function paymentState(o: PaymentFacts): PaymentState {
  if (o.testMode) return { label: TEST_ORDER_LABEL, tone: 'test' };
  if (o.refundId) {
    if (o.refundStatus === 'PENDING') return { label: 'Refund pending', tone: 'waiting' };
    const refunded = o.refundedAmountCents ?? o.totalAmountCents;
    return refunded < o.totalAmountCents
      ? { label: 'Partly refunded', tone: 'refunded' }
      : { label: 'Refunded', tone: 'refunded' };
  }
  switch (o.paymentStatus) {
    case 'completed':
      return { label: 'Paid', tone: 'paid' };
    case 'pending':
      return { label: 'Pending', tone: 'waiting' };
    case 'failed':
      return { label: 'Failed', tone: 'failed' };
    default:
      return { label: 'Payment cancelled', tone: 'failed' };
  }
}
