// "One-Stop-Shop return": for a calendar quarter, the taxable amount and the VAT per country of
// consumption and rate of the orders that carried another EU country's VAT (or Northern Ireland's),
// on screen and as a CSV. Refunds are taken off in the quarter they were made, as in the VAT report.
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { read, reason } from '~/lib/platform/client/query';
import { formatEuro } from '~/lib/platform/shared/format';
import { ossCsvPath, ossReportPath, previousQuarter, quarterOf } from '~/lib/selling/oss-report';
import { type CountryVatReport, countryLabel, rateLabel, rowNetCents } from '~/lib/selling/vat-report';

const field = 'mt-1 block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3';
const link =
  'inline-flex min-h-11 items-center rounded-md border border-slate-300 px-4 font-medium hover:bg-slate-50';

/** This quarter and the seven before it, newest first. */
function recentQuarters(now: Date): string[] {
  const list = [quarterOf(now)];
  while (list.length < 8) list.push(previousQuarter(list[list.length - 1] ?? ''));
  return list;
}

/** "2026-Q3" as people say it: "Q3 2026 (July to September)". */
function quarterWords(quarter: string): string {
  const [year, q] = quarter.split('-Q');
  const months = ['January to March', 'April to June', 'July to September', 'October to December'];
  return `Q${q} ${year} (${months[Number(q) - 1] ?? ''})`;
}

function OssTable(props: { quarter: string }) {
  const path = ossReportPath(props.quarter);
  const { data, isPending, isError, error } = useQuery({
    queryKey: [path],
    queryFn: () => read<CountryVatReport>(path),
  });
  if (isError)
    return (
      <p role="alert" className="mt-4 text-red-800">
        {reason(error) ?? 'The figures could not be loaded. Please try again.'}
      </p>
    );
  if (isPending || !data) return <p className="mt-4 text-slate-600">Loading the figures…</p>;
  if (data.rows.length === 0)
    return <p className="mt-4 text-slate-600">No One-Stop-Shop sales or refunds in this quarter.</p>;
  const total = data.rows.reduce(
    (t, r) => ({ net: t.net + (rowNetCents(r) ?? 0), vat: t.vat + r.vatCents }),
    { net: 0, vat: 0 },
  );
  const cell = 'py-2 pr-2 sm:pr-3';
  return (
    <table className="mt-4 w-full text-left text-sm tabular-nums">
      <caption className="sr-only">One-Stop-Shop figures by country and rate</caption>
      <thead className="border-b border-slate-200 text-slate-600">
        <tr>
          <th scope="col" className={`${cell} font-medium`}>
            Country
          </th>
          <th scope="col" className={`${cell} font-medium`}>
            VAT rate
          </th>
          <th scope="col" className={`${cell} text-right font-medium`}>
            Taxable amount
          </th>
          <th scope="col" className={`${cell} text-right font-medium`}>
            VAT
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {data.rows.map((r) => (
          <tr key={`${r.country} ${r.rateBp}`}>
            <th scope="row" className={`${cell} font-normal`}>
              {countryLabel(r.country)}
            </th>
            <td className={cell}>{rateLabel(r.rateBp)}</td>
            <td className={`${cell} text-right`}>{formatEuro(rowNetCents(r) ?? 0)}</td>
            <td className={`${cell} text-right`}>{formatEuro(r.vatCents)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot className="border-t border-slate-200 font-semibold">
        <tr>
          <th scope="row" className={cell} colSpan={2}>
            Total
          </th>
          <td className={`${cell} text-right`}>{formatEuro(total.net)}</td>
          <td className={`${cell} text-right`}>{formatEuro(total.vat)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

export function OssReturnCard() {
  const [quarters] = useState(() => recentQuarters(new Date()));
  const [quarter, setQuarter] = useState(() => quarters[1] ?? quarters[0] ?? '');
  const id = useId();
  return (
    <section className="mt-8 rounded-lg border border-slate-200 bg-white p-6" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} className="text-lg font-semibold">
        One-Stop-Shop return
      </h3>
      <p className="mt-2 max-w-prose text-slate-600">
        The orders sent to buyers in other EU countries (and Northern Ireland) that carried their country’s
        VAT while the shop was registered: the taxable amount (without VAT) and the VAT per country and rate,
        for the quarter you choose. Test orders are left out; refunds are taken off in the quarter they were
        made.
      </p>
      <div className="mt-4 max-w-xs text-sm">
        <label htmlFor={`${id}-q`}>Quarter</label>
        <select id={`${id}-q`} className={field} value={quarter} onChange={(e) => setQuarter(e.target.value)}>
          {quarters.map((q) => (
            <option key={q} value={q}>
              {quarterWords(q)}
            </option>
          ))}
        </select>
      </div>
      <div className="mt-4">
        <a href={ossCsvPath(quarter)} download className={link}>
          Download the One-Stop-Shop figures (CSV)
        </a>
      </div>
      <OssTable quarter={quarter} />
    </section>
  );
}
