// The payment of an accepted quote's deposit, or of its invoiced balance, under the quote on
// /quote/{token}: PayPal's buttons (the same component as the checkout's), or in test mode the same
// clearly marked test button; on a site without payments set up, the server's sentence and nothing
// to press. The browser sends no amount: the server works it out and asks PayPal for it. Once paid,
// the page is loaded again and says so.
import { useEffect, useState } from 'react';
import {
  type PaymentSetup,
  type PaymentsOff,
  PaypalButtons,
  TestModePayment,
} from '~/islands/payments/PaypalButtons';
import { getJson, HttpError, sendJson } from '~/lib/platform/client/api';
import { notify } from '~/lib/platform/client/toaster';
import { useHydrated } from '~/lib/platform/client/use-hydrated';

const failureOf = (kind: 'deposit' | 'balance') => ({
  title: 'Payment not completed',
  text: `The ${kind} could not be paid. Please try again, or contact the photographer.`,
});

const whyNot = (err: unknown, fallback: string) =>
  err instanceof HttpError && err.serverMessage ? err.serverMessage : fallback;

export default function DepositPayment(props: { token: string; kind?: 'deposit' | 'balance' }) {
  const kind = props.kind ?? 'deposit';
  const FAILURE = failureOf(kind);
  const why = (err: unknown) => whyNot(err, FAILURE.text);
  const hydrated = useHydrated();
  const [setup, setSetup] = useState<PaymentSetup | PaymentsOff | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const base = `/api/quotes/${encodeURIComponent(props.token)}/${kind}`;

  useEffect(() => {
    getJson<PaymentSetup | PaymentsOff>('/api/paypal/setup')
      .then((s) => s && setSetup(s))
      .catch((err) =>
        setProblem(whyNot(err, 'Payment options could not be loaded. Please reload the page.')),
      );
  }, []);

  const createOrder = async () => (await sendJson<{ id: string }>('POST', base, {})).id;
  const capture = async (orderId: string) => {
    await sendJson('POST', `${base}/${encodeURIComponent(orderId)}/capture`, {});
    window.location.reload();
  };
  const refused = (err: unknown) => {
    setProblem(why(err));
    notify('error', FAILURE.title, why(err));
  };
  const payInTestMode = async () => {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      await capture(await createOrder());
    } catch (err) {
      refused(err);
      setBusy(false);
    }
  };

  return (
    <div className="mt-4">
      {setup === null ? (
        <p className="text-sm text-ink-600">{problem ? '' : 'Loading payment options…'}</p>
      ) : setup.mode === 'off' ? (
        <p
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
          role="status"
        >
          {setup.message}
        </p>
      ) : setup.mode === 'test' ? (
        <TestModePayment disabled={busy || !hydrated} busy={busy} onPay={payInTestMode} />
      ) : (
        <PaypalButtons
          setup={setup}
          createOrder={createOrder}
          capture={capture}
          refused={refused}
          failure={FAILURE}
        />
      )}
      {problem && (
        <p role="alert" className="mt-3 text-red-800">
          {problem}
        </p>
      )}
    </div>
  );
}
