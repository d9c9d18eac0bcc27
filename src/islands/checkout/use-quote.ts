// The checkout's quote: asked of the server (POST /api/checkout/quote) whenever the cart, the
// country or the code changes, and only the answer to the latest question is kept. The server's
// figures are shown as they come; the browser never works out an amount to charge.
import { useEffect, useRef, useState } from 'react';
import type { QuoteAnswer } from '~/lib/checkout/quote-answer';
import type { QuoteRequest } from '~/lib/checkout/schemas';
import { HttpError, sendJson } from '~/lib/platform/client/api';

export type QuoteState =
  /** No country chosen yet (or nothing in the cart): nothing to ask. */
  | { status: 'waiting' }
  /** Asked; the previous answer, if any, is still shown meanwhile. */
  | { status: 'loading'; answer: QuoteAnswer | null }
  | { status: 'ready'; answer: QuoteAnswer }
  /** The server cannot quote this (a country not shipped to, a print no longer for sale): why. */
  | { status: 'refused'; message: string };

const FAILED = 'The total could not be worked out just now. Please try again in a moment.';

/**
 * The quote of `request` (null: nothing to ask). A refused code (a 422 on the code's field, or the
 * 429 of too many wrong codes) is handed to `onCodeRefused` with its sentence: the caller drops the
 * code, and the quote is asked again without it. A refused lab delivery speed (not offered, or not
 * to that country) is handed to `onLabSpeedRefused` the same way. `again` asks anew when it changes
 * (after a payment the server refused, say).
 */
export function useQuote(
  request: QuoteRequest | null,
  onCodeRefused: (message: string) => void,
  again = 0,
  onLabSpeedRefused: (message: string) => void = () => {},
): QuoteState {
  const [state, setState] = useState<QuoteState>({ status: 'waiting' });
  const latest = useRef(0);
  const refused = useRef(onCodeRefused);
  refused.current = onCodeRefused;
  const speedRefused = useRef(onLabSpeedRefused);
  speedRefused.current = onLabSpeedRefused;
  const key = request ? JSON.stringify(request) : '';

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the request; `again` asks anew.
  useEffect(() => {
    const asked = ++latest.current;
    if (!request) {
      setState({ status: 'waiting' });
      return;
    }
    setState((s) => ({
      status: 'loading',
      answer: s.status === 'ready' || s.status === 'loading' ? s.answer : null,
    }));
    sendJson<QuoteAnswer>('POST', '/api/checkout/quote', request)
      .then((answer) => {
        if (asked === latest.current) setState({ status: 'ready', answer });
      })
      .catch((err: unknown) => {
        if (asked !== latest.current) return;
        const http = err instanceof HttpError ? err : null;
        const message = http?.serverMessage || FAILED;
        if (http && request.discountCode && (http.status === 429 || http.body?.field === 'discountCode')) {
          refused.current(message);
          return;
        }
        if (http && request.labShippingMethod && http.body?.field === 'labShippingMethod') {
          speedRefused.current(message);
          return;
        }
        setState({ status: 'refused', message });
      });
  }, [key, again]);

  return state;
}
