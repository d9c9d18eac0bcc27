// The buyer's choice of the print lab's delivery speed, shown when the owner offers more than one
// and the lab delivers by more than one to the chosen country: each speed with the lab's price for
// this cart, as the server quoted it. Choosing one asks the server for the quote again (only the
// answer to the latest choice is kept); the browser never works out the amount.
import type { QuoteAnswer } from '~/lib/checkout/quote-answer';
import { formatEuroDecimal } from '~/lib/platform/shared/format';

type LabPart = Extract<QuoteAnswer['shippingParts'][number], { by: 'lab' }>;

export function LabSpeedChoice(props: {
  part: LabPart;
  /** The speed the buyer just chose, shown at once while its quote is asked; null: the quote's. */
  chosen: string | null;
  error: string | null;
  choose: (method: string) => void;
}) {
  const { part, error, choose } = props;
  const current = props.chosen ?? part.method;
  if (part.options.length < 2 && !error) return null;
  return (
    <fieldset className="mt-4 border-t border-mist-200 pt-4" aria-describedby="lab-speed-note">
      <legend className="text-sm font-semibold text-ink-800">Delivery of the print lab's prints</legend>
      <p id="lab-speed-note" className="text-xs text-ink-600">
        They come in a parcel of their own, with tracking.
      </p>
      <div className="mt-2 space-y-1">
        {part.options.map((option) => (
          <label key={option.method} className="flex min-h-11 items-center gap-3 text-sm">
            <input
              type="radio"
              name="lab-speed"
              value={option.method}
              checked={option.method === current}
              onChange={() => choose(option.method)}
            />
            <span className="flex-1">{option.method} delivery</span>
            <span className="tabular-nums">{formatEuroDecimal(option.amount)}</span>
          </label>
        ))}
      </div>
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
