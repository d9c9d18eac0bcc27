// The inputs of the owner's selling settings: an amount in euros or a rate in percent, with its
// unit beside it and its help text read with it; the same look as the Products tab's prices.
import type { ReactNode } from 'react';

const box = 'mt-1 flex items-center rounded-md border border-slate-300 px-3';
const input = 'min-h-11 w-full min-w-0 bg-transparent px-2 tabular-nums outline-none';

export function AmountField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  unit: '€' | '%';
  required?: boolean;
  /** Said under the field, and read with it. */
  help?: ReactNode;
  id: string;
  max?: number;
  /** Why the value was refused, said under the field and read with it. */
  error?: string | null;
  readOnly?: boolean;
}) {
  const helpId = props.help ? `${props.id}-help` : undefined;
  const errorId = props.error ? `${props.id}-error` : undefined;
  const describedBy = [helpId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="block text-sm">
      <label htmlFor={props.id} className="text-slate-700">
        {props.label}
      </label>
      <span className={props.readOnly ? `${box} bg-slate-100 text-slate-700` : `${box} bg-white`}>
        {props.unit === '€' && <span aria-hidden="true">€</span>}
        <input
          id={props.id}
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          max={props.max}
          required={props.required}
          readOnly={props.readOnly}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={describedBy}
          className={input}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
        />
        {props.unit === '%' && <span aria-hidden="true">%</span>}
      </span>
      {props.help && (
        <span id={helpId} className="mt-1 block text-slate-600">
          {props.help}
        </span>
      )}
      {props.error && <FieldError id={errorId}>{props.error}</FieldError>}
    </div>
  );
}

/** A card of the settings: a section with its heading. */
export function SettingsCard(props: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={props.id} className="rounded-lg border border-slate-200 bg-white p-6">
      <h3 id={props.id} className="text-lg font-semibold">
        {props.title}
      </h3>
      {props.children}
    </section>
  );
}

/** A field's refusal, under it (the field names it in aria-describedby), announced when it appears. */
export function FieldError(props: { id?: string; children: ReactNode }) {
  return (
    <span id={props.id} role="alert" className="mt-1 block text-red-800">
      {props.children}
    </span>
  );
}
