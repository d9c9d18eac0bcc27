// The checkout's order summary: the server's quote as it comes (the prints, shipping with its zone's
// name, the discount, the total and the VAT inside it), and the discount code field. Before the
// buyer has chosen a country there is no total: shipping depends on it. Every row is rendered in
// the server's HTML too, at the same height, so nothing moves when the quote arrives.
// Prints made by the print lab are marked on their line, and their delivery is its own row beside
// the owner's shipping, so the buyer sees who sends what and what each costs.
import { useState } from 'react';
import type { QuoteAnswer } from '~/lib/checkout/quote-answer';
import { formatEuro, formatEuroDecimal } from '~/lib/platform/shared/format';
import { type CartLine, lineKey } from '~/lib/shop/cart';
import { LabSpeedChoice } from './LabSpeedChoice';
import type { QuoteState } from './use-quote';

const NBSP = '\u00a0';

/** "Standard delivery, from the Netherlands": the lab's method and where it makes the prints. */
export function labDeliveryWords(part: { method: string; madeInWords: string[] }): string {
  const places = part.madeInWords;
  return places.length ? `${part.method} delivery, from ${places.join(' and ')}` : `${part.method} delivery`;
}

/** "Includes VAT: €9.91 at 23%, €13.08 at 13.5%". */
export const vatSentence = (vat: QuoteAnswer['vat']) =>
  `Includes VAT: ${vat.map((v) => `${formatEuroDecimal(v.amount)} at ${v.rate}%`).join(', ')}`;

function Row(props: { label: string; value: string; testId?: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-3 ${props.strong ? 'text-lg font-semibold' : 'text-sm'}`}>
      <dt>{props.label}</dt>
      <dd className="tabular-nums" data-testid={props.testId}>
        {props.value}
      </dd>
    </div>
  );
}

export function OrderSummary(props: {
  hydrated: boolean;
  cart: readonly CartLine[];
  itemCount: number;
  quote: QuoteState;
  code: CodeFieldProps;
  labSpeed: { chosen: string | null; error: string | null; choose: (method: string) => void };
}) {
  const { hydrated, cart, itemCount, quote } = props;
  const answer = quote.status === 'ready' || quote.status === 'loading' ? quote.answer : null;
  const shown = (value: string | undefined, otherwise = '—') =>
    !hydrated ? NBSP : value !== undefined ? formatEuroDecimal(value) : otherwise;
  const count = hydrated ? `${itemCount} ${itemCount === 1 ? 'item' : 'items'}, ` : '';
  return (
    <section
      aria-labelledby="summary-title"
      aria-busy={quote.status === 'loading'}
      className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-mist-200"
    >
      <h2 id="summary-title" className="text-xl text-ink-950">
        Order summary
      </h2>
      <ul
        className="mt-4 space-y-2 text-sm"
        style={hydrated ? undefined : { minHeight: 'calc(var(--cart-lines, 1) * 1.75rem - 0.5rem)' }}
      >
        {answer && answer.lines.length === cart.length
          ? answer.lines.map((line) => (
              <li
                key={`${line.variantId}|${line.framing ?? 'none'}`}
                className={`flex justify-between gap-3 ${line.madeBy === 'lab' ? '' : 'h-5'}`}
              >
                <span className="min-w-0">
                  <span className="block truncate">
                    {line.quantity} × {line.description}
                  </span>
                  {line.madeBy === 'lab' && (
                    <span className="block text-xs text-ink-600">Made and sent by our print lab</span>
                  )}
                </span>
                <span className="tabular-nums">{formatEuroDecimal(line.total)}</span>
              </li>
            ))
          : cart.map((line) => (
              <li key={lineKey(line)} className="flex h-5 justify-between gap-3">
                <span className="truncate">
                  {line.quantity} × {line.title}
                </span>
                <span className="tabular-nums">{formatEuro(line.unitCents * line.quantity)}</span>
              </li>
            ))}
      </ul>
      <CodeField {...props.code} disabled={!hydrated} />
      {answer?.shippingParts.map((part) =>
        part.by === 'lab' ? (
          <LabSpeedChoice
            key="lab-speed"
            part={part}
            chosen={props.labSpeed.chosen}
            error={props.labSpeed.error}
            choose={props.labSpeed.choose}
          />
        ) : null,
      )}
      <dl
        className={`mt-4 space-y-1 border-t border-mist-200 pt-4 ${quote.status === 'loading' ? 'opacity-60' : ''}`}
      >
        <Row label="Items" value={shown(answer?.itemTotal)} />
        {answer?.shippingParts.some((p) => p.by === 'lab') ? (
          answer.shippingParts.map((part) =>
            part.by === 'owner' ? (
              <Row
                key="owner"
                label={`Shipping of our own prints to ${answer.zone.name}`}
                value={shown(part.amount)}
                testId="order-shipping-owner"
              />
            ) : (
              <Row
                key="lab"
                label={`Print lab's delivery (${labDeliveryWords(part)})`}
                value={shown(part.amount)}
                testId="order-shipping-lab"
              />
            ),
          )
        ) : (
          <Row
            label={answer ? `Shipping to ${answer.zone.name}` : 'Shipping'}
            value={shown(answer?.shipping, hydrated ? 'Choose your country' : NBSP)}
            testId="order-shipping"
          />
        )}
        {answer && answer.discount !== '0.00' && (
          <Row
            label={`Discount (${answer.discountCode ?? ''})`}
            value={`−${formatEuroDecimal(answer.discount)}`}
            testId="order-discount"
          />
        )}
        <div className="mt-3 flex justify-between gap-3 border-t border-mist-200 pt-3 text-lg font-semibold">
          <dt>
            Total <span className="text-sm font-normal text-ink-600">({count}incl. VAT)</span>
          </dt>
          <dd className="tabular-nums" data-testid="order-total">
            {shown(answer?.total)}
          </dd>
        </div>
      </dl>
      <p className="mt-1 min-h-10 text-sm text-ink-600" data-testid="order-vat">
        {answer && answer.vat.length > 0 ? vatSentence(answer.vat) : NBSP}
      </p>
      {quote.status === 'refused' && (
        <p
          role="alert"
          className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          {quote.message}
        </p>
      )}
    </section>
  );
}

export interface CodeFieldProps {
  /** The code applied, or null. */
  applied: string | null;
  /** Why the last code tried was refused. */
  error: string | null;
  apply: (code: string) => void;
  remove: () => void;
}

/** The discount code: typed and applied with the button (or Enter); once applied, a way to remove it. */
function CodeField(props: CodeFieldProps & { disabled: boolean }) {
  const [typed, setTyped] = useState('');
  const apply = () => {
    if (typed.trim()) props.apply(typed.trim());
  };
  return (
    <div className="mt-4 border-t border-mist-200 pt-4">
      <label htmlFor="checkout-discount-code" className="block text-sm font-semibold text-ink-800">
        Discount code
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id="checkout-discount-code"
          name="discountCode"
          autoComplete="off"
          maxLength={40}
          className="min-h-11 min-w-0 flex-1 rounded-md border border-mist-300 bg-white px-3 text-ink-900 uppercase aria-invalid:border-red-700"
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? 'checkout-discount-code-error' : undefined}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              apply();
            }
          }}
        />
        <button
          type="button"
          className="btn btn-secondary min-h-11"
          disabled={props.disabled}
          onClick={apply}
        >
          Apply
        </button>
      </div>
      {props.error && (
        <p id="checkout-discount-code-error" className="mt-1 text-sm text-red-700">
          {props.error}
        </p>
      )}
      {props.applied && !props.error && (
        <p className="mt-1 flex items-center justify-between gap-3 text-sm text-ink-700" role="status">
          <span>Code {props.applied} applied</span>
          <button
            type="button"
            className="text-link min-h-11"
            onClick={() => {
              setTyped('');
              props.remove();
            }}
          >
            Remove code
          </button>
        </p>
      )}
    </div>
  );
}
