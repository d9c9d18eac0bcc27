// An order's two states, each in words with its own colour: the payment (Paid, Refunded, Partly
// refunded, Failed, Pending, Test order; lib/orders/payment-state.ts) and the fulfilment status
// (pending, processing, shipped, delivered, cancelled). With `named`, each badge says which it is
// ("Payment: Paid", "Fulfilment: pending"), for places without a column heading.
import type { PaymentState, PaymentTone } from '~/lib/orders/payment-state';

const STATUS_TONES: Record<string, string> = {
  pending: 'bg-yellow-100 text-yellow-900',
  processing: 'bg-blue-100 text-blue-900',
  shipped: 'bg-green-100 text-green-900',
  delivered: 'bg-emerald-100 text-emerald-900',
  cancelled: 'bg-red-100 text-red-900',
};

const PAYMENT_TONES: Record<PaymentTone, string> = {
  paid: 'bg-emerald-100 text-emerald-900',
  refunded: 'bg-violet-100 text-violet-900',
  waiting: 'bg-amber-100 text-amber-900',
  failed: 'bg-red-100 text-red-900',
  test: 'bg-amber-50 text-amber-900 ring-1 ring-amber-300',
};

const badge = 'inline-block rounded-full px-2.5 py-0.5 text-xs font-medium';

export function StatusBadge({ status, named = false }: { status: string; named?: boolean }) {
  return (
    <span className={`${badge} ${STATUS_TONES[status] ?? 'bg-gray-100 text-gray-900'}`}>
      {named ? `Fulfilment: ${status}` : status}
    </span>
  );
}

export function PaymentBadge({ payment, named = false }: { payment: PaymentState; named?: boolean }) {
  return (
    <span className={`${badge} ${PAYMENT_TONES[payment.tone]}`}>
      {named ? `Payment: ${payment.label}` : payment.label}
    </span>
  );
}

/** Both badges side by side, each named: the phone cards and the dashboard. */
export function OrderStates({ status, payment }: { status: string; payment: PaymentState }) {
  return (
    <span className="flex flex-wrap gap-1.5">
      <PaymentBadge payment={payment} named />
      <StatusBadge status={status} named />
    </span>
  );
}
