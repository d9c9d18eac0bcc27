// The VAT rates card: the rate of each product class (open-edition prints, limited editions,
// framing, shipping) in percent. Its help text quotes the rule behind the reduced rate for limited
// editions and leaves the judgement to an accountant: the site gives no tax advice.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { read, reason, send } from '~/lib/platform/client/query';
import { notify } from '~/lib/platform/client/toaster';
import type { VatClass } from '~/lib/selling/vat';
import { AmountField, SettingsCard } from './fields';

interface VatRatesJson {
  rates: { vatClass: VatClass; label: string; rate: number; defaultRate: number }[];
}

const KEY = ['/api/admin/vat-rates'];
const toForm = (d: VatRatesJson) => Object.fromEntries(d.rates.map((r) => [r.vatClass, String(r.rate)]));

export function VatRatesCard() {
  const client = useQueryClient();
  const { data, isError } = useQuery({
    queryKey: KEY,
    queryFn: () => read<VatRatesJson>('/api/admin/vat-rates'),
  });
  const [form, setForm] = useState<Record<string, string>>({});
  useEffect(() => {
    if (data) setForm(toForm(data));
  }, [data]);
  const save = useMutation({
    mutationFn: () => send<VatRatesJson>('PUT', '/api/admin/vat-rates', { rates: form }),
    onSuccess: (saved) => {
      client.setQueryData(KEY, saved);
      notify('success', 'VAT rates saved', 'Orders made from now on use these rates.');
    },
    onError: (err) => notify('error', 'Not saved', reason(err) ?? 'The VAT rates could not be saved.'),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <SettingsCard id="vat-h" title="VAT rates">
      <div id="vat-help" className="mt-1 max-w-prose space-y-2 text-slate-600">
        <p>
          Every price includes VAT. The VAT inside each sale is worked out at these rates and shown on the
          confirmation mail, the order and the packing slip; a change applies to orders made after it.
        </p>
        <p>
          The reduced rate for limited editions rests on the VAT Consolidation Act 2010, Schedule 5, paragraph
          1(f): “a photograph taken by an artist, printed by the artist or under the artist’s supervision,
          signed and numbered and limited to 30 copies, all sizes and mounts included”, when supplied by its
          creator. Ask your accountant to confirm which rates apply to your sales: this site gives no tax
          advice.
        </p>
        <p>
          Shipping you charge is part of the sale of what it delivers, so it carries the prints’ rates: a
          parcel with an edition and an open print is shared between their two rates, in proportion to their
          prices. The shipping rate below applies only to shipping charged when nothing else is (a discount
          that covers the whole price of the prints).
        </p>
      </div>
      {isError && <p role="alert">The VAT rates could not be loaded. Please reload the page.</p>}
      {!data && !isError && <p aria-busy="true">Loading…</p>}
      {data && (
        <form onSubmit={submit} aria-labelledby="vat-h" aria-describedby="vat-help">
          <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {data.rates.map((r) => (
              <AmountField
                key={r.vatClass}
                id={`vat-${r.vatClass}`}
                label={r.label}
                unit="%"
                required
                max={100}
                value={form[r.vatClass] ?? ''}
                onChange={(value) => setForm((f) => ({ ...f, [r.vatClass]: value }))}
                help={`Default ${r.defaultRate}%`}
              />
            ))}
          </div>
          <button type="submit" className="btn btn-primary mt-4" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save VAT rates'}
          </button>
        </form>
      )}
    </SettingsCard>
  );
}
