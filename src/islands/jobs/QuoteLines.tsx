// The lines of a quote being written: add a drone package (at the half-day price), hours, editing,
// travel (km beyond the free radius × the rate per km), a licence for commercial use, or anything
// else; each line's description, quantity and unit price (excl. VAT) stay editable.
import { useId, useState } from 'react';
import { LINE_KIND_LABELS, type QuoteLineKind } from '~/lib/jobs/quote-rules';
import { formatEuro } from '~/lib/platform/shared/format';
import { euros, type LineState, lineKey } from './quote-form';
import type { QuoteDefaultsJson } from './quotes-api';

const field = 'mt-1 block min-h-11 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3';

export function QuoteLines(props: {
  lines: LineState[];
  lineNetCents: number[];
  defaults: QuoteDefaultsJson;
  onChange: (lines: LineState[]) => void;
}) {
  const id = useId();
  const { lines, defaults, onChange } = props;
  const [pkg, setPkg] = useState(0);
  const add = (kind: QuoteLineKind, description: string, quantity: number, unitPriceCents: number) =>
    onChange([
      ...lines,
      { key: lineKey(), kind, description, quantity: String(quantity), unitPrice: euros(unitPriceCents) },
    ]);
  const set = (key: number, patch: Partial<LineState>) =>
    onChange(lines.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const chosen = defaults.packages[pkg];

  return (
    <fieldset className="min-w-0 sm:col-span-2">
      <legend className="font-semibold">Lines (prices excl. VAT)</legend>
      {lines.length === 0 && <p className="mt-2 text-sm text-slate-600">No lines yet: add one below.</p>}
      <ol className="mt-2 space-y-4">
        {lines.map((l, i) => (
          <li
            key={l.key}
            className="grid min-w-0 gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-6"
          >
            <p className="text-sm font-medium sm:col-span-6">
              Line {i + 1}: {LINE_KIND_LABELS[l.kind]}
              {l.kind === 'travel' ? ` (km beyond ${defaults.freeRadiusKm} km × rate per km)` : ''}
            </p>
            <div className="min-w-0 text-sm sm:col-span-3">
              <label htmlFor={`${id}-${l.key}-d`}>Description of line {i + 1}</label>
              <input
                id={`${id}-${l.key}-d`}
                className={field}
                value={l.description}
                onChange={(e) => set(l.key, { description: e.target.value })}
              />
            </div>
            <div className="min-w-0 text-sm">
              <label htmlFor={`${id}-${l.key}-q`}>
                {l.kind === 'travel' ? 'Km' : 'Quantity'} of line {i + 1}
              </label>
              <input
                id={`${id}-${l.key}-q`}
                className={field}
                inputMode="numeric"
                value={l.quantity}
                onChange={(e) => set(l.key, { quantity: e.target.value })}
              />
            </div>
            <div className="min-w-0 text-sm">
              <label htmlFor={`${id}-${l.key}-p`}>
                {l.kind === 'travel' ? 'Rate per km' : 'Unit price'} of line {i + 1} (€)
              </label>
              <input
                id={`${id}-${l.key}-p`}
                className={field}
                inputMode="decimal"
                value={l.unitPrice}
                onChange={(e) => set(l.key, { unitPrice: e.target.value })}
              />
            </div>
            <div className="flex min-w-0 flex-col justify-end text-sm">
              <span className="tabular-nums">{formatEuro(props.lineNetCents[i] ?? 0)}</span>
              <button
                type="button"
                className="mt-1 min-h-11 text-left text-red-800 underline"
                onClick={() => onChange(lines.filter((x) => x.key !== l.key))}
              >
                Remove line {i + 1}
              </button>
            </div>
          </li>
        ))}
      </ol>
      <div className="mt-4 flex flex-wrap items-end gap-2">
        {defaults.packages.length > 0 && (
          <div className="text-sm">
            <label htmlFor={`${id}-pkg`}>Package</label>
            <select
              id={`${id}-pkg`}
              className={field}
              value={pkg}
              onChange={(e) => setPkg(Number(e.target.value))}
            >
              {defaults.packages.map((p, i) => (
                <option key={p.name} value={i}>
                  {p.name} ({formatEuro(p.unitPriceCents)})
                </option>
              ))}
            </select>
          </div>
        )}
        {chosen && (
          <button
            type="button"
            className="btn btn-secondary min-h-11 px-3"
            onClick={() => add('package', chosen.name, 1, chosen.unitPriceCents)}
          >
            Add package
          </button>
        )}
        <button
          type="button"
          className="btn btn-secondary min-h-11 px-3"
          onClick={() => add('hours', 'Extra hours on site', 1, 0)}
        >
          Add hours
        </button>
        <button
          type="button"
          className="btn btn-secondary min-h-11 px-3"
          onClick={() => add('editing', 'Editing and colour grading', 1, 0)}
        >
          Add editing
        </button>
        <button
          type="button"
          className="btn btn-secondary min-h-11 px-3"
          onClick={() =>
            add('travel', `Travel beyond the free ${defaults.freeRadiusKm} km`, 1, defaults.travelRateCents)
          }
        >
          Add travel
        </button>
        <button
          type="button"
          className="btn btn-secondary min-h-11 px-3"
          onClick={() => add('licence', 'Licence for commercial use', 1, 0)}
        >
          Add licence
        </button>
        <button
          type="button"
          className="btn btn-secondary min-h-11 px-3"
          onClick={() => add('other', '', 1, 0)}
        >
          Add other line
        </button>
      </div>
    </fieldset>
  );
}
