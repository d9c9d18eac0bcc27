// Paying by card through Stripe, beside PayPal's buttons (at the checkout, and for a drone job's
// deposit and balance): a "Pay by card" choice that appears only when the site has Stripe keys
// (GET /api/stripe/setup). Stripe.js and its Payment Element (card
// fields, and Apple Pay or Google Pay where the browser offers them) load only once the buyer
// chooses it: @stripe/stripe-js is a dynamic import, so the checkout's first load does not grow.
// The element shows the server's total; the amount charged is the PaymentIntent the server makes
// from its own figures when the buyer presses Pay (createIntent), never a figure from this page.
// After paying, the buyer goes to `returnPath` (Stripe sends them there after a bank's check), where
// the server asks Stripe about the payment and settles it before saying it is paid.
// Stripe's refusals (a declined card, a wrong code) are shown in its words under the fields. After a
// declined card the next press pays the same PaymentIntent (Stripe lets an intent be confirmed again
// with another card), so a second try makes no second order.
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { useEffect, useRef, useState } from 'react';
import { getJson, HttpError } from '~/lib/platform/client/api';
import { formatEuro } from '~/lib/platform/shared/format';
import { decimalToCents } from '~/lib/shop/pricing';

/** GET /api/stripe/setup. */
type CardSetup = { mode: 'off' } | { mode: 'test' | 'live'; publishableKey: string };

/** What the route that makes the PaymentIntent answers (a print order's id at the checkout). */
export interface CardIntent {
  clientSecret: string;
  orderId?: string;
}

const LOAD_FAILED = 'The card form could not be loaded. Please check your connection, or pay with PayPal.';
const PAY_FAILED = 'The card payment did not go through. Please try again, or pay with PayPal.';
/** Said when the intent was cancelled at Stripe: the server ends card payments left unmade for 30 minutes. */
const EXPIRED =
  'This card payment was started more than 30 minutes ago and has expired: nothing was charged. Please press Pay again.';

/** The address Stripe sends the buyer back to; the server settles the order there first. */
export const cardReturnPath = (orderId: string) =>
  `/api/stripe/return?orderId=${encodeURIComponent(orderId)}`;

export function CardPayment(props: {
  /** The form is valid and the server's quote is in. */
  canPay: boolean;
  /** The server's total as it quoted it ("12.50"), shown on the button and in wallets' sheets. */
  total: string | null;
  /**
   * Makes the PaymentIntent to confirm. `declined` is the intent of the last try when the bank
   * declined its card (still open for another card), null otherwise; answering it again pays the
   * same order.
   */
  createIntent: (declined: CardIntent | null) => Promise<CardIntent>;
  /** Where the payer comes back to; by default the print order's return (cardReturnPath). */
  returnPath?: string;
  /** After Stripe confirmed the payment without leaving the page: the order's id, and the return path. */
  paid: (orderId: string, returnPath: string) => void;
  /** A payment the server refused before Stripe was asked (the quote is asked again). */
  refused: (err: unknown) => void;
  /** Told once whether cards are offered (the site has Stripe keys). */
  offered?: (on: boolean) => void;
}) {
  const [setup, setSetup] = useState<CardSetup | null>(null);
  const [chosen, setChosen] = useState(false);
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const host = useRef<HTMLDivElement>(null);
  const declined = useRef<CardIntent | null>(null);
  const stripe = useRef<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const cents = props.total ? decimalToCents(props.total) : null;
  // The amount when the element is made; later changes reach it through elements.update below.
  const centsNow = useRef(cents);
  centsNow.current = cents;

  const offered = useRef(props.offered);
  useEffect(() => {
    const settle = (s: CardSetup) => {
      setSetup(s);
      offered.current?.(s.mode !== 'off');
    };
    getJson<CardSetup>('/api/stripe/setup')
      .then((s) => s && settle(s))
      // Without an answer about cards, nothing about them is shown.
      .catch(() => settle({ mode: 'off' }));
  }, []);

  const publishableKey = setup && setup.mode !== 'off' ? setup.publishableKey : null;
  useEffect(() => {
    if (!chosen || !publishableKey) return;
    let cancelled = false;
    import('@stripe/stripe-js')
      .then(({ loadStripe }) => loadStripe(publishableKey))
      .then((loaded) => {
        if (cancelled || !loaded || !host.current) return;
        const elements = loaded.elements({
          mode: 'payment',
          amount: centsNow.current ?? 0,
          currency: 'eur',
          allowedPaymentMethodTypes: ['card'],
          appearance: { theme: 'stripe' },
        });
        const element = elements.create('payment', { layout: 'tabs' });
        element.on('ready', () => setReady(true));
        element.mount(host.current);
        stripe.current = { stripe: loaded, elements };
      })
      .catch(() => !cancelled && setProblem(LOAD_FAILED));
    return () => {
      cancelled = true;
    };
    // The element is made once; the amount follows the quote below.
  }, [chosen, publishableKey]);

  useEffect(() => {
    if (cents && cents > 0) stripe.current?.elements.update({ amount: cents });
  }, [cents]);

  if (!setup || setup.mode === 'off') return null;

  const pay = async () => {
    const s = stripe.current;
    if (!s || busy || !props.canPay) return;
    setBusy(true);
    setProblem(null);
    try {
      const checked = await s.elements.submit();
      if (checked.error) return setProblem(checked.error.message ?? PAY_FAILED);
      let intent: CardIntent;
      try {
        intent = await props.createIntent(declined.current);
      } catch (err) {
        props.refused(err);
        return setProblem(err instanceof HttpError && err.serverMessage ? err.serverMessage : PAY_FAILED);
      }
      const back = props.returnPath ?? cardReturnPath(intent.orderId ?? '');
      const result = await s.stripe.confirmPayment({
        elements: s.elements,
        clientSecret: intent.clientSecret,
        confirmParams: { return_url: new URL(back, window.location.href).href },
        redirect: 'if_required',
      });
      if (result.error) {
        declined.current = result.error.type === 'card_error' ? intent : null;
        return setProblem(
          result.error.payment_intent?.status === 'canceled' ? EXPIRED : (result.error.message ?? PAY_FAILED),
        );
      }
      props.paid(intent.orderId ?? '', back);
    } catch {
      setProblem(PAY_FAILED);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mt-4 border-t border-mist-200 pt-4">
      {!chosen ? (
        <button type="button" className="btn btn-secondary w-full" onClick={() => setChosen(true)}>
          Pay by card
        </button>
      ) : (
        <div>
          <h3 className="text-base font-semibold text-ink-950">Card</h3>
          {setup.mode === 'test' && (
            <p className="mt-1 text-sm font-semibold text-amber-900">
              Test card payments: Stripe’s test keys are set, and no money is taken.
            </p>
          )}
          <div ref={host} className="mt-3" data-testid="card-element" />
          {!ready && !problem && <p className="mt-2 text-sm text-ink-600">Loading the card form…</p>}
          <button
            type="button"
            className="btn btn-primary mt-4 w-full"
            disabled={!ready || busy || !props.canPay}
            onClick={pay}
          >
            {busy ? 'Processing…' : cents ? `Pay ${formatEuro(cents)} by card` : 'Pay by card'}
          </button>
        </div>
      )}
      {problem && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
