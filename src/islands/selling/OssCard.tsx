// The One-Stop-Shop card, beside the VAT rates: whether the shop is registered, and the rate per
// product class of each other EU country and Northern Ireland. While unregistered, every buyer pays
// Irish VAT and the table only waits. The entries are checked with the endpoint's own schema before
// they are sent, so the sentence shown is the one the server would give.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { read, reason, send } from '~/lib/platform/client/query';
import { notify } from '~/lib/platform/client/toaster';
import { ossSettingsSchema } from '~/lib/selling/owner-schemas';
import { VAT_CLASS_LABELS, VAT_CLASSES, type VatClass } from '~/lib/selling/vat';
import { SettingsCard } from './fields';

interface OssJson {
  registered: boolean;
  countries: {
    country: string;
    name: string;
    rates: Record<VatClass, number>;
    defaults: Record<VatClass, number>;
    artAtStandard: boolean;
  }[];
}

type RateForm = Record<string, Record<VatClass, string>>;

const KEY = ['/api/admin/oss'];
const toForm = (d: OssJson): RateForm =>
  Object.fromEntries(
    d.countries.map((c) => [c.country, Object.fromEntries(VAT_CLASSES.map((k) => [k, String(c.rates[k])]))]),
  ) as RateForm;

/** The entries that differ from what is saved: only they are sent. */
function changedRates(data: OssJson, form: RateForm): Record<string, Partial<Record<VatClass, string>>> {
  const out: Record<string, Partial<Record<VatClass, string>>> = {};
  for (const c of data.countries) {
    for (const k of VAT_CLASSES) {
      const typed = form[c.country]?.[k] ?? '';
      if (typed.trim() !== String(c.rates[k])) out[c.country] = { ...out[c.country], [k]: typed };
    }
  }
  return out;
}

const cell =
  'w-12 rounded-md border border-slate-300 bg-white px-1 py-1 tabular-nums min-h-11 sm:w-20 sm:px-2';

/** The columns' names on a phone, where the full ones do not fit. */
const SHORT: Record<VatClass, string> = {
  print: 'Prints',
  edition: 'Editions',
  framing: 'Frames',
  shipping: 'Shipping',
};

export function OssCard() {
  const client = useQueryClient();
  const { data, isError } = useQuery({ queryKey: KEY, queryFn: () => read<OssJson>('/api/admin/oss') });
  const [registered, setRegistered] = useState(false);
  const [form, setForm] = useState<RateForm>({});
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!data) return;
    setRegistered(data.registered);
    setForm(toForm(data));
  }, [data]);
  const save = useMutation({
    mutationFn: (body: unknown) => send<OssJson>('PUT', '/api/admin/oss', body),
    onSuccess: (saved) => {
      client.setQueryData(KEY, saved);
      client.invalidateQueries({ queryKey: ['/api/admin/dashboard'] });
      notify(
        'success',
        'One-Stop-Shop settings saved',
        saved.registered
          ? 'Orders to other EU countries made from now on carry their country’s VAT.'
          : 'Orders made from now on carry Irish VAT, wherever they go.',
      );
    },
    onError: (err) => notify('error', 'Not saved', reason(err) ?? 'The settings could not be saved.'),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!data) return;
    const body = { registered, rates: changedRates(data, form) };
    const checked = ossSettingsSchema.safeParse(body);
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? 'Please check the rates.');
      return;
    }
    setProblem(null);
    save.mutate(body);
  };
  return (
    <SettingsCard id="oss-settings-h" title="One-Stop-Shop (EU VAT)">
      <div id="oss-help" className="mt-1 max-w-prose space-y-2 text-slate-600">
        <p>
          Once the business is registered with Revenue for the One-Stop-Shop, tick the box: an order sent to a
          buyer in another EU country (or Northern Ireland) then carries that country’s VAT at the rates
          below. Orders in Ireland and outside the EU keep the Irish rates. Prices stay as the shop shows
          them: only the VAT inside them changes.
        </p>
        <p>
          The rates start at each country’s standard rate, and its reduced rate for works of art for limited
          editions where one is known; a country marked “standard rate: check” had no reduced rate for art to
          start from. Ask your accountant to confirm them: this site gives no tax advice. Shipping takes the
          rates of the prints in the parcel; its own column applies only when nothing else is charged.
        </p>
      </div>
      {isError && <p role="alert">The One-Stop-Shop settings could not be loaded. Please reload the page.</p>}
      {!data && !isError && <p aria-busy="true">Loading…</p>}
      {data && (
        <form onSubmit={submit} aria-labelledby="oss-settings-h" aria-describedby="oss-help" noValidate>
          <label className="mt-4 flex min-h-11 items-center gap-3 font-medium">
            <input
              type="checkbox"
              className="size-5"
              checked={registered}
              onChange={(e) => setRegistered(e.target.checked)}
            />
            Registered for One-Stop-Shop
          </label>
          <div className="mt-4 max-h-[32rem] overflow-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">VAT rates per country and product class, in percent</caption>
              <thead className="sticky top-0 bg-white text-xs text-slate-600 sm:text-sm">
                <tr>
                  <th scope="col" className="py-2 pr-1 font-medium sm:pr-2">
                    Country
                  </th>
                  {VAT_CLASSES.map((k) => (
                    <th key={k} scope="col" className="py-2 pr-1 font-medium sm:pr-2">
                      <span className="sm:hidden">{SHORT[k]} %</span>
                      <span className="hidden sm:inline">{VAT_CLASS_LABELS[k]} (%)</span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.countries.map((c) => (
                  <tr key={c.country} className="border-t border-slate-100">
                    <th scope="row" className="py-1 pr-1 font-normal sm:pr-2">
                      {c.name}
                      {c.artAtStandard && (
                        <span className="block text-xs text-slate-500">standard rate: check</span>
                      )}
                    </th>
                    {VAT_CLASSES.map((k) => (
                      <td key={k} className="py-1 pr-1 sm:pr-2">
                        <input
                          type="number"
                          inputMode="decimal"
                          step="0.01"
                          min="0"
                          max="100"
                          aria-label={`${c.name}: ${VAT_CLASS_LABELS[k]}`}
                          title={`Default ${c.defaults[k]}%`}
                          className={cell}
                          value={form[c.country]?.[k] ?? ''}
                          onChange={(e) => {
                            const value = e.target.value;
                            setForm((f) => ({
                              ...f,
                              [c.country]: { ...f[c.country], [k]: value } as Record<VatClass, string>,
                            }));
                          }}
                        />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {problem && (
            <p role="alert" className="mt-3 text-red-800">
              {problem}
            </p>
          )}
          <button type="submit" className="btn btn-primary mt-4" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save One-Stop-Shop settings'}
          </button>
        </form>
      )}
    </SettingsCard>
  );
}
