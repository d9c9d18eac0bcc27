// The Dashboard's sales report: paid sales per week for the last 12 weeks as a chart, with the
// best-selling photos and the print sizes sold in those weeks (smallest first) beside it.
import { useQuery } from '@tanstack/react-query';
import { type BreakdownRowKind, breakdownAmount } from '~/lib/checkout/order-breakdown';
import { read } from '~/lib/platform/client/query';
import { decimalStringToCents, formatEuro } from '~/lib/platform/shared/format';
import { sizeWords } from '~/lib/shop/print-choices';
import type { PrintSize } from '~/lib/site/constants';
import { SalesChart } from './SalesChart';

export interface SalesReportData {
  weeks: { weekStart: string; sales: string; orders: number }[];
  totals: { kind: BreakdownRowKind; label: string; amount: string }[];
  topPhotos: { title: string; prints: number; sales: string }[];
  sizes: { size: PrintSize; prints: number; sales: string }[];
}

const cents = decimalStringToCents;
const prints = (n: number) => `${n} ${n === 1 ? 'print' : 'prints'}`;

function Figures(props: { rows: { key: string; label: string; prints: number; sales: string }[] }) {
  return (
    <ol className="mt-2 divide-y divide-slate-100">
      {props.rows.map((r) => (
        <li key={r.key} className="flex items-baseline gap-3 py-2 text-sm">
          <span className="min-w-0 flex-1 truncate" title={r.label}>
            {r.label}
          </span>
          <span className="text-slate-600 tabular-nums">{prints(r.prints)}</span>
          <span className="tabular-nums">{formatEuro(cents(r.sales))}</span>
        </li>
      ))}
    </ol>
  );
}

export function SalesReport() {
  const { data, isPending, isError } = useQuery({
    queryKey: ['/api/admin/sales'],
    queryFn: () => read<SalesReportData>('/api/admin/sales'),
  });
  const weeks = data?.weeks.map((w) => ({
    weekStart: w.weekStart,
    salesCents: cents(w.sales),
    orders: w.orders,
  }));
  const empty = weeks?.every((w) => w.orders === 0);
  return (
    <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-3">
      <section
        className="min-w-0 rounded-lg border border-slate-200 bg-white p-6 lg:col-span-2"
        aria-labelledby="weekly-h"
        aria-busy={isPending}
      >
        <h3 id="weekly-h" className="text-lg font-semibold">
          Paid Sales per Week
        </h3>
        <p className="mt-1 text-sm text-slate-600">The last 12 weeks, by the week each order was paid.</p>
        {isError && (
          <p role="alert" className="mt-4 text-red-800">
            The sales could not be loaded. Please reload the page.
          </p>
        )}
        {empty && <p className="mt-4 text-slate-600">No paid sales in the last 12 weeks</p>}
        {weeks && !empty && (
          <div className="mt-4">
            <SalesChart weeks={weeks} />
          </div>
        )}
        {data && !empty && (
          <dl
            className="mt-4 grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4"
            aria-label="The 12 weeks"
          >
            {data.totals.map((row) => (
              <div key={row.kind} className="flex flex-col">
                <dt className="text-slate-600">{row.label}</dt>
                <dd className={`tabular-nums ${row.kind === 'total' ? 'font-semibold' : ''}`}>
                  {breakdownAmount({ ...row, cents: cents(row.amount) })}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      <section className="min-w-0 rounded-lg border border-slate-200 bg-white p-6" aria-labelledby="best-h">
        <h3 id="best-h" className="text-lg font-semibold">
          Best Sellers
        </h3>
        <p className="mt-1 text-sm text-slate-600">Prints sold in the same 12 weeks.</p>
        <h4 className="mt-4 font-medium">Photos</h4>
        {data && data.topPhotos.length === 0 && <p className="mt-2 text-sm text-slate-600">None sold yet</p>}
        {data && data.topPhotos.length > 0 && (
          <Figures rows={data.topPhotos.map((p, i) => ({ key: `${i}`, label: p.title, ...p }))} />
        )}
        <h4 className="mt-4 font-medium">Sizes</h4>
        {data && data.sizes.length === 0 && <p className="mt-2 text-sm text-slate-600">None sold yet</p>}
        {data && data.sizes.length > 0 && (
          <Figures rows={data.sizes.map((s) => ({ key: s.size, label: sizeWords(s.size), ...s }))} />
        )}
      </section>
    </div>
  );
}
