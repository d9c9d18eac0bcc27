// The Payments tab: which payment mode the site runs in, which PayPal settings are present (never
// their values), card payments through Stripe (StripeKeysCard), and how payments are kept safe.
import { useQuery } from '@tanstack/react-query';
import { read } from '~/lib/platform/client/query';
import { StripeKeysCard } from './StripeKeysCard';

export interface PaymentsInfo {
  mode: 'live' | 'sandbox' | 'test' | 'off';
  clientIdSet: boolean;
  secretSet: boolean;
  variables: string[];
}

const MODE: Record<PaymentsInfo['mode'], { title: string; text: string }> = {
  live: { title: 'PayPal, live', text: 'Buyers pay with PayPal and real money changes hands.' },
  sandbox: {
    title: 'PayPal sandbox',
    text: "Buyers go through PayPal's sandbox: no real money changes hands. Set PAYPAL_ENV=live to take payments.",
  },
  test: {
    title: 'Test mode: no real payment',
    text: 'No PayPal keys are set, so checkout shows a test-payment button and nobody is charged. Orders placed now are test orders: none is paid, and no sales figure counts them.',
  },
  off: {
    title: 'Not set up: checkout is closed',
    text: 'No PayPal keys are set on this https site, so buyers are told payments are not set up yet and cannot order. Set the PayPal keys to take payments, or PAYPAL_MODE=test to try the shop with test orders that take no money.',
  },
};

/** The payment set-up, read once for the Payments tab and the banner above every tab. */
export function usePaymentsInfo() {
  return useQuery({
    queryKey: ['/api/admin/payments'],
    queryFn: () => read<PaymentsInfo>('/api/admin/payments'),
  });
}

function Card(props: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-6">
      <h3 className="text-lg font-semibold">{props.title}</h3>
      <div className="mt-2 space-y-2 text-slate-700">{props.children}</div>
    </section>
  );
}

export function PaymentsTab() {
  const { data, isError } = usePaymentsInfo();
  if (isError) return <p role="alert">The payment settings could not be read. Please reload the page.</p>;
  if (!data) return <p aria-busy="true">Loading…</p>;
  const mode = MODE[data.mode];
  const present = { PAYPAL_CLIENT_ID: data.clientIdSet, PAYPAL_CLIENT_SECRET: data.secretSet } as Record<
    string,
    boolean
  >;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card title={`Payment mode: ${mode.title}`}>
        <p>{mode.text}</p>
      </Card>
      <Card title="PayPal keys">
        <p>Set these environment variables on the server, then restart the site:</p>
        <ul className="space-y-1">
          {data.variables.map((name) => (
            <li key={name} className="flex items-center justify-between gap-4">
              <code className="font-mono text-sm">{name}</code>
              <span className="text-sm">
                {name in present
                  ? present[name]
                    ? 'set (hidden)'
                    : 'not set'
                  : 'sandbox unless set to live'}
              </span>
            </li>
          ))}
        </ul>
      </Card>
      <StripeKeysCard />
      <Card title="Security">
        <p>
          Every price is decided on the server from your price list; the browser's figures are never charged.
        </p>
        <p>
          No card data touches this site: PayPal and Stripe handle it. An order is marked paid only when
          PayPal or Stripe confirms the full amount.
        </p>
      </Card>
    </div>
  );
}
