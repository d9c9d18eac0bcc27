// PayPal's buttons from the JS SDK, loaded with @paypal/paypal-js (EUR, intent capture), shared by
// the checkout and the deposit of a drone quote. The caller creates the order and captures it
// through its own endpoints; a capture answered 422 with the issue INSTRUMENT_DECLINED restarts the
// buttons so the buyer may choose another card or account. The SDK's loader is fetched only when the
// buttons are shown, never before the first paint.
import type { PayPalNamespace } from '@paypal/paypal-js';
import { useEffect, useRef, useState } from 'react';
import { HttpError } from '~/lib/platform/client/api';
import { notify } from '~/lib/platform/client/toaster';
import { CURRENCY } from '~/lib/site/constants';

/** GET /api/paypal/setup: the client token and which backend this site runs (live, sandbox or test). */
export interface PaymentSetup {
  clientToken: string;
  mode: 'live' | 'sandbox' | 'test';
  clientId?: string;
}
/** The setup of a site without payments set up: nothing can be paid. */
export interface PaymentsOff {
  mode: 'off';
  message: string;
}

/** PayPal's buttons from the JS SDK, loaded with @paypal/paypal-js (EUR, intent capture). */
export function PaypalButtons(props: {
  setup: PaymentSetup;
  createOrder: () => Promise<string>;
  capture: (orderId: string) => Promise<void>;
  refused: (err: unknown) => void;
  /** The toast shown when PayPal's buttons report an error of their own. */
  failure: { title: string; text: string };
}) {
  const host = useRef<HTMLDivElement>(null);
  const handlers = useRef(props);
  handlers.current = props;
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let buttons: { close?: () => Promise<void> } | undefined;
    // The SDK's loader is fetched only when PayPal's buttons are shown, never before the first paint.
    import('@paypal/paypal-js')
      .then(({ loadScript }) =>
        loadScript({ clientId: props.setup.clientId ?? '', currency: CURRENCY, intent: 'capture' }),
      )
      .then((paypal: PayPalNamespace | null) => {
        if (cancelled || !paypal?.Buttons || !host.current) return;
        const b = paypal.Buttons({
          createOrder: async () => {
            try {
              return await handlers.current.createOrder();
            } catch (err) {
              handlers.current.refused(err);
              throw err;
            }
          },
          onApprove: async (data, actions) => {
            try {
              await handlers.current.capture(data.orderID);
            } catch (err) {
              // INSTRUMENT_DECLINED: restart() lets the buyer choose another funding source.
              if (
                err instanceof HttpError &&
                err.status === 422 &&
                err.body?.issue === 'INSTRUMENT_DECLINED'
              ) {
                return actions.restart();
              }
              handlers.current.refused(err);
            }
          },
          onCancel: (data) => {
            console.info('PayPal payment cancelled', data);
          },
          onError: (err) => {
            console.error('PayPal error', err);
            notify('error', handlers.current.failure.title, handlers.current.failure.text);
          },
        });
        buttons = b;
        void b.render(host.current);
      })
      .catch((err) => {
        console.error('The PayPal SDK did not load', err);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      void buttons?.close?.();
    };
  }, [props.setup.clientId]);

  return (
    <div>
      <div ref={host} data-testid="paypal-buttons" />
      {failed && (
        <p role="alert" className="text-sm text-red-700">
          PayPal could not be loaded. Please check your connection and reload the page.
        </p>
      )}
    </div>
  );
}

/**
 * What stands in for PayPal's buttons on a site in test mode: a clearly marked button that pays
 * against the in-process fake, so no money is taken. Kept in this file so that a page showing
 * either loads one chunk.
 */
export function TestModePayment(props: { disabled: boolean; busy: boolean; onPay: () => void }) {
  return (
    <div className="rounded-md border-2 border-dashed border-amber-500 p-4">
      <p className="text-sm font-semibold text-amber-900">Test mode: no PayPal account is configured.</p>
      <button
        type="button"
        className="btn btn-primary mt-3 w-full"
        disabled={props.disabled}
        onClick={props.onPay}
      >
        {props.busy ? 'Processing…' : 'Test mode: no real payment'}
      </button>
    </div>
  );
}
