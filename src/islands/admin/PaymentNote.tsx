// An order's payment in a word or two, under its status: paid, not paid, payment failed or
// cancelled; a test order says so whatever the PayPal double answered, since no money was taken.
import { TEST_ORDER_LABEL } from '~/lib/shared/test-order';

export function paymentWords(status: string, testMode: boolean): string {
  if (testMode) return TEST_ORDER_LABEL;
  return status === 'completed' ? 'paid' : status === 'pending' ? 'not paid' : `payment ${status}`;
}

export function PaymentNote({ status, testMode }: { status: string; testMode: boolean }) {
  const unpaid = testMode || status !== 'completed';
  return (
    <span className={`block text-xs ${unpaid ? 'text-amber-900' : 'text-slate-600'}`}>
      {paymentWords(status, testMode)}
    </span>
  );
}
