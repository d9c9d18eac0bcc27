// The Sales section of the Discounts tab: a form for a sale (a name, a percentage off, the prints it
// is on or every print, a start and an end on the Irish clock), the same form filled in to edit one,
// and the list of sales with their state. The form checks with the endpoint's own schema, and an
// edit with the same rule of what a sale's state lets change, before sending; the server checks
// again, and a refusal is said under the field it is about.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { HttpError } from '~/lib/platform/client/api';
import { read, reason, send } from '~/lib/platform/client/query';
import { notify } from '~/lib/platform/client/toaster';
import { irishDateTime } from '~/lib/platform/shared/irish-dates';
import { PRIOR_PRICE_DAYS, SALE_PERCENT } from '~/lib/shop/price-sales';
import { saleChangeRefusal } from '~/lib/shop/sale-changes';
import { priceSaleSchema } from '~/lib/shop/schemas';
import { AmountField, FieldError, SettingsCard } from './fields';

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
type SaleFields = typeof EMPTY;
/** The form's fields a refusal can be about; anything else is said below the form. */
const FIELDS = ['name', 'percentOff', 'photoIds', 'startsAt', 'endsAt'] as const;
type FieldName = (typeof FIELDS)[number];
type Problems = Partial<Record<FieldName | 'form', string>>;
const fieldOf = (path: unknown): FieldName | 'form' =>
  FIELDS.includes(path as FieldName) ? (path as FieldName) : 'form';

const field =
  'mt-1 block min-h-11 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 read-only:bg-slate-100 read-only:text-slate-700';
const when = new Intl.DateTimeFormat('en-IE', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
/** A time as the form wrote it (Irish clock), shown as it was typed. */
const shownTime = (text: string) => when.format(new Date(`${text}:00Z`));

const formOf = (sale: SaleJson): SaleFields => ({
  name: sale.name,
  percentOff: String(sale.percentOff),
  allPhotos: sale.allPhotos,
  photoIds: sale.photoIds,
  startsAt: sale.startsAt,
  endsAt: sale.endsAt,
});

/** What the form can find wrong before sending: the schema's checks, then what the sale's state allows. */
function problemsOf(form: SaleFields, editing: SaleJson | null): Problems {
  const checked = priceSaleSchema.safeParse(form);
  if (!checked.success) {
    const first = checked.error.issues[0];
    return { [fieldOf(first?.path[0])]: first?.message ?? 'Please check the sale.' };
  }
  const startsAt = editing && irishDateTime(editing.startsAt);
  const endsAt = editing && irishDateTime(editing.endsAt);
  if (!editing || !startsAt || !endsAt) return {};
  const refusal = saleChangeRefusal(
    {
      percentOff: editing.percentOff,
      startsAt,
      endsAt,
      allPhotos: editing.allPhotos,
      photoIds: editing.photoIds,
    },
    checked.data,
    new Date(),
  );
  return refusal ? { [refusal.field ?? 'form']: refusal.message } : {};
}

function TimeField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  readOnly?: boolean;
}) {
  const errorId = `${props.id}-error`;
  return (
    <div className="min-w-0 text-sm">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        type="datetime-local"
        className={field}
        required
        readOnly={props.readOnly}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.error && <FieldError id={errorId}>{props.error}</FieldError>}
    </div>
  );
}

/** The form of a new sale, or of `editing` filled in (its key resets it when the sale changes). */
function SaleForm({
  photos,
  editing,
  onDone,
}: {
  photos: { id: string; title: string }[];
  editing: SaleJson | null;
  onDone: () => void;
}) {
  const client = useQueryClient();
  const [form, setForm] = useState<SaleFields>(editing ? formOf(editing) : EMPTY);
  const [problems, setProblems] = useState<Problems>({});
  const nameRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (editing) nameRef.current?.focus();
  }, [editing]);
  const running = editing?.state === 'running';
  const save = useMutation({
    mutationFn: () =>
      editing
        ? send<{ sale: SaleJson }>('PUT', `/api/admin/price-sales/${encodeURIComponent(editing.id)}`, form)
        : send<{ sale: SaleJson }>('POST', '/api/admin/price-sales', form),
    onSuccess: ({ sale }) => {
      client.invalidateQueries({ queryKey: KEY });
      notify('success', editing ? 'Sale changed' : 'Sale saved', `${sale.name}: ${sale.percentOff}% off.`);
      setForm(EMPTY);
      setProblems({});
      onDone();
    },
    onError: (err) => {
      const why = reason(err) ?? 'The sale could not be saved.';
      // The server names the field it refused: its sentence goes under that field.
      setProblems({ [fieldOf(err instanceof HttpError ? err.body?.field : undefined)]: why });
      notify('error', 'Not saved', why);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = problemsOf(form, editing);
    setProblems(found);
    if (Object.keys(found).length === 0) save.mutate();
  };
  const toggle = (id: string) =>
    setForm((f) => ({
      ...f,
      photoIds: f.photoIds.includes(id) ? f.photoIds.filter((p) => p !== id) : [...f.photoIds, id],
    }));
  const headingId = editing ? 'edit-sale-h' : 'new-sale-h';
  return (
    <>
      {editing && (
        <h4 id={headingId} className="mt-4 text-base font-semibold break-words">
          Edit the sale “{editing.name}”
        </h4>
      )}
      {running && (
        <p className="mt-1 max-w-prose text-slate-700">
          This sale is running: only its end can change. Its start, its percentage and its prints stay as they
          are: each print’s “was” price is the lowest of the {PRIOR_PRICE_DAYS} days before the sale began,
          and the sale is the record of what prints sold at. To put other prints on sale, make a new sale.
        </p>
      )}
      <form
        onSubmit={submit}
        noValidate
        aria-labelledby={headingId}
        className="mt-4 grid gap-4 sm:grid-cols-2"
      >
        <div className="min-w-0 text-sm">
          <label htmlFor="sale-name">Sale name</label>
          <input
            id="sale-name"
            ref={nameRef}
            className={field}
            required
            maxLength={80}
            aria-invalid={problems.name ? true : undefined}
            aria-describedby={problems.name ? 'sale-name-error' : undefined}
            value={form.name}
            onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))}
          />
          {problems.name && <FieldError id="sale-name-error">{problems.name}</FieldError>}
        </div>
        <AmountField
          id="sale-percent"
          label="Percentage off"
          unit="%"
          required
          readOnly={running}
          max={SALE_PERCENT.max}
          help={`A whole number from ${SALE_PERCENT.min} to ${SALE_PERCENT.max}.`}
          error={problems.percentOff}
          value={form.percentOff}
          onChange={(v) => setForm((f) => ({ ...f, percentOff: v }))}
        />
        <TimeField
          id="sale-start"
          label="Starts (Irish time)"
          readOnly={running}
          error={problems.startsAt}
          value={form.startsAt}
          onChange={(v) => setForm((f) => ({ ...f, startsAt: v }))}
        />
        <TimeField
          id="sale-end"
          label="Ends (Irish time)"
          error={problems.endsAt}
          value={form.endsAt}
          onChange={(v) => setForm((f) => ({ ...f, endsAt: v }))}
        />
        <fieldset
          className="min-w-0 text-sm disabled:text-slate-600 sm:col-span-2"
          disabled={running}
          aria-describedby={problems.photoIds ? 'sale-prints-error' : undefined}
        >
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
          {problems.photoIds && <FieldError id="sale-prints-error">{problems.photoIds}</FieldError>}
        </fieldset>
        {problems.form && (
          <p role="alert" className="text-sm text-red-800 sm:col-span-2">
            {problems.form}
          </p>
        )}
        <div className="flex flex-wrap gap-3 sm:col-span-2">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : editing ? 'Save changes' : 'Save sale'}
          </button>
          {editing && (
            <button type="button" className="btn btn-secondary" onClick={onDone}>
              Cancel
            </button>
          )}
        </div>
      </form>
    </>
  );
}

function SaleList({
  sales,
  titles,
  onEdit,
}: {
  sales: SaleJson[];
  titles: Map<string, string>;
  onEdit: (sale: SaleJson) => void;
}) {
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
          {s.state === 'ended' && (
            <p className="mt-2 text-sm text-slate-700">
              This sale has ended, so it can no longer be changed. It stays as the record of the prices prints
              sold at.
            </p>
          )}
          <div className="mt-3 flex flex-wrap gap-3">
            {s.state !== 'ended' && (
              <button type="button" className="btn btn-secondary" onClick={() => onEdit(s)}>
                Edit<span className="sr-only">: {s.name}</span>
              </button>
            )}
            {s.state === 'planned' && (
              <button
                type="button"
                className="btn btn-secondary"
                disabled={remove.isPending}
                onClick={() => {
                  if (window.confirm(`Delete the sale ${s.name}?`)) remove.mutate(s);
                }}
              >
                Delete<span className="sr-only">: {s.name}</span>
              </button>
            )}
          </div>
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
  const [editing, setEditing] = useState<SaleJson | null>(null);
  return (
    <>
      <SettingsCard id="new-sale-h" title="Sales">
        <p className="mt-1 max-w-prose text-slate-600">
          A sale takes a percentage off the print prices (not frames) from its start until its end, Irish
          time. While it runs, the shop shows the sale price beside the lowest price of the {PRIOR_PRICE_DAYS}{' '}
          days before it began, and only when that was higher. A discount code then works on the sale price.
        </p>
        <SaleForm
          key={editing?.id ?? 'new'}
          photos={list}
          editing={editing}
          onDone={() => setEditing(null)}
        />
      </SettingsCard>
      <SettingsCard id="sales-h" title="Sales planned and past">
        {sales.isError && <p role="alert">The sales could not be loaded. Please reload the page.</p>}
        {!sales.data && !sales.isError && <p aria-busy="true">Loading…</p>}
        {sales.data && (
          <SaleList
            sales={sales.data.sales}
            titles={new Map(list.map((p) => [p.id, p.title]))}
            onEdit={(sale) => {
              setEditing(sale);
              document.getElementById('new-sale-h')?.scrollIntoView({ block: 'start' });
            }}
          />
        )}
      </SettingsCard>
    </>
  );
}
