// The Products tab's price lists: the default list and the named lists, each with its price of each
// product the shop sells (by material), what copies of a limited edition cost, and the collections
// and photos it prices; a list is created, edited (the default too, but never renamed) and deleted
// here (its collections go back to the default list, the photos that chose it to their collection's,
// as the confirmation says), and each collection is given the default or a named list. A photo's own
// list is chosen in its dialog.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { read, reason, send } from '~/lib/platform/client/query';
import { notify } from '~/lib/platform/client/toaster';
import {
  collectionWords,
  DEFAULT_LIST_ID,
  deleteListQuestion,
  editionRuleWords,
  euroWords,
  gridEntries,
  gridPrice,
  type PriceListsView,
  type PriceListView,
} from '~/lib/shop/price-lists';
import { groupByMaterial, sizeLabel } from '~/lib/shop/product-groups';
import { CATEGORY_LABELS, PHOTO_CATEGORIES, type PhotoCategory } from '~/lib/site/constants';
import { PRICE_LISTS_KEY, PriceListForm } from './PriceListForm';

const photos = (n: number) => `${n} photo${n === 1 ? '' : 's'}`;

/** "Prices 12 photos: the Mountains collection, and 1 photo that chose it." */
function usesWords(list: PriceListView): string {
  const isDefault = list.id === DEFAULT_LIST_ID;
  const parts: string[] = [];
  if (list.collections.length > 0) {
    const one = list.collections.length === 1;
    parts.push(
      `${isDefault ? 'collections with no named list: ' : ''}the ${collectionWords(list.collections)} collection${one ? '' : 's'}`,
    );
  }
  if (list.ownPhotoCount > 0) parts.push(`${photos(list.ownPhotoCount)} that chose it`);
  return `Prices ${photos(list.photoCount)}${parts.length ? `: ${parts.join(', and ')}` : ''}.`;
}

/** The list's prices by material and size, each with its edition copies' price beside it when it differs. */
function PriceTable({ list }: { list: PriceListView }) {
  const withEdition = list.editionPercent !== null;
  const cell = 'py-1.5 pl-3 text-right';
  return (
    <table className="mt-3 w-full text-left text-sm tabular-nums">
      <caption className="sr-only">Prices of “{list.name}”</caption>
      <thead>
        <tr className="border-b border-slate-200 text-slate-600">
          <th scope="col" className="py-1.5 pr-3 font-medium">
            Print
          </th>
          <th scope="col" className={`${cell} font-medium`}>
            Price
          </th>
          {withEdition && (
            <th scope="col" className={`${cell} font-medium`}>
              Edition
            </th>
          )}
        </tr>
      </thead>
      {groupByMaterial(gridEntries(list.prices)).map((group) => (
        <tbody key={group.finish}>
          <tr className="border-b border-slate-100">
            <th scope="colgroup" colSpan={withEdition ? 3 : 2} className="pt-3 pb-1 font-semibold">
              {group.label}
            </th>
          </tr>
          {group.items.map((e) => (
            <tr key={e.size} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="py-1.5 pr-3 font-normal">
                {sizeLabel(e.size)}
                <span className="sr-only">, {group.label.toLowerCase()}</span>
              </th>
              <td className={cell}>{euroWords(e.cents)}</td>
              {withEdition && (
                <td className={cell}>
                  {euroWords(gridPrice(list.editionPrices, e.size, e.finish) ?? e.cents)}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      ))}
    </table>
  );
}

function ListItem({ list, onEdit, editing }: { list: PriceListView; onEdit: () => void; editing: boolean }) {
  const client = useQueryClient();
  const isDefault = list.id === DEFAULT_LIST_ID;
  const remove = useMutation({
    mutationFn: () => send('DELETE', `/api/admin/price-lists/${encodeURIComponent(list.id)}`),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: PRICE_LISTS_KEY });
      notify(
        'success',
        'Price list deleted',
        `“${list.name}” is gone; its prints have their new prices now.`,
      );
    },
    onError: (err) => notify('error', 'Not deleted', reason(err) ?? 'The price list could not be deleted.'),
  });
  return (
    <li
      aria-label={isDefault ? 'Default price list' : list.name}
      className="min-w-0 rounded-lg border border-slate-200 p-4"
    >
      <h3 className="text-lg font-semibold break-words">{isDefault ? 'Default price list' : list.name}</h3>
      <p className="mt-1 text-sm text-slate-700">
        {usesWords(list)}
        {isDefault && ' Its prices are those of Print Sizes & Pricing above.'}
      </p>
      <PriceTable list={list} />
      <p className="mt-2 text-sm text-slate-700">Edition copies: {editionRuleWords(list.editionPercent)}.</p>
      {list.labMarkupPercent !== null && (
        <p className="mt-1 text-sm text-slate-700">
          Prints the lab makes: the lab’s cost plus {list.labMarkupPercent}%
          {list.labPriced.length === 0 && ' (no lab cost is known yet: its prices above stand)'}.
        </p>
      )}
      {!editing && (
        <div className="mt-3 flex flex-wrap gap-3">
          <button type="button" className="btn btn-secondary" onClick={onEdit}>
            Edit<span className="sr-only">: {isDefault ? 'the default price list' : list.name}</span>
          </button>
          {!isDefault && (
            <button
              type="button"
              className="btn btn-secondary"
              disabled={remove.isPending}
              onClick={() => {
                if (window.confirm(deleteListQuestion(list))) remove.mutate();
              }}
            >
              Delete<span className="sr-only">: {list.name}</span>
            </button>
          )}
        </div>
      )}
    </li>
  );
}

function CollectionsForm({ view }: { view: PriceListsView }) {
  const client = useQueryClient();
  const [chosen, setChosen] = useState(view.collections);
  useEffect(() => {
    setChosen(view.collections);
  }, [view.collections]);
  const save = useMutation({
    mutationFn: () =>
      send<PriceListsView>('PUT', '/api/admin/price-lists/collections', { collections: chosen }),
    onSuccess: (saved) => {
      client.setQueryData(PRICE_LISTS_KEY, saved);
      notify('success', 'Collections saved', 'Their prints have their new prices now.');
    },
    onError: (err) => notify('error', 'Not saved', reason(err) ?? 'The collections could not be saved.'),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={submit} aria-labelledby="collection-lists-h" className="mt-8">
      <h3 id="collection-lists-h" className="text-lg font-semibold">
        Collections
      </h3>
      <p className="mt-1 max-w-prose text-sm text-slate-600">
        Each collection’s photos take its price list, unless a photo has chosen its own.
      </p>
      <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {PHOTO_CATEGORIES.map((category: PhotoCategory) => (
          <label key={category} className="block min-w-0 text-sm">
            <span className="font-medium">{CATEGORY_LABELS[category]}</span>
            <select
              className="mt-1 block min-h-11 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3"
              value={chosen[category] ?? DEFAULT_LIST_ID}
              onChange={(e) =>
                setChosen((c) => ({
                  ...c,
                  [category]: e.target.value === DEFAULT_LIST_ID ? null : e.target.value,
                }))
              }
            >
              <option value={DEFAULT_LIST_ID}>Default</option>
              {view.lists.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      <button type="submit" className="btn btn-primary mt-4" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save collections'}
      </button>
    </form>
  );
}

/**
 * Asks the lab for its costs again, for the lists that price its prints as a margin over them: the
 * prices follow at once. The lab is otherwise asked only when the Print lab card is saved.
 */
function LabCostsButton() {
  const client = useQueryClient();
  const ask = useMutation({
    mutationFn: () =>
      send<{ checked: number; failed: { sku: string; reason: string }[]; repriced: number }>(
        'POST',
        '/api/admin/price-lists/lab-costs',
      ),
    onSuccess: (r) => {
      client.invalidateQueries({ queryKey: PRICE_LISTS_KEY });
      client.invalidateQueries({ queryKey: ['/api/admin/lab/margins'] });
      const changed = `${r.repriced} price${r.repriced === 1 ? '' : 's'} changed.`;
      if (r.failed.length === 0) notify('success', 'Lab costs updated', changed);
      else
        notify(
          'error',
          'The lab could not price everything',
          `${r.failed.map((f) => f.sku).join(', ')} kept the cost it had. ${changed}`,
        );
    },
    onError: (err) => notify('error', 'Lab costs not updated', reason(err) ?? 'The lab could not be asked.'),
  });
  return (
    <p className="mt-4 text-sm text-slate-700">
      <button
        type="button"
        className="btn btn-secondary"
        disabled={ask.isPending}
        onClick={() => ask.mutate()}
      >
        {ask.isPending ? 'Asking the lab…' : 'Ask the lab for its costs now'}
      </button>{' '}
      The lab’s costs are asked when you save the Print lab card; ask again when the lab changes its prices.
    </p>
  );
}

export function PriceListsCard() {
  const { data, isError } = useQuery({
    queryKey: PRICE_LISTS_KEY,
    queryFn: () => read<PriceListsView>('/api/admin/price-lists'),
  });
  /** The list being edited (DEFAULT_LIST_ID for the default), 'new', or null. */
  const [editing, setEditing] = useState<string | null>(null);
  const all = data ? [data.default, ...data.lists] : [];
  const edited = all.find((l) => l.id === editing) ?? null;
  return (
    <section
      aria-labelledby="price-lists-h"
      className="rounded-lg border border-slate-200 bg-white p-5 sm:p-6"
    >
      <h2 id="price-lists-h" className="text-xl font-semibold">
        Price lists
      </h2>
      <p className="mt-1 max-w-prose text-slate-600">
        A price list sets what a print costs in each material and size the shop sells, and what copies of a
        limited edition cost. A product a named list leaves out costs what the default list says. A photo
        takes the list it was given in its dialog, else its collection’s, else the default list. Orders
        already placed keep what the buyer paid.
      </p>
      {isError && <p role="alert">The price lists could not be loaded. Please reload the page.</p>}
      {!data && !isError && <p aria-busy="true">Loading…</p>}
      {data && (
        <>
          <ul className="mt-4 grid gap-4 lg:grid-cols-2">
            {all.map((list) => (
              <ListItem
                key={list.id}
                list={list}
                editing={editing !== null}
                onEdit={() => setEditing(list.id)}
              />
            ))}
          </ul>
          {editing === null && (
            <button type="button" className="btn btn-secondary mt-4" onClick={() => setEditing('new')}>
              New price list
            </button>
          )}
          {editing !== null && (editing === 'new' || edited) && (
            <PriceListForm
              key={editing}
              list={edited}
              startFrom={data.default.fixedPrices}
              labCosts={data.labCosts}
              onDone={() => setEditing(null)}
            />
          )}
          {all.some((l) => l.labMarkupPercent !== null) && <LabCostsButton />}
          <CollectionsForm view={data} />
        </>
      )}
    </section>
  );
}
