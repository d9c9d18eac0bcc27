// The payment of an accepted quote's deposit, or of its invoiced balance, under the quote on
// /quote/{token}: PayPal's buttons (the same component as the checkout's), or in test mode the same
// clearly marked test button; on a site without payments set up, the server's sentence and nothing
// to press. Beside them, when the site has Stripe keys, "Pay by card" (the checkout's CardPayment):
// the card route makes a PaymentIntent of the server's amount, and the client comes back to
// /quote/{token}?card={kind}, where the server asks Stripe and records the payment before the page
// says so. The browser sends no amount: the server works it out and asks the provider for it. Once
// paid, the page is loaded again and says so.
import { useEffect, useState } from 'react';
import { type CardIntent, CardPayment } from '~/islands/payments/CardPayment';
import {
  type PaymentSetup,
  type PaymentsOff,
  PaypalButtons,
  TestModePayment,
} from '~/islands/payments/PaypalButtons';
import { getJson, HttpError, sendJson } from '~/lib/platform/client/api';
import { notify } from '~/lib/platform/client/toaster';
import { useHydrated } from '~/lib/platform/client/use-hydrated';
import { centsToDecimal } from '~/lib/platform/shared/format';

const failureOf = (kind: 'deposit' | 'balance') => ({
  title: 'Payment not completed',
  text: `The ${kind} could not be paid. Please try again, or contact the photographer.`,
});

const whyNot = (err: unknown, fallback: string) =>
  err instanceof HttpError && err.serverMessage ? err.serverMessage : fallback;

export default function DepositPayment(props: {
  token: string;
  kind?: 'deposit' | 'balance';
  /** The server's amount to pay, shown on the card button (the server charges its own figure). */
  amountCents: number;
}) {
  const kind = props.kind ?? 'deposit';
  const FAILURE = failureOf(kind);
  const why = (err: unknown) => whyNot(err, FAILURE.text);
  const hydrated = useHydrated();
  const [setup, setSetup] = useState<PaymentSetup | PaymentsOff | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // With PayPal off, its sentence ("not set up") would be untrue beside a card form.
  const [cardsOffered, setCardsOffered] = useState(false);
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
  // Another card after a declined one pays the same PaymentIntent (Stripe lets it be confirmed
  // again): the amount is the server's for this quote either way, and no unpaid payment is left.
  const createCardIntent = async (declined: CardIntent | null) =>
    declined ?? sendJson<CardIntent>('POST', `${base}/card`, {});
  const cardReturn = `/quote/${encodeURIComponent(props.token)}?card=${kind}`;

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
        !cardsOffered && (
          <p
            className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
            role="status"
          >
            {setup.message}
          </p>
        )
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
      <CardPayment
        canPay={hydrated}
        total={centsToDecimal(props.amountCents)}
        createIntent={createCardIntent}
        returnPath={cardReturn}
        paid={(_order, back) => window.location.assign(back)}
        // CardPayment says the server's refusal under its button.
        refused={() => undefined}
        offered={setCardsOffered}
      />
      {problem && (
        <p role="alert" className="mt-3 text-red-800">
          {problem}
        </p>
      )}
    </div>
  );
}
