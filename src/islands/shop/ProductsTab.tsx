// The Products tab, 'Print Sizes & Pricing': the default price list's price of each product the
// shop sells (one group per material, each size in inches and centimetres) and the frame price of
// each size a paper print is sold in, saved together; new variants for every photo at these prices;
// and which sizes each photo has the detail for; the named price lists given to collections and
// photos; the frames' details for the print pages' product safety notes; and which prints the print
// lab makes.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { PrintFitTable } from '~/islands/photos/PrintFitTable';
import { CatalogueCard } from '~/islands/shop/CatalogueCard';
import { FrameDetailsCard } from '~/islands/shop/FrameDetailsCard';
import { PriceListsCard } from '~/islands/shop/PriceListsCard';
import { PrintLabCard } from '~/islands/shop/PrintLabCard';
import { read, reason, send } from '~/lib/platform/client/query';
import { notify } from '~/lib/platform/client/toaster';
import { groupByMaterial, sizeLabel } from '~/lib/shop/product-groups';
import type { Finish, PrintSize } from '~/lib/site/constants';

/** GET /api/admin/pricing: the products the shop sells with their prices, and the frames' prices. */
interface PriceMatrix {
  prints: { size: PrintSize; finish: Finish; price: string }[];
  /** Each size a frame can be sold for; isActive false: none is sold yet. */
  framing: { size: PrintSize; price: string; isActive: boolean }[];
}

type Prices = Record<string, string>;
const printKey = (size: string, finish: string) => `${size}|${finish}`;
const frameKey = (size: string) => `frame|${size}`;

/** The form's fields as saved: a size sold without a frame has its frame field empty. */
function toPrices(m: PriceMatrix): Prices {
  const out: Prices = {};
  for (const p of m.prints) out[printKey(p.size, p.finish)] = p.price;
  for (const f of m.framing) out[frameKey(f.size)] = f.isActive ? f.price : '';
  return out;
}

/** Whether a field holds a price to save: typed, and not the one saved. */
const changed = (now: string | undefined, was: string | undefined) => {
  const typed = (now ?? '').trim();
  return typed !== '' && ((was ?? '') === '' || Number(typed) !== Number(was));
};

export function ProductsTab() {
  const client = useQueryClient();
  const { data, isError } = useQuery({
    queryKey: ['/api/admin/pricing'],
    queryFn: () => read<PriceMatrix>('/api/admin/pricing'),
  });
  const [prices, setPrices] = useState<Prices>({});
  useEffect(() => {
    if (data) setPrices(toPrices(data));
  }, [data]);

  const save = useMutation({
    mutationFn: async () => {
      const saved = data ? toPrices(data) : {};
      const prints = (data?.prints ?? [])
        .filter(({ size, finish }) => changed(prices[printKey(size, finish)], saved[printKey(size, finish)]))
        .map(({ size, finish }) => ({ size, finish, price: Number(prices[printKey(size, finish)]) }));
      const framing = (data?.framing ?? [])
        .filter(({ size }) => changed(prices[frameKey(size)], saved[frameKey(size)]))
        .map(({ size }) => ({ size, price: Number(prices[frameKey(size)]) }));
      if (prints.length === 0 && framing.length === 0) return 'none' as const;
      if (prints.length > 0) {
        await send('PUT', '/api/admin/pricing', { updates: prints }).catch((err) => {
          notify('error', 'Error', reason(err) ?? 'Failed to update pricing');
          throw err;
        });
        notify('success', 'Pricing updated successfully');
      }
      if (framing.length > 0) {
        await send('PUT', '/api/admin/framing-pricing', { updates: framing }).catch((err) => {
          notify('error', 'Error', reason(err) ?? 'Failed to update framing pricing');
          throw err;
        });
        notify('success', 'Framing pricing updated successfully');
      }
      return 'saved' as const;
    },
    onSuccess: (result) => {
      if (result === 'none') notify('error', 'No Changes', 'No pricing changes to save');
      client.invalidateQueries({ queryKey: ['/api/admin/pricing'] });
      // These are the default price list's prices.
      client.invalidateQueries({ queryKey: ['/api/admin/price-lists'] });
      // A size given its first frame can be given a weight, and the lab can make it framed.
      client.invalidateQueries({ queryKey: ['/api/admin/frame-details'] });
      client.invalidateQueries({ queryKey: ['/api/admin/lab'] });
      // The products the shop sells are shown with these prices.
      client.invalidateQueries({ queryKey: ['/api/admin/catalogue'] });
    },
  });
  const generate = useMutation({
    mutationFn: () => send<{ created: number }>('POST', '/api/admin/generate-variants'),
    onSuccess: (r) =>
      notify('success', 'Product variants generated successfully', `${r?.created ?? 0} new variants.`),
    onError: (err) => notify('error', 'Error', reason(err) ?? 'Failed to generate product variants'),
  });

  if (isError) return <p role="alert">The prices could not be loaded. Please reload the page.</p>;
  const field = (key: string, label: string, required = true) => (
    <label key={key} className="block text-sm">
      <span className="text-slate-700">{label}</span>
      <span className="mt-1 flex items-center rounded-md border border-slate-300 bg-white px-3">
        <span aria-hidden="true">€</span>
        <input
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          required={required}
          className="min-h-11 w-full bg-transparent px-2 tabular-nums outline-none"
          value={prices[key] ?? ''}
          onChange={(e) => setPrices((p) => ({ ...p, [key]: e.target.value }))}
        />
      </span>
    </label>
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <div className="space-y-10">
      <CatalogueCard />
      <form onSubmit={submit} aria-labelledby="pricing-h">
        <h2 id="pricing-h" className="text-xl font-semibold">
          Print Sizes &amp; Pricing
        </h2>
        <p className="mt-1 max-w-prose text-slate-600">
          The prints’ prices here are the default price list’s: a photo or collection given a named price list
          (below) has that list’s. A change applies to new orders only: orders already placed keep what the
          buyer paid.
        </p>
        {data && data.prints.length === 0 && (
          <p className="mt-4 max-w-prose rounded-md bg-amber-50 p-3 text-amber-950">
            The shop sells no product with a price yet: choose the products it sells first.
          </p>
        )}
        <div className="mt-6 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {groupByMaterial(data?.prints ?? []).map((group) => (
            <fieldset
              key={group.finish}
              className="min-w-0 space-y-3 rounded-lg border border-slate-200 bg-white p-5"
            >
              <legend className="px-1 font-semibold">{group.label}</legend>
              {group.items.map((p) => field(printKey(p.size, p.finish), sizeLabel(p.size)))}
            </fieldset>
          ))}
          {data && data.framing.length > 0 && (
            <fieldset
              className="min-w-0 space-y-3 rounded-lg border border-slate-200 bg-white p-5"
              aria-describedby="framing-help"
            >
              <legend className="px-1 font-semibold">Framing</legend>
              <p id="framing-help" className="text-sm text-slate-600">
                A frame can be added to a paper print of these sizes; canvas, aluminium and acrylic hang
                without one. A size left empty is not sold framed.
              </p>
              {data.framing.map((f) => field(frameKey(f.size), sizeLabel(f.size), f.isActive))}
            </fieldset>
          )}
        </div>
        <div className="mt-6 flex flex-wrap gap-3">
          <button type="submit" className="btn btn-primary" disabled={!data || save.isPending}>
            {save.isPending ? 'Saving…' : 'Save All Pricing Changes'}
          </button>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={generate.isPending}
            onClick={() => generate.mutate()}
            aria-describedby="generate-help"
          >
            {generate.isPending ? 'Updating…' : 'Update All Product Variants'}
          </button>
        </div>
        <p id="generate-help" className="mt-2 max-w-prose text-sm text-slate-600">
          Gives every photo any product the shop sells that it is missing, at the prices of its price list;
          existing prints and their prices stay as they are, and sizes a photo is too small for are still left
          out of the shop.
        </p>
      </form>
      <PriceListsCard />
      <FrameDetailsCard />
      <PrintLabCard />
      <PrintFitTable />
    </div>
  );
}
