// The photo dialog's Price list part: the photo takes its collection's list, or one chosen here (the
// default list, or a named one), with the prices the choice gives said in words, open prints and
// copies of a limited edition alike, and which of the two buyers pay. Saved on its own
// (PUT /api/admin/price-lists/photos/{id}), apart from the photo's fields; the photo's prints are
// repriced at once.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { read, reason, send } from '~/lib/platform/client/query';
import { notify } from '~/lib/platform/client/toaster';
import {
  DEFAULT_LIST_ID,
  DEFAULT_LIST_NAME,
  type PhotoPricesView,
  type PriceListsView,
  photoPriceWords,
} from '~/lib/shop/price-lists';
import { PRICE_LISTS_KEY } from './PriceListForm';

type PhotoPrices = PhotoPricesView;

/** The select's value for "its collection's list". */
const COLLECTION = '';

export function PhotoPriceListControl({ photoId }: { photoId: string }) {
  const client = useQueryClient();
  const uid = useId();
  const path = `/api/admin/price-lists/photos/${encodeURIComponent(photoId)}`;
  const photo = useQuery({ queryKey: [path], queryFn: () => read<PhotoPrices>(path) });
  const lists = useQuery({
    queryKey: PRICE_LISTS_KEY,
    queryFn: () => read<PriceListsView>('/api/admin/price-lists'),
  });
  // The edition part of the same dialog keeps this query up to date when it saves.
  const editionPath = `/api/admin/photos/${encodeURIComponent(photoId)}/edition`;
  const edition = useQuery({
    queryKey: [editionPath],
    queryFn: () => read<{ editionSize: number | null }>(editionPath),
  });
  const [choice, setChoice] = useState<string | null>(null);
  const [error, setError] = useState('');
  const saved = photo.data?.ownListId ?? COLLECTION;
  const value = choice ?? saved;

  const save = useMutation({
    mutationFn: () => send<PhotoPrices>('PUT', path, { priceListId: value === COLLECTION ? null : value }),
    onSuccess: (result) => {
      setError('');
      setChoice(null);
      client.setQueryData([path], result);
      client.invalidateQueries({ queryKey: PRICE_LISTS_KEY });
      notify('success', 'Price list saved', `This photo is priced by “${result.listName}” now.`);
    },
    onError: (err) => setError(reason(err) ?? 'The price list could not be saved.'),
  });

  const data = photo.data;
  const view = lists.data;
  const all = view ? [view.default, ...view.lists] : [];
  const listIdOf = (v: string) => (v === COLLECTION ? (data?.collectionListId ?? DEFAULT_LIST_ID) : v);
  const shown = all.find((l) => l.id === listIdOf(value));
  const collectionName = all.find((l) => l.id === data?.collectionListId)?.name ?? DEFAULT_LIST_NAME;
  const editionSize = edition.data ? edition.data.editionSize : (data?.editionSize ?? null);

  return (
    <fieldset className="rounded-md border border-slate-200 p-4" aria-describedby={`${uid}-prices`}>
      <legend className="px-1 text-sm font-medium">Price list</legend>
      <div className="flex flex-wrap items-end gap-x-4 gap-y-2 text-sm">
        <label className="block min-w-0 grow sm:grow-0">
          <span className="sr-only">Price list</span>
          <select
            className="block min-h-11 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 sm:w-auto"
            value={value}
            disabled={!data || !view}
            onChange={(e) => setChoice(e.target.value)}
          >
            <option value={COLLECTION}>{`Its collection’s: ${collectionName}`}</option>
            <option value={DEFAULT_LIST_ID}>{DEFAULT_LIST_NAME}</option>
            {view?.lists.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={save.isPending || !data || value === saved}
          onClick={() => save.mutate()}
        >
          {save.isPending ? 'Saving…' : 'Save price list'}
        </button>
      </div>
      <p id={`${uid}-prices`} className="mt-2 text-sm text-slate-700">
        {!data || !shown ? (
          'Loading the prices…'
        ) : (
          <>
            {photoPriceWords(shown.prices, shown.editionPrices)}{' '}
            {editionSize === null
              ? 'This photo is an open edition: buyers pay the open prints’ prices.'
              : `This photo is a limited edition of ${editionSize}: buyers pay the edition copies’ prices.`}
            {value !== saved && ' Not saved yet.'}
          </>
        )}
      </p>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
