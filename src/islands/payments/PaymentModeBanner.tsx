// Above every tab while the site takes no money: in test mode (orders are test orders, nobody pays)
// or with payments not set up (the checkout is closed). A site left so by mistake is seen at once.
import { usePaymentsInfo } from './PaymentsTab';

const BANNER = {
  test: {
    title: 'Test mode: no money is being taken.',
    text: 'Orders placed now are test orders, shown as such and left out of the sales figures. Set the PayPal keys to take payments.',
  },
  off: {
    title: 'Payments are not set up: no money is being taken.',
    text: 'The checkout tells buyers so and takes no orders. Set the PayPal keys to take payments.',
  },
} as const;

export function PaymentModeBanner() {
  const { data } = usePaymentsInfo();
  if (data?.mode !== 'test' && data?.mode !== 'off') return null;
  const banner = BANNER[data.mode];
  return (
    <div
      role="note"
      aria-label="Payment mode"
      className="mt-4 rounded-md border-2 border-dashed border-amber-500 bg-amber-50 p-4 text-amber-900"
    >
      <p className="font-semibold">{banner.title}</p>
      <p className="mt-1 text-sm">
        {banner.text} See the{' '}
        <a href="/admin?tab=payments" className="underline underline-offset-4">
          Payments
        </a>{' '}
        tab.
      </p>
    </div>
  );
}
