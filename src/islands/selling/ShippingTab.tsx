// The Shipping & VAT tab: the four zones' prices (the first print, each further one, the surcharge
// of a framed print, and an optional free-shipping threshold), the countries moved to another zone
// or not shipped to, and the VAT rates. The shop, the FAQ and the shipping page say what is set here.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { read, reason, send } from '~/lib/platform/client/query';
import { notify } from '~/lib/platform/client/toaster';
import { COUNTRIES } from '~/lib/selling/countries';
import type { ZoneId } from '~/lib/selling/shipping-zones';
import { AmountField, SettingsCard } from './fields';
import { OssCard } from './OssCard';
import { VatRatesCard } from './VatRatesCard';

interface ZoneJson {
  id: ZoneId;
  name: string;
  firstPrint: string;
  additionalPrint: string;
  framedSurcharge: string;
  freeOver: string | null;
}
interface MovedCountry {
  country: string;
  name: string;
  zone: ZoneId | null;
  defaultZone: ZoneId;
}
interface ShippingJson {
  zones: ZoneJson[];
  countries: MovedCountry[];
}

const KEY = ['/api/admin/shipping'];
const NOT_SHIPPED = 'none';
type ZoneForm = Record<
  ZoneId,
  { firstPrint: string; additionalPrint: string; framedSurcharge: string; freeOver: string }
>;

/** A zone's four prices, in the order the owner reads them; only the free-shipping amount may be empty. */
const ZONE_FIELDS: { key: keyof ZoneForm[ZoneId]; label: string; optional?: boolean }[] = [
  { key: 'firstPrint', label: 'First print' },
  { key: 'additionalPrint', label: 'Each further print' },
  { key: 'framedSurcharge', label: 'Surcharge per framed print' },
  { key: 'freeOver', label: 'Free shipping from (optional)', optional: true },
];

function toForm(zones: ZoneJson[]): ZoneForm {
  return Object.fromEntries(
    zones.map((z) => [
      z.id,
      {
        firstPrint: z.firstPrint,
        additionalPrint: z.additionalPrint,
        framedSurcharge: z.framedSurcharge,
        freeOver: z.freeOver ?? '',
      },
    ]),
  ) as ZoneForm;
}

function ZonesCard({ data }: { data: ShippingJson }) {
  const client = useQueryClient();
  const [form, setForm] = useState<ZoneForm>(() => toForm(data.zones));
  useEffect(() => setForm(toForm(data.zones)), [data]);
  const save = useMutation({
    mutationFn: () =>
      send<ShippingJson>('PUT', '/api/admin/shipping', {
        zones: data.zones.map((z) => ({ id: z.id, ...form[z.id] })),
      }),
    onSuccess: (saved) => {
      client.setQueryData(KEY, saved);
      notify('success', 'Shipping prices saved', 'New orders are charged these prices.');
    },
    onError: (err) => notify('error', 'Not saved', reason(err) ?? 'The shipping prices could not be saved.'),
  });
  const set = (id: ZoneId, field: keyof ZoneForm[ZoneId]) => (value: string) =>
    setForm((f) => ({ ...f, [id]: { ...f[id], [field]: value } }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <SettingsCard id="zones-h" title="Shipping zones">
      <p className="mt-1 max-w-prose text-slate-600">
        Prices include VAT. An order pays its zone's price for the first print, then the price of each further
        print, and the surcharge for each framed print; nothing when its prints, after any discount, reach the
        free-shipping amount.
      </p>
      <form onSubmit={submit} aria-labelledby="zones-h">
        <div className="mt-4 grid gap-4 md:grid-cols-2">
          {data.zones.map((z) => (
            <fieldset key={z.id} className="min-w-0 space-y-3 rounded-lg border border-slate-200 p-4">
              <legend className="px-1 font-semibold">{z.name}</legend>
              {ZONE_FIELDS.map((f) => (
                <AmountField
                  key={f.key}
                  id={`zone-${z.id}-${f.key}`}
                  label={f.label}
                  unit="€"
                  required={!f.optional}
                  value={form[z.id]?.[f.key] ?? ''}
                  onChange={set(z.id, f.key)}
                  help={f.optional ? 'Leave empty for never.' : undefined}
                />
              ))}
            </fieldset>
          ))}
        </div>
        <button type="submit" className="btn btn-primary mt-4" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save shipping prices'}
        </button>
      </form>
    </SettingsCard>
  );
}

function CountriesCard({ data }: { data: ShippingJson }) {
  const client = useQueryClient();
  const [country, setCountry] = useState('');
  const [zone, setZone] = useState<string>(NOT_SHIPPED);
  const zoneName = (id: ZoneId | null) =>
    id === null ? 'Not shipped to' : (data.zones.find((z) => z.id === id)?.name ?? id);
  const move = useMutation({
    mutationFn: (m: { country: string; zone: ZoneId | null }) =>
      send<ShippingJson>('PUT', '/api/admin/shipping', { countries: [m] }),
    onSuccess: (saved, m) => {
      client.setQueryData(KEY, saved);
      const name = COUNTRIES.find(([c]) => c === m.country)?.[1] ?? m.country;
      notify(
        'success',
        'Country moved',
        m.zone === null
          ? `${name} is not shipped to.`
          : `${name} ships at the prices of ${zoneName(m.zone)}.`,
      );
    },
    onError: (err) => notify('error', 'Not moved', reason(err) ?? 'The country could not be moved.'),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (country) move.mutate({ country, zone: zone === NOT_SHIPPED ? null : (zone as ZoneId) });
  };
  const select = 'mt-1 block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3';
  return (
    <SettingsCard id="countries-h" title="Countries">
      <p className="mt-1 max-w-prose text-slate-600">
        Every country ships at the prices of its own zone; the rest of the world takes every country not in
        another zone. Move a country to another zone, or stop shipping to it.
      </p>
      <form
        onSubmit={submit}
        className="mt-4 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        aria-labelledby="countries-h"
      >
        <div className="min-w-0 text-sm">
          <label htmlFor="move-country">Country</label>
          <select
            id="move-country"
            className={select}
            value={country}
            required
            onChange={(e) => setCountry(e.target.value)}
          >
            <option value="">Choose a country</option>
            {COUNTRIES.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0 text-sm">
          <label htmlFor="move-zone">Ships to</label>
          <select id="move-zone" className={select} value={zone} onChange={(e) => setZone(e.target.value)}>
            {data.zones.map((z) => (
              <option key={z.id} value={z.id}>
                {z.name}
              </option>
            ))}
            <option value={NOT_SHIPPED}>Not shipped to</option>
          </select>
        </div>
        <button type="submit" className="btn btn-primary" disabled={move.isPending || !country}>
          Move country
        </button>
      </form>
      <h4 className="mt-6 font-semibold">Moved countries</h4>
      {data.countries.length === 0 ? (
        <p className="mt-2 text-slate-600">None: every country ships at the prices of its own zone.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {data.countries.map((c) => (
            <li key={c.country} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <span className="min-w-0">
                <span className="font-medium">{c.name}</span>: {zoneName(c.zone)}
                <span className="block text-sm text-slate-600">Its own zone: {zoneName(c.defaultZone)}</span>
              </span>
              <button
                type="button"
                className="btn btn-secondary"
                disabled={move.isPending}
                onClick={() => move.mutate({ country: c.country, zone: c.defaultZone })}
              >
                Back to {zoneName(c.defaultZone)}
                <span className="sr-only">: {c.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </SettingsCard>
  );
}

export default function ShippingTab() {
  const { data, isError } = useQuery({
    queryKey: KEY,
    queryFn: () => read<ShippingJson>('/api/admin/shipping'),
  });
  return (
    <div className="space-y-8">
      <h2 className="text-xl font-semibold">Shipping &amp; VAT</h2>
      {isError && <p role="alert">The shipping settings could not be loaded. Please reload the page.</p>}
      {!data && !isError && <p aria-busy="true">Loading…</p>}
      {data && <ZonesCard data={data} />}
      {data && <CountriesCard data={data} />}
      <VatRatesCard />
      <OssCard />
    </div>
  );
}
