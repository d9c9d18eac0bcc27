// The part of a price list's form that prices the prints the lab makes: at the list's fixed prices,
// or at the lab's cost plus a percentage, with the prices that gives shown as the percentage is
// typed (the same rounding as the server's, lab-markup.ts).
import { formatEuro } from '~/lib/platform/shared/format';
import {
  type LabCostGrid,
  MAX_LAB_MARKUP_PERCENT,
  MIN_LAB_MARKUP_PERCENT,
  markedUpCents,
} from '~/lib/shop/lab-markup';
import { type CatalogueProduct, productWords } from '~/lib/site/catalogue';
import { FieldProblem } from './FieldProblem';

export interface MarkupFields {
  labPricing: 'fixed' | 'markup';
  markup: string;
}

/** The margin the fields say, null for fixed prices, NaN while the percentage typed is not a number. */
export const markupOf = (f: MarkupFields): number | null =>
  f.labPricing === 'fixed' ? null : f.markup.trim() === '' ? Number.NaN : Number(f.markup);

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function LabMarkupField(props: {
  id: (name: string) => string;
  fields: MarkupFields;
  /** The products the list prices, in the form's order. */
  products: readonly CatalogueProduct[];
  costs: LabCostGrid;
  problem: string | undefined;
  onChange: (fields: MarkupFields) => void;
}) {
  const { id, fields, products, costs, problem, onChange } = props;
  const cells = products.flatMap((p) => {
    const cost = costs[p.size]?.[p.finish];
    return cost === undefined ? [] : [{ product: p, cost }];
  });
  const percent = markupOf(fields);
  const valid =
    percent !== null &&
    Number.isInteger(percent) &&
    percent >= MIN_LAB_MARKUP_PERCENT &&
    percent <= MAX_LAB_MARKUP_PERCENT;
  const describedBy = [id('markup-help'), problem ? `${id('labMarkupPercent')}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <fieldset className="min-w-0 text-sm" aria-describedby={describedBy}>
      <legend className="font-medium">Prints the lab makes cost</legend>
      <label className="mt-1 flex min-h-11 items-center gap-2">
        <input
          type="radio"
          name={id('lab-pricing')}
          checked={fields.labPricing === 'fixed'}
          onChange={() => onChange({ ...fields, labPricing: 'fixed' })}
        />
        The prices above
      </label>
      <div className="flex flex-wrap items-center gap-x-2">
        <label className="flex min-h-11 items-center gap-2">
          <input
            type="radio"
            name={id('lab-pricing')}
            checked={fields.labPricing === 'markup'}
            onChange={() => onChange({ ...fields, labPricing: 'markup' })}
          />
          The lab’s cost plus
        </label>
        {fields.labPricing === 'markup' && (
          <span className="flex items-center gap-2">
            <input
              type="text"
              inputMode="numeric"
              aria-label="Margin over the lab’s cost, percent"
              aria-invalid={problem ? true : undefined}
              className="min-h-11 w-24 rounded-md border border-slate-300 bg-white px-3 tabular-nums"
              value={fields.markup}
              onChange={(e) => onChange({ ...fields, markup: e.target.value })}
            />
            <span aria-hidden="true">%</span>
          </span>
        )}
      </div>
      <p id={id('markup-help')} className="mt-1 text-slate-600">
        {fields.labPricing === 'fixed'
          ? 'The lab’s prints sell at the prices above, like yours.'
          : `${MIN_LAB_MARKUP_PERCENT} to ${MAX_LAB_MARKUP_PERCENT}; 150 makes a €18 print €45, VAT inside, rounded up to whole euros. A print whose cost the lab has not given yet keeps the price above.`}
        {fields.labPricing === 'markup' && valid && cells.length > 0 && (
          <>
            {' '}
            {cells
              .map(
                (c) =>
                  `${capitalised(productWords(c.product))}: lab ${formatEuro(c.cost)} → ${formatEuro(markedUpCents(c.cost, percent))}`,
              )
              .join('; ')}
            .
          </>
        )}
      </p>
      <FieldProblem id={`${id('labMarkupPercent')}-error`} text={problem} />
    </fieldset>
  );
}
