// The Discounts tab: a form for a new code (percent or euros off, an optional last day, use limit
// and minimum order) and the list of codes with their uses and the revenue of their paid orders.
// A code can be switched off and on; deleting a code that an order carries switches it off instead.
// Below them, the sales (PriceSalesCard).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { read, reason, send } from '~/lib/platform/client/query';
import { notify } from '~/lib/platform/client/toaster';
import { formatEuroDecimal } from '~/lib/platform/shared/format';
import type { DiscountKind } from '~/lib/selling/discount';
import { AmountField, SettingsCard } from './fields';
import PriceSalesCard from './PriceSalesCard';

interface DiscountJson {
  id: string;
  code: string;
  kind: DiscountKind;
  value: string;
  expiresOn: string | null;
  maxUses: number | null;
  minOrder: string | null;
  uses: number;
  active: boolean;
  state: 'active' | 'expired' | 'used up' | 'switched off';
  revenue: string;
}

const KEY = ['/api/admin/discounts'];
const EMPTY = {
  code: '',
  kind: 'percent' as DiscountKind,
  value: '',
  expiresOn: '',
  maxUses: '',
  minOrder: '',
};
const field = 'mt-1 block min-h-11 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3';
const lastDay = new Intl.DateTimeFormat('en-IE', { dateStyle: 'medium', timeZone: 'UTC' });

const off = (d: DiscountJson) =>
  d.kind === 'percent' ? `${d.value}% off` : `${formatEuroDecimal(d.value)} off`;
function conditions(d: DiscountJson): string {
  const parts = [
    d.minOrder ? `on prints of ${formatEuroDecimal(d.minOrder)} or more` : null,
    d.expiresOn ? `until ${lastDay.format(new Date(`${d.expiresOn}T00:00:00Z`))}` : null,
    d.maxUses !== null ? `${d.maxUses} ${d.maxUses === 1 ? 'use' : 'uses'} at most` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'no limits';
}

function NewCodeForm() {
  const client = useQueryClient();
  const [form, setForm] = useState(EMPTY);
  const set = (key: keyof typeof EMPTY) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const create = useMutation({
    mutationFn: () => send<DiscountJson>('POST', '/api/admin/discounts', form),
    onSuccess: (d) => {
      client.invalidateQueries({ queryKey: KEY });
      notify('success', 'Code created', `${d.code}: ${off(d)}.`);
      setForm(EMPTY);
    },
    onError: (err) => notify('error', 'Not created', reason(err) ?? 'The code could not be created.'),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  return (
    <SettingsCard id="new-code-h" title="New discount code">
      <p className="mt-1 max-w-prose text-slate-600">
        A code takes its discount off the prints and frames, never off shipping. Buyers may type it in any
        case. A use is counted when an order with it is paid.
      </p>
      <form
        onSubmit={submit}
        aria-labelledby="new-code-h"
        className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        <div className="min-w-0 text-sm">
          <label htmlFor="code-code">Code</label>
          <input
            id="code-code"
            className={`${field} font-mono uppercase`}
            required
            minLength={3}
            maxLength={32}
            pattern="[A-Za-z0-9_\-]{3,32}"
            aria-describedby="code-code-help"
            autoComplete="off"
            value={form.code}
            onChange={(e) => set('code')(e.target.value)}
          />
          <span id="code-code-help" className="mt-1 block text-slate-600">
            3 to 32 letters, digits, - or _.
          </span>
        </div>
        <div className="min-w-0 text-sm">
          <label htmlFor="code-kind">Discount</label>
          <select
            id="code-kind"
            className={field}
            value={form.kind}
            onChange={(e) => set('kind')(e.target.value)}
          >
            <option value="percent">Percent off</option>
            <option value="fixed">Euros off</option>
          </select>
        </div>
        <AmountField
          id="code-value"
          label={form.kind === 'percent' ? 'Percent off' : 'Euros off'}
          unit={form.kind === 'percent' ? '%' : '€'}
          required
          max={form.kind === 'percent' ? 100 : undefined}
          value={form.value}
          onChange={set('value')}
        />
        <div className="min-w-0 text-sm">
          <label htmlFor="code-expires">Last day (optional)</label>
          <input
            id="code-expires"
            type="date"
            className={field}
            value={form.expiresOn}
            onChange={(e) => set('expiresOn')(e.target.value)}
          />
        </div>
        <div className="min-w-0 text-sm">
          <label htmlFor="code-uses">Use limit (optional)</label>
          <input
            id="code-uses"
            type="number"
            inputMode="numeric"
            min="1"
            step="1"
            className={field}
            value={form.maxUses}
            onChange={(e) => set('maxUses')(e.target.value)}
          />
        </div>
        <AmountField
          id="code-min"
          label="Minimum order (optional)"
          unit="€"
          value={form.minOrder}
          onChange={set('minOrder')}
        />
        <div>
          <button type="submit" className="btn btn-primary" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create code'}
          </button>
        </div>
      </form>
    </SettingsCard>
  );
}

function CodeList({ codes }: { codes: DiscountJson[] }) {
  const client = useQueryClient();
  const done = () => client.invalidateQueries({ queryKey: KEY });
  const toggle = useMutation({
    mutationFn: (d: DiscountJson) =>
      send<DiscountJson>('PUT', `/api/admin/discounts/${encodeURIComponent(d.id)}`, { active: !d.active }),
    onSuccess: (d) => {
      done();
      notify('success', d.active ? 'Code switched on' : 'Code switched off', d.code);
    },
    onError: (err) => notify('error', 'Not changed', reason(err) ?? 'The code could not be changed.'),
  });
  const remove = useMutation({
    mutationFn: (d: DiscountJson) =>
      send<{ deleted: boolean }>('DELETE', `/api/admin/discounts/${encodeURIComponent(d.id)}`).then((r) => ({
        ...r,
        code: d.code,
      })),
    onSuccess: (r) => {
      done();
      notify(
        'success',
        r.deleted ? 'Code deleted' : 'Code switched off',
        r.deleted ? r.code : `${r.code} is on orders already, so it was switched off instead of deleted.`,
      );
    },
    onError: (err) => notify('error', 'Not deleted', reason(err) ?? 'The code could not be deleted.'),
  });
  if (!codes.length) return <p className="mt-3 text-slate-600">No codes yet.</p>;
  return (
    <ul className="mt-3 grid gap-4 md:grid-cols-2">
      {codes.map((d) => (
        <li key={d.id} className="min-w-0 rounded-lg border border-slate-200 p-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h4 className="font-mono text-lg font-semibold break-all">{d.code}</h4>
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-sm text-slate-800">{d.state}</span>
          </div>
          <p className="mt-1">
            {off(d)}, {conditions(d)}
          </p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 text-sm">
            <dt>Uses</dt>
            <dd className="tabular-nums">{d.uses}</dd>
            <dt>Revenue</dt>
            <dd className="tabular-nums">{formatEuroDecimal(d.revenue)}</dd>
          </dl>
          <div className="mt-3 flex flex-wrap gap-3">
            <button
              type="button"
              className="btn btn-secondary"
              disabled={toggle.isPending}
              onClick={() => toggle.mutate(d)}
            >
              {d.active ? 'Switch off' : 'Switch on'}
              <span className="sr-only">: {d.code}</span>
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={remove.isPending}
              onClick={() => {
                const ask =
                  d.uses > 0
                    ? `${d.code} has been used, so it will be switched off rather than deleted. Go on?`
                    : `Delete the code ${d.code}?`;
                if (window.confirm(ask)) remove.mutate(d);
              }}
            >
              Delete
              <span className="sr-only">: {d.code}</span>
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}

export default function DiscountsTab() {
  const { data, isError } = useQuery({
    queryKey: KEY,
    queryFn: () => read<{ discounts: DiscountJson[] }>('/api/admin/discounts'),
  });
  return (
    <div className="space-y-8">
      <h2 className="text-xl font-semibold">Discounts</h2>
      <NewCodeForm />
      <SettingsCard id="codes-h" title="Codes">
        <p className="mt-1 max-w-prose text-slate-600">
          Revenue is what the paid orders with a code came to; test orders and unpaid ones do not count.
        </p>
        {isError && <p role="alert">The codes could not be loaded. Please reload the page.</p>}
        {!data && !isError && <p aria-busy="true">Loading…</p>}
        {data && <CodeList codes={data.discounts} />}
      </SettingsCard>
      <PriceSalesCard />
    </div>
  );
}
