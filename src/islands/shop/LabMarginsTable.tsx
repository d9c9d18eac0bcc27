// What each print the lab makes leaves the owner, as the server works it out: the price (default
// price list, frame included), the VAT inside it, the lab's cost, and what is left; the lab's
// delivery, which the buyer pays on top, beside it. A product the lab cannot price now says so.
import { useQuery } from '@tanstack/react-query';
import { read } from '~/lib/platform/client/query';
import { formatEuro } from '~/lib/platform/shared/format';
import type { LabMargin } from '~/lib/selling/lab-margins';
import { FINISH_LABELS, PRINT_SIZE_LABELS } from '~/lib/site/constants';

const money = (cents: number | null) => (cents === null ? '—' : formatEuro(cents));

export function LabMarginsTable() {
  const { data } = useQuery({
    queryKey: ['/api/admin/lab/margins'],
    queryFn: () => read<{ margins: LabMargin[] }>('/api/admin/lab/margins'),
  });
  const margins = data?.margins ?? [];
  if (margins.length === 0) return null;
  return (
    <div className="mt-6">
      <h3 id="lab-margins-h" className="text-sm font-semibold">
        What each lab print leaves you (one copy to Ireland, default prices)
      </h3>
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
