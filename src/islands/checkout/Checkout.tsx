// The checkout: the cart with its items, the customer form validated on change
// with the owner's rules and messages (the country chosen from a list), the order summary with the
// server's quote for that country and any discount code (OrderSummary, use-quote.ts), and the
// payment control, dimmed and unclickable with the amber notice until the form is valid and the
// quote is in; a country not shipped to is said there, and no payment is offered. In test mode the control is a clearly
// marked test-payment button; with PayPal credentials it is PayPal's buttons from the JS SDK; on a
// site without payments set up, the server's sentence saying so, and no control at all.
// The browser sends only its lines, the country, a code and the customer; the server decides every
// price, and the browser shows the server's figures without working out a charged amount.
//
// The one island that hydrates while its page loads (client:painted, once the first paint is on
// screen): the server renders the form and the space the cart will take, so a buyer can start
// typing before React arrives. Its rules are checked in plain code (lib/checkout/customer.ts), not
// with zod, which stays out of the browser.
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type CardIntent, CardPayment, cardReturnPath } from '~/islands/payments/CardPayment';
import {
  type PaymentSetup,
  type PaymentsOff,
  PaypalButtons,
  TestModePayment,
} from '~/islands/payments/PaypalButtons';
import { type CustomerField, customerErrors } from '~/lib/checkout/customer';
import type { QuoteRequest } from '~/lib/checkout/schemas';
import { getJson, HttpError, sendJson } from '~/lib/platform/client/api';
import { notify } from '~/lib/platform/client/toaster';
import { useHydrated } from '~/lib/platform/client/use-hydrated';
import { formatEuro } from '~/lib/platform/shared/format';
import { countriesFromText } from '~/lib/selling/country-list';
import { type CartLine, lineKey, orderLines, totals } from '~/lib/shop/cart';
import { $cart, clearCart, removeFromCart, setQuantity } from '~/lib/shop/cart-store';
import { framingWords, sizeWords } from '~/lib/shop/print-words';
import { CURRENCY, FINISH_LABELS } from '~/lib/site/constants';
import { OrderSummary } from './OrderSummary';
import { useQuote } from './use-quote';

/** A print lab delivery speed, as the quote takes it. */
type LabSpeed = NonNullable<QuoteRequest['labShippingMethod']>;

interface CaptureResult {
  status: string;
  order?: { id: string };
}

const EMPTY_CUSTOMER: Record<CustomerField, string> = {
  name: '',
  email: '',
  phone: '',
  street: '',
  city: '',
  postalCode: '',
  country: '',
};

/** Where a quote is refused (a country not shipped to, say): the summary above says why. */
const NO_PAYMENT = 'Payment is not available for this order: the order summary says why.';

const FAILURE_TITLE = 'Order Creation Failed';
const FAILURE_TEXT = 'There was an error creating your order. Please try again.';

function messageOf(err: unknown): string {
  if (err instanceof HttpError) return err.serverMessage || FAILURE_TEXT;
  return err instanceof Error && err.message ? err.message : FAILURE_TEXT;
}

/** The order id of a capture answer saying PayPal holds the payment for review (status PENDING). */
function pendingOrderId(err: HttpError): string | null {
  return err.body?.status === 'PENDING' && err.body.orderId ? err.body.orderId : null;
}

/**
 * What the buyer typed (or the browser autofilled) into the server-rendered form before the island
 * hydrated, by field. React's hydration leaves an input's value as it finds it, but the next render
 * would write the state's empty values over it: the state takes these first.
 */
function typedBeforeHydration(form: HTMLFormElement | null): Partial<Record<CustomerField, string>> {
  const typed: Partial<Record<CustomerField, string>> = {};
  for (const name of Object.keys(EMPTY_CUSTOMER) as CustomerField[]) {
    const input = form?.elements.namedItem(name);
    const field = input instanceof HTMLInputElement || input instanceof HTMLSelectElement ? input : null;
    if (field && field.value !== '') typed[name] = field.value;
  }
  return typed;
}

/** `countries`: the country choices as text (lib/selling/country-list.ts says why). */
export default function Checkout(props: { countries: string }) {
  const countries = useMemo(() => countriesFromText(props.countries), [props.countries]);
  const stored = useStore($cart) as CartLine[];
  // The server renders the frame (the form, and the space the cart's lines will take: an inline
  // script in the page sets --cart-lines before the first paint); the lines fill it once hydrated.
  const hydrated = useHydrated();
  const cart = hydrated ? stored : [];
  const { itemCount } = totals(cart);
  const [setup, setSetup] = useState<PaymentSetup | PaymentsOff | null>(null);
  const [busy, setBusy] = useState(false);
  // The form is validated on every change with the shared rules; a field shows its message once
  // the buyer has changed it, and the payment control waits until every field is valid.
  const [values, setValues] = useState<Record<CustomerField, string>>(EMPTY_CUSTOMER);
  const [changed, setChanged] = useState<ReadonlySet<CustomerField>>(() => new Set());
  const allErrors = useMemo(() => customerErrors(values), [values]);
  const isValid = Object.keys(allErrors).length === 0;
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const typed = typedBeforeHydration(form.current);
    const names = Object.keys(typed) as CustomerField[];
    if (names.length === 0) return;
    setValues((v) => ({ ...v, ...typed }));
    setChanged((c) => new Set([...c, ...names]));
  }, []);
  const field = (name: CustomerField) => ({
    name,
    value: values[name],
    error: changed.has(name) ? allErrors[name] : undefined,
    onChange: (value: string) => {
      setValues((v) => ({ ...v, [name]: value }));
      setChanged((c) => (c.has(name) ? c : new Set(c).add(name)));
    },
  });

  // The quote of the cart for the chosen country and code, asked again whenever one changes. A code
  // the server refuses is dropped with its sentence, and the quote asked again without it.
  const [code, setCode] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [again, setAgain] = useState(0);
  // The print lab's delivery speed the buyer chose (null: the one the shop offers first).
  const [labSpeed, setLabSpeed] = useState<LabSpeed | null>(null);
  const [labSpeedError, setLabSpeedError] = useState<string | null>(null);
  const request: QuoteRequest | null =
    hydrated && cart.length > 0 && values.country
      ? {
          lines: orderLines(cart),
          country: values.country,
          ...(code ? { discountCode: code } : {}),
          ...(labSpeed ? { labShippingMethod: labSpeed } : {}),
        }
      : null;
  const quote = useQuote(
    request,
    (message) => {
      setCodeError(message);
      setCode(null);
    },
    again,
    (message) => {
      setLabSpeedError(message);
      setLabSpeed(null);
    },
  );
  const canPay = isValid && quote.status === 'ready';

  // An empty cart without the success flag goes to the shop.
  const redirecting = useRef(false);
  useEffect(() => {
    if (stored.length === 0 && !redirecting.current) {
      redirecting.current = true;
      window.location.replace('/shop');
    }
  }, [stored.length]);

  useEffect(() => {
    getJson<PaymentSetup>('/api/paypal/setup')
      .then((s) => s && setSetup(s))
      .catch((err) => notify('error', FAILURE_TITLE, messageOf(err)));
  }, []);

  // Callbacks for the PayPal buttons, which are rendered once: they read the latest cart and form.
  const latest = useRef({ cart, values, code, labSpeed });
  latest.current = { cart, values, code, labSpeed };

  const createOrder = async (): Promise<string> => {
    const { cart, values, code, labSpeed } = latest.current;
    const { id } = await sendJson<{ id: string }>('POST', '/api/paypal/order', {
      lines: orderLines(cart),
      country: values.country,
      ...(code ? { discountCode: code } : {}),
      ...(labSpeed ? { labShippingMethod: labSpeed } : {}),
      currency: CURRENCY,
      intent: 'CAPTURE',
    });
    return id;
  };
  // A payment the server refused (the country changed, the code was used up meanwhile): the quote
  // is asked again, so the summary shows what a new attempt would cost.
  const refused = (err: unknown) => {
    notify('error', FAILURE_TITLE, messageOf(err));
    setAgain((n) => n + 1);
  };
  const finish = (flag: 'success' | 'pending', id: string) => {
    redirecting.current = true;
    clearCart();
    window.location.assign(`/checkout?${flag}=true&orderId=${encodeURIComponent(id)}`);
  };
  const capture = async (orderId: string): Promise<void> => {
    let result: CaptureResult;
    try {
      result = await sendJson<CaptureResult>(
        'POST',
        `/api/paypal/order/${encodeURIComponent(orderId)}/capture`,
        {
          customerData: latest.current.values,
          cartItems: orderLines(latest.current.cart),
        },
      );
    } catch (err) {
      // PayPal is reviewing the payment: the order is kept and settled by the server later, so the
      // buyer must not pay again. The cart is cleared and the pending page gives the order id.
      const pendingId = err instanceof HttpError && err.status === 422 ? pendingOrderId(err) : null;
      if (pendingId) return finish('pending', pendingId);
      throw err;
    }
    if (result?.status === 'COMPLETED' && result.order?.id) return finish('success', result.order.id);
    throw new Error('Payment was not completed successfully');
  };

  // A card payment through Stripe: the server makes the order and its PaymentIntent from its quote.
  // The card payment made for what the buyer last asked to pay, and that request.
  const cardTry = useRef<{ request: string; intent: CardIntent } | null>(null);
  const createCardIntent = async (declined: CardIntent | null) => {
    const { cart, values, code, labSpeed } = latest.current;
    const body = {
      lines: orderLines(cart),
      country: values.country,
      ...(code ? { discountCode: code } : {}),
      ...(labSpeed ? { labShippingMethod: labSpeed } : {}),
      customerData: values,
    };
    const request = JSON.stringify(body);
    // Another card after a declined one, for the same cart and details: the same order, so the
    // retry holds no second use of a discount code or copy of an edition.
    if (declined && cardTry.current?.intent === declined && cardTry.current.request === request)
      return declined;
    const intent = await sendJson<CardIntent>('POST', '/api/stripe/payment-intent', body);
    cardTry.current = { request, intent };
    return intent;
  };
  const cardPaid = (id: string) => {
    redirecting.current = true;
    clearCart();
    // The server asks Stripe about the payment there, then shows the order's outcome.
    window.location.assign(cardReturnPath(id));
  };

  const payInTestMode = async () => {
    if (!canPay || busy) return;
    setBusy(true);
    try {
      await capture(await createOrder());
    } catch (err) {
      refused(err);
      setBusy(false);
    }
  };

  if (hydrated && cart.length === 0) {
    return (
      <div className="py-16 text-center">
        <p className="text-2xl text-ink-950">Your cart is empty</p>
        <a href="/shop" className="btn btn-primary mt-6">
          Back to Shop
        </a>
      </div>
    );
  }

  return (
    // Columns of minmax(0, 1fr): no wider than the screen, whatever the width of a line in them.
    <div className="grid grid-cols-1 gap-10 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <div className="space-y-10">
        <section aria-labelledby="customer-title">
          <h2 id="customer-title" className="text-2xl text-ink-950">
            Customer information
          </h2>
          <form
            ref={form}
            className="mt-4 grid gap-4 sm:grid-cols-2"
            noValidate
            onSubmit={(e) => e.preventDefault()}
          >
            <Field label="Full Name" {...field('name')} autoComplete="name" wide />
            <Field label="Email" type="email" {...field('email')} autoComplete="email" />
            <Field label="Phone" type="tel" {...field('phone')} autoComplete="tel" />
            <Field label="Street Address" {...field('street')} autoComplete="street-address" wide />
            <Field label="City" {...field('city')} autoComplete="address-level2" />
            <Field label="Postal Code" {...field('postalCode')} autoComplete="postal-code" />
            <Field label="Country" {...field('country')} autoComplete="country" options={countries} />
          </form>
        </section>

        <section aria-labelledby="cart-title">
          <h2 id="cart-title" className="text-2xl text-ink-950">
            Your cart
          </h2>
          <ul
            className="mt-4 divide-y divide-mist-200 border-y border-mist-200"
            style={hydrated ? undefined : { minHeight: 'calc(var(--cart-lines, 1) * 6rem)' }}
          >
            {cart.map((line) => (
              <li key={lineKey(line)} className="flex flex-wrap items-center gap-4 py-4">
                {line.imageUrl && (
                  <img
                    src={String(line.imageUrl)}
                    alt=""
                    className="h-16 w-20 rounded-sm bg-mist-100 object-contain"
                  />
                )}
                <div className="min-w-40 flex-1">
                  <p className="font-medium text-ink-950">{line.title}</p>
                  <p className="text-sm text-ink-600">
                    {sizeWords(line.size)}, {FINISH_LABELS[line.finish].toLowerCase()},{' '}
                    {framingWords(line.framing !== null).toLowerCase()}
                  </p>
                  <p className="text-sm text-ink-600 tabular-nums">{formatEuro(line.unitCents)} each</p>
                </div>
                <div className="flex items-center rounded-md border border-mist-300">
                  <button
                    type="button"
                    className="h-11 w-11"
                    aria-label={`Decrease quantity of ${line.title}`}
                    onClick={() => setQuantity(line, line.quantity - 1)}
                  >
                    −
                  </button>
                  <span className="w-8 text-center tabular-nums">{line.quantity}</span>
                  <button
                    type="button"
                    className="h-11 w-11"
                    aria-label={`Increase quantity of ${line.title}`}
                    onClick={() => setQuantity(line, line.quantity + 1)}
                  >
                    +
                  </button>
                </div>
                <p className="w-24 text-right font-medium tabular-nums">
                  {formatEuro(line.unitCents * line.quantity)}
                </p>
                <button
                  type="button"
                  className="text-link min-h-11 text-sm"
                  onClick={() => removeFromCart(line)}
                  aria-label={`Remove ${line.title} from the cart`}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        </section>
      </div>

      <aside className="space-y-6 lg:sticky lg:top-24 lg:self-start">
        <OrderSummary
          hydrated={hydrated}
          cart={cart}
          itemCount={itemCount}
          quote={quote}
          code={{
            applied: quote.status === 'ready' ? quote.answer.discountCode : null,
            error: codeError,
            apply: (typed) => {
              setCodeError(null);
              setCode(typed);
            },
            remove: () => {
              setCodeError(null);
              setCode(null);
            },
          }}
          labSpeed={{
            chosen: labSpeed,
            error: labSpeedError,
            choose: (method) => {
              setLabSpeedError(null);
              setLabSpeed(method as LabSpeed);
            },
          }}
        />

        <section
          id="payment"
          aria-labelledby="payment-title"
          className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-mist-200"
        >
          <h2 id="payment-title" className="text-xl text-ink-950">
            Payment
          </h2>
          {setup?.mode === 'off' || (isValid && quote.status === 'refused') ? (
            <p
              className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
              role="status"
            >
              {setup?.mode === 'off' ? setup.message : NO_PAYMENT}
            </p>
          ) : (
            <>
              {!isValid && (
                <p
                  className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
                  role="status"
                >
                  Please complete all required customer information fields above before proceeding with
                  payment.
                </p>
              )}
              <div
                className={`mt-4 transition-opacity ${canPay ? '' : 'pointer-events-none opacity-50'}`}
                aria-disabled={!canPay}
                inert={!canPay}
                data-testid="payment-control"
              >
                {setup === null ? (
                  <p className="text-sm text-ink-600">Loading payment options…</p>
                ) : setup.mode === 'test' ? (
                  <TestModePayment disabled={!canPay || busy} busy={busy} onPay={payInTestMode} />
                ) : (
                  <PaypalButtons
                    setup={setup}
                    createOrder={createOrder}
                    capture={capture}
                    refused={refused}
                    failure={{ title: FAILURE_TITLE, text: FAILURE_TEXT }}
                  />
                )}
                <CardPayment
                  canPay={canPay}
                  total={quote.status === 'ready' ? quote.answer.total : null}
                  createIntent={createCardIntent}
                  paid={cardPaid}
                  refused={refused}
                />
              </div>
            </>
          )}
        </section>
      </aside>
    </div>
  );
}

function Field(props: {
  label: string;
  name: CustomerField;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  type?: string;
  autoComplete?: string;
  wide?: boolean;
  /** A list to choose from ([value, label]) instead of text. */
  options?: readonly (readonly [string, string])[];
}) {
  const id = `checkout-${props.name}`;
  // The same elements on every render: a key typed in another field does not walk 250 countries.
  const options = useMemo(
    () =>
      props.options?.map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      )),
    [props.options],
  );
  const shared = {
    id,
    name: props.name,
    autoComplete: props.autoComplete,
    'aria-invalid': props.error ? true : undefined,
    'aria-describedby': props.error ? `${id}-error` : undefined,
    required: true,
    className:
      'mt-1 min-h-11 w-full rounded-md border border-mist-300 bg-white px-3 text-ink-900 aria-invalid:border-red-700',
    value: props.value,
  } as const;
  return (
    <div className={props.wide ? 'sm:col-span-2' : ''}>
      <label htmlFor={id} className="block text-sm font-semibold text-ink-800">
        {props.label}
      </label>
      {props.options ? (
        <select {...shared} onChange={(e) => props.onChange(e.currentTarget.value)}>
          <option value="">Choose a country</option>
          {options}
        </select>
      ) : (
        <input
          {...shared}
          type={props.type ?? 'text'}
          onChange={(e) => props.onChange(e.currentTarget.value)}
        />
      )}
      {props.error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {props.error}
        </p>
      )}
    </div>
  );
}
