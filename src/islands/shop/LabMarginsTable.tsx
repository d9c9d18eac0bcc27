// What each print the lab makes leaves the owner, as the server works it out: the price (under the
// price list chosen, of an open print or an edition's copy, frame included), the VAT inside it, the
// lab's cost, and what is left; the lab's delivery, which the buyer pays on top, beside it. A
// product the lab cannot price now says so.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { read } from '~/lib/platform/client/query';
import { formatEuro } from '~/lib/platform/shared/format';
import type { LabMarginsView } from '~/lib/selling/lab-margins';
import { FINISH_LABELS, PRINT_SIZE_LABELS } from '~/lib/site/constants';

const money = (cents: number | null) => (cents === null ? '—' : formatEuro(cents));
const control = 'mt-1 block min-h-11 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3';

export function LabMarginsTable() {
  const [listId, setListId] = useState<string | null>(null);
  const [edition, setEdition] = useState(false);
  const query = new URLSearchParams({
    ...(listId ? { list: listId } : {}),
    ...(edition ? { edition: '1' } : {}),
  }).toString();
  const { data } = useQuery({
    // The card's save invalidates every query that starts with this key.
    queryKey: ['/api/admin/lab/margins', query],
    queryFn: () => read<LabMarginsView>(`/api/admin/lab/margins${query ? `?${query}` : ''}`),
    placeholderData: keepPreviousData,
  });
  const margins = data?.margins ?? [];
  if (!data || margins.length === 0) return null;
  const which = `${data.list.name} prices${data.edition ? ', copies of limited editions' : ''}`;
  return (
    <div className="mt-6">
      <h3 id="lab-margins-h" className="text-sm font-semibold">
        What each lab print leaves you (one copy to Ireland, {which})
      </h3>
      <div className="mt-2 grid gap-3 text-sm sm:grid-cols-2">
        {data.lists.length > 1 && (
          <label className="min-w-0">
            <span className="font-medium">Price list</span>
            <select
              className={control}
              value={data.list.id}
              onChange={(e) => {
                setListId(e.target.value);
                setEdition(false);
              }}
            >
              {data.lists.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </select>
          </label>
        )}
        {data.list.editionPrices && (
          <label className="flex min-h-11 items-center gap-2 self-end">
            <input type="checkbox" checked={data.edition} onChange={(e) => setEdition(e.target.checked)} />
            Copies of limited editions
          </label>
        )}
      </div>
      {/* A table of six columns scrolls sideways on a phone rather than squeezing its figures. */}
      <section
        className="mt-2 overflow-x-auto"
        aria-label="Lab prints and their margins"
        // A region that scrolls sideways on a phone must take focus to be scrolled without a mouse.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
        tabIndex={0}
      >
        <table aria-labelledby="lab-margins-h" className="w-full min-w-[36rem] text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="py-2 pr-3 font-medium">
                Print
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                Your price
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                VAT inside
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                Lab’s cost
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                Left for you
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Lab’s delivery (buyer pays)
              </th>
            </tr>
          </thead>
          <tbody>
            {margins.map((m) => (
              <tr key={`${m.size}-${m.finish}-${m.framed}`} className="border-b border-slate-100 align-top">
                <th scope="row" className="py-2 pr-3 font-normal">
                  {PRINT_SIZE_LABELS[m.size]} {FINISH_LABELS[m.finish].toLowerCase()}
                  {m.framed ? ', framed' : ''}
                  <span className="block text-xs text-slate-500">{m.sku}</span>
                  {m.problem && <span className="block text-xs text-red-800">{m.problem}</span>}
                </th>
                <td className="py-2 pr-3 text-right tabular-nums">{money(m.priceCents)}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{money(m.vatCents)}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{money(m.labCostCents)}</td>
                <td
                  className={`py-2 pr-3 text-right font-medium tabular-nums ${m.leftCents !== null && m.leftCents < 0 ? 'text-red-800' : ''}`}
                >
                  {money(m.leftCents)}
                </td>
                <td className="py-2 text-right tabular-nums">{money(m.labDeliveryCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
