// The Sales section of the Discounts tab: a form for a sale (a name, a percentage off, the prints it
// is on or every print, a start and an end on the Irish clock) and the list of sales with their
// state. The form checks with the endpoint's own schema before sending; the server checks again.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { read, reason, send } from '~/lib/platform/client/query';
import { notify } from '~/lib/platform/client/toaster';
import { PRIOR_PRICE_DAYS, SALE_PERCENT } from '~/lib/shop/price-sales';
import { priceSaleSchema } from '~/lib/shop/schemas';
import { AmountField, SettingsCard } from './fields';

interface SaleJson {
  id: string;
  name: string;
  percentOff: number;
  allPhotos: boolean;
  photoIds: string[];
  startsAt: string;
  endsAt: string;
  state: 'planned' | 'running' | 'ended';
}

const KEY = ['/api/admin/price-sales'];
const EMPTY = {
  name: '',
  percentOff: '',
  allPhotos: true,
  photoIds: [] as string[],
  startsAt: '',
  endsAt: '',
};
const field = 'mt-1 block min-h-11 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3';
const when = new Intl.DateTimeFormat('en-IE', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
/** A time as the form wrote it (Irish clock), shown as it was typed. */
const shownTime = (text: string) => when.format(new Date(`${text}:00Z`));

function NewSaleForm({ photos }: { photos: { id: string; title: string }[] }) {
  const client = useQueryClient();
  const [form, setForm] = useState(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => send<{ sale: SaleJson }>('POST', '/api/admin/price-sales', form),
    onSuccess: ({ sale }) => {
      client.invalidateQueries({ queryKey: KEY });
      notify('success', 'Sale saved', `${sale.name}: ${sale.percentOff}% off.`);
      setForm(EMPTY);
    },
    onError: (err) => notify('error', 'Not saved', reason(err) ?? 'The sale could not be saved.'),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = priceSaleSchema.safeParse(form);
    setProblem(checked.success ? null : (checked.error.issues[0]?.message ?? 'Please check the sale.'));
    if (checked.success) create.mutate();
  };
  const toggle = (id: string) =>
    setForm((f) => ({
      ...f,
      photoIds: f.photoIds.includes(id) ? f.photoIds.filter((p) => p !== id) : [...f.photoIds, id],
    }));
  return (
    <SettingsCard id="new-sale-h" title="Sales">
      <p className="mt-1 max-w-prose text-slate-600">
        A sale takes a percentage off the print prices (not frames) from its start until its end, Irish time.
        While it runs, the shop shows the sale price beside the lowest price of the {PRIOR_PRICE_DAYS} days
        before it began, and only when that was higher. A discount code then works on the sale price.
      </p>
      <form onSubmit={submit} aria-labelledby="new-sale-h" className="mt-4 grid gap-4 sm:grid-cols-2">
        <div className="min-w-0 text-sm">
          <label htmlFor="sale-name">Sale name</label>
          <input
            id="sale-name"
            className={field}
            required
            maxLength={80}
            value={form.name}
            onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))}
          />
        </div>
        <AmountField
          id="sale-percent"
          label="Percentage off"
          unit="%"
          required
          max={SALE_PERCENT.max}
          help={`A whole number from ${SALE_PERCENT.min} to ${SALE_PERCENT.max}.`}
          value={form.percentOff}
          onChange={(v) => setForm((f) => ({ ...f, percentOff: v }))}
        />
        <div className="min-w-0 text-sm">
          <label htmlFor="sale-start">Starts (Irish time)</label>
          <input
            id="sale-start"
            type="datetime-local"
            className={field}
            required
            value={form.startsAt}
            onChange={(e) => setForm((f) => ({ ...f, startsAt: e.target.value }))}
          />
        </div>
        <div className="min-w-0 text-sm">
          <label htmlFor="sale-end">Ends (Irish time)</label>
          <input
            id="sale-end"
            type="datetime-local"
            className={field}
            required
            value={form.endsAt}
            onChange={(e) => setForm((f) => ({ ...f, endsAt: e.target.value }))}
          />
        </div>
        <fieldset className="min-w-0 text-sm sm:col-span-2">
          <legend>Prints</legend>
          <label className="mt-1 flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              checked={form.allPhotos}
              onChange={(e) => setForm((f) => ({ ...f, allPhotos: e.target.checked }))}
            />
            Every print
          </label>
          {!form.allPhotos && (
            <ul className="mt-1 grid max-h-64 gap-x-4 overflow-y-auto rounded-md border border-slate-200 p-2 sm:grid-cols-2">
              {photos.map((p) => (
                <li key={p.id}>
                  <label className="flex min-h-11 items-center gap-2">
                    <input
                      type="checkbox"
                      checked={form.photoIds.includes(p.id)}
                      onChange={() => toggle(p.id)}
                    />
                    <span className="min-w-0 break-words">{p.title}</span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        {problem && (
          <p role="alert" className="text-sm text-red-800 sm:col-span-2">
            {problem}
          </p>
        )}
        <div>
          <button type="submit" className="btn btn-primary" disabled={create.isPending}>
            {create.isPending ? 'Saving…' : 'Save sale'}
          </button>
        </div>
      </form>
    </SettingsCard>
  );
}

function SaleList({ sales, titles }: { sales: SaleJson[]; titles: Map<string, string> }) {
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: (s: SaleJson) => send('DELETE', `/api/admin/price-sales/${encodeURIComponent(s.id)}`),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: KEY });
      notify('success', 'Sale deleted', 'Its prices are back to normal.');
    },
    onError: (err) => notify('error', 'Not deleted', reason(err) ?? 'The sale could not be deleted.'),
  });
  if (!sales.length) return <p className="mt-3 text-slate-600">No sales yet.</p>;
  return (
    <ul className="mt-3 grid gap-4 md:grid-cols-2">
      {sales.map((s) => (
        <li key={s.id} className="min-w-0 rounded-lg border border-slate-200 p-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h4 className="text-lg font-semibold break-words">{s.name}</h4>
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-sm text-slate-800">{s.state}</span>
          </div>
          <p className="mt-1">
            {s.percentOff}% off{' '}
            {s.allPhotos
              ? 'every print'
              : s.photoIds.map((id) => titles.get(id) ?? 'a print since deleted').join(', ')}
          </p>
          <p className="mt-1 text-sm text-slate-700">
            {shownTime(s.startsAt)} to {shownTime(s.endsAt)}, Irish time
          </p>
          <button
            type="button"
            className="btn btn-secondary mt-3"
            disabled={remove.isPending}
            onClick={() => {
              if (window.confirm(`Delete the sale ${s.name}?`)) remove.mutate(s);
            }}
          >
            Delete<span className="sr-only">: {s.name}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

export default function PriceSalesCard() {
  const sales = useQuery({
    queryKey: KEY,
    queryFn: () => read<{ sales: SaleJson[] }>('/api/admin/price-sales'),
  });
  const photos = useQuery({
    queryKey: ['/api/admin/photos'],
    queryFn: () => read<{ photos: { id: string; title: string }[] }>('/api/admin/photos'),
  });
  const list = photos.data?.photos ?? [];
  return (
    <>
      <NewSaleForm photos={list} />
      <SettingsCard id="sales-h" title="Sales planned and past">
        {sales.isError && <p role="alert">The sales could not be loaded. Please reload the page.</p>}
        {!sales.data && !sales.isError && <p aria-busy="true">Loading…</p>}
        {sales.data && (
          <SaleList sales={sales.data.sales} titles={new Map(list.map((p) => [p.id, p.title]))} />
        )}
      </SettingsCard>
    </>
  );
}
