// The form of one price list, new or edited: its name (the default list keeps its own), a price in
// euros for each product the shop sells (one group per material), and what copies of a limited
// edition cost (the same as an open print, or a percentage of it, rounded to whole euros, with the
// prices it gives shown as they are typed), and what the lab's prints cost (the same fixed prices,
// or the lab's cost plus a percentage). It checks with the endpoint's own schema before sending; a
// refusal is said under its field.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { HttpError } from '~/lib/platform/client/api';
import { reason, send } from '~/lib/platform/client/query';
import { notify } from '~/lib/platform/client/toaster';
import { centsToDecimal } from '~/lib/platform/shared/format';
import type { LabCostGrid } from '~/lib/shop/lab-markup';
import { defaultPriceListSchema, priceListSchema } from '~/lib/shop/price-list-schemas';
import {
  DEFAULT_LIST_ID,
  editionGrid,
  gridEntries,
  gridOf,
  gridPrice,
  gridWords,
  MAX_EDITION_PERCENT,
  MAX_LIST_NAME_LENGTH,
  MIN_EDITION_PERCENT,
  type PriceGrid,
  type PriceListView,
  setGridPrice,
} from '~/lib/shop/price-lists';
import { eurosToCents } from '~/lib/shop/pricing';
import { groupByMaterial, sizeLabel } from '~/lib/shop/product-groups';
import type { CatalogueProduct } from '~/lib/site/catalogue';
import { FieldProblem } from './FieldProblem';
import { LabMarkupField, type MarkupFields, markupOf } from './LabMarkupField';

export const PRICE_LISTS_KEY = ['/api/admin/price-lists'];
const input = 'mt-1 block min-h-11 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3';

interface Fields extends MarkupFields {
  name: string;
  /** The euros typed for each product, by its field name ("prices.small.matte"). */
  prices: Record<string, string>;
  edition: 'same' | 'percent';
  percent: string;
}

/** A product's field, named as the endpoint's schema names a refusal of its price. */
const priceField = (p: CatalogueProduct) => `prices.${p.size}.${p.finish}`;

/**
 * The products the form prices: those of the default list (a new list starts from its prices), and
 * any other the list being edited prices, by material then size.
 */
const productsOf = (list: PriceListView | null, fallback: PriceGrid): CatalogueProduct[] =>
  gridEntries(gridOf([...gridEntries(fallback), ...gridEntries(list?.fixedPrices ?? {})])).map(
    ({ size, finish }) => ({ size, finish }),
  );

const fieldsOf = (list: PriceListView | null, fallback: PriceGrid, products: CatalogueProduct[]): Fields => {
  const prices = list?.fixedPrices ?? fallback;
  const euros = (p: CatalogueProduct) => {
    const cents = gridPrice(prices, p.size, p.finish) ?? gridPrice(fallback, p.size, p.finish);
    return cents === undefined ? '' : centsToDecimal(cents).replace(/\.00$/, '');
  };
  return {
    name: list?.name ?? '',
    prices: Object.fromEntries(products.map((p) => [priceField(p), euros(p)])),
    edition: list?.editionPercent ? 'percent' : 'same',
    percent: list?.editionPercent ? String(list.editionPercent) : '',
    labPricing: list?.labMarkupPercent != null ? 'markup' : 'fixed',
    markup: list?.labMarkupPercent != null ? String(list.labMarkupPercent) : '',
  };
};

/** The body the endpoints take: prices as { [size]: { [material]: euros } }. */
const bodyOf = (f: Fields, products: CatalogueProduct[]) => {
  const prices: Record<string, Record<string, string>> = {};
  for (const p of products) {
    prices[p.size] ??= {};
    (prices[p.size] as Record<string, string>)[p.finish] = f.prices[priceField(p)] ?? '';
  }
  return {
    name: f.name,
    prices,
    editionPercent: f.edition === 'same' ? null : f.percent.trim() === '' ? Number.NaN : Number(f.percent),
    labMarkupPercent: markupOf(f),
  };
};

/** The edition prices the typed prices and percentage give, or null while one of them is not valid. */
function editionPreview(f: Fields, products: CatalogueProduct[]): PriceGrid | null {
  const percent = Number(f.percent);
  if (!Number.isInteger(percent) || percent < MIN_EDITION_PERCENT || percent > MAX_EDITION_PERCENT)
    return null;
  const grid: PriceGrid = {};
  for (const p of products) {
    const cents = eurosToCents(f.prices[priceField(p)]);
    if (cents === null) return null;
    setGridPrice(grid, p.size, p.finish, cents);
  }
  return editionGrid(grid, percent);
}

interface Props {
  /** The list to edit; null for a new one. */
  list: PriceListView | null;
  /** The prices a new list starts from (the default list's). */
  startFrom: PriceGrid;
  /** What the lab charges for each of its prints, as last asked. */
  labCosts: LabCostGrid;
  onDone: () => void;
}

export function PriceListForm({ list, startFrom, labCosts, onDone }: Props) {
  const client = useQueryClient();
  const uid = useId();
  const isDefault = list?.id === DEFAULT_LIST_ID;
  const [products] = useState(() => productsOf(list, startFrom));
  const [form, setForm] = useState<Fields>(() => fieldsOf(list, startFrom, products));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  const save = useMutation({
    mutationFn: () => {
      const body = bodyOf(form, products);
      if (isDefault) return send('PUT', '/api/admin/price-lists/default', body);
      if (list) return send('PUT', `/api/admin/price-lists/${encodeURIComponent(list.id)}`, body);
      return send('POST', '/api/admin/price-lists', body);
    },
    onSuccess: () => {
      setProblems({});
      client.invalidateQueries({ queryKey: PRICE_LISTS_KEY });
      // What the lab's prints leave the owner follows their prices.
      client.invalidateQueries({ queryKey: ['/api/admin/lab/margins'] });
      // The default list's prices are also the Print Sizes & Pricing form's.
      if (isDefault) {
        client.invalidateQueries({ queryKey: ['/api/admin/pricing'] });
        client.invalidateQueries({ queryKey: ['/api/admin/catalogue'] });
      }
      notify(
        'success',
        list ? 'Price list saved' : 'Price list created',
        list
          ? 'The prints it prices have their new prices now.'
          : 'Give it to a collection or a photo to use it.',
      );
      onDone();
    },
    onError: (err) => {
      const why = reason(err) ?? 'The price list could not be saved.';
      const field = err instanceof HttpError && typeof err.body?.field === 'string' ? err.body.field : 'form';
      setProblems({ [field]: why });
      notify('error', 'Not saved', why);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = bodyOf(form, products);
    const checked = isDefault ? defaultPriceListSchema.safeParse(body) : priceListSchema.safeParse(body);
    if (!checked.success) {
      const first = checked.error.issues[0];
      setProblems({ [first?.path.join('.') || 'form']: first?.message ?? 'Please check the price list.' });
      return;
    }
    setProblems({});
    save.mutate();
  };
  const id = (name: string) => `${uid}-${name.replaceAll('.', '-')}`;
  const described = (name: string, help?: string) =>
    [help, problems[name] ? `${id(name)}-error` : ''].filter(Boolean).join(' ') || undefined;
  const preview = form.edition === 'percent' ? editionPreview(form, products) : null;
  const title = isDefault ? 'Edit the default price list' : list ? `Edit “${list.name}”` : 'New price list';

  return (
    <form
      ref={ref}
      onSubmit={submit}
      noValidate
      aria-label={title}
      className="mt-4 space-y-5 rounded-lg border border-slate-300 bg-slate-50 p-4 sm:p-5"
    >
      <h3 className="text-lg font-semibold">{title}</h3>
      {!isDefault && (
        <div className="max-w-md text-sm">
          <label htmlFor={id('name')} className="font-medium">
            Name
          </label>
          <input
            id={id('name')}
            className={input}
            maxLength={MAX_LIST_NAME_LENGTH}
            aria-invalid={problems.name ? true : undefined}
            aria-describedby={described('name')}
            value={form.name}
            onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))}
          />
          <FieldProblem id={`${id('name')}-error`} text={problems.name} />
        </div>
      )}
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {groupByMaterial(products).map((group) => (
          <fieldset
            key={group.finish}
            className="min-w-0 space-y-3 rounded-lg border border-slate-200 bg-white p-4"
          >
            <legend className="px-1 font-semibold">{group.label}</legend>
            {group.items.map((p) => {
              const name = priceField(p);
              return (
                <div key={name} className="text-sm">
                  <label htmlFor={id(name)} className="text-slate-700">
                    {sizeLabel(p.size)}
                    <span className="sr-only">, in euros</span>
                  </label>
                  <span className="mt-1 flex items-center rounded-md border border-slate-300 bg-white px-3">
                    <span aria-hidden="true">€</span>
                    <input
                      id={id(name)}
                      type="text"
                      inputMode="decimal"
                      className="min-h-11 w-full min-w-0 bg-transparent px-2 tabular-nums outline-none"
                      aria-invalid={problems[name] ? true : undefined}
                      aria-describedby={described(name)}
                      value={form.prices[name] ?? ''}
                      onChange={(e) =>
                        setForm((f) => ({ ...f, prices: { ...f.prices, [name]: e.target.value } }))
                      }
                    />
                  </span>
                  <FieldProblem id={`${id(name)}-error`} text={problems[name]} />
                </div>
              );
            })}
          </fieldset>
        ))}
      </div>
      <fieldset className="min-w-0 text-sm" aria-describedby={described('editionPercent')}>
        <legend className="font-medium">Copies of a limited edition cost</legend>
        <label className="mt-1 flex min-h-11 items-center gap-2">
          <input
            type="radio"
            name={id('edition')}
            checked={form.edition === 'same'}
            onChange={() => setForm((f) => ({ ...f, edition: 'same' }))}
          />
          The same as an open print
        </label>
        <div className="flex flex-wrap items-center gap-x-2">
          <label className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name={id('edition')}
              checked={form.edition === 'percent'}
              onChange={() => setForm((f) => ({ ...f, edition: 'percent' }))}
            />
            A percentage of the open print
          </label>
          {form.edition === 'percent' && (
            <span className="flex items-center gap-2">
              <input
                type="text"
                inputMode="numeric"
                aria-label="Edition price, percent of the open print"
                aria-invalid={problems.editionPercent ? true : undefined}
                aria-describedby={described('editionPercent', id('percent-help'))}
                className="min-h-11 w-24 rounded-md border border-slate-300 bg-white px-3 tabular-nums"
                value={form.percent}
                onChange={(e) => setForm((f) => ({ ...f, percent: e.target.value }))}
              />
              <span aria-hidden="true">%</span>
            </span>
          )}
        </div>
        {form.edition === 'percent' && (
          <p id={id('percent-help')} className="mt-1 text-slate-600">
            {MIN_EDITION_PERCENT} to {MAX_EDITION_PERCENT}; 300 is three times the open print, rounded to
            whole euros.
            {preview && <> Edition copies: {gridWords(preview)}.</>}
          </p>
        )}
        <FieldProblem id={`${id('editionPercent')}-error`} text={problems.editionPercent} />
      </fieldset>
      {(Object.keys(labCosts).length > 0 || form.labPricing === 'markup') && (
        <LabMarkupField
          id={id}
          fields={form}
          products={products}
          costs={labCosts}
          problem={problems.labMarkupPercent}
          onChange={(m) => setForm((f) => ({ ...f, ...m }))}
        />
      )}
      <FieldProblem id={`${id('form')}-error`} text={problems.form ?? problems.prices} />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : list ? 'Save price list' : 'Create price list'}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onDone} disabled={save.isPending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
