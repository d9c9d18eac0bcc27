// "Exports for your accountant": a period (the last quarter that has ended, unless the owner
// chooses other days), the links to the orders CSV and the VAT per country CSV of that period,
// and the VAT per country and rate on screen. The server checks the period again and says why it
// refuses one; the same sentences are shown here before a link is followed.
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ordersCsvPath } from '~/lib/orders/orders-export';
import { read, reason } from '~/lib/platform/client/query';
import { countOf, formatEuro } from '~/lib/platform/shared/format';
import { isCalendarDate } from '~/lib/platform/shared/irish-dates';
import {
  type CountryVatReport,
  countryLabel,
  countryVatPath,
  lastQuarter,
  periodDays,
  rateLabel,
  rowNetCents,
  VAT_REPORT_MAX_DAYS,
  type VatPeriod,
} from '~/lib/selling/vat-report';

const field = 'mt-1 block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 tabular-nums';
const link =
  'inline-flex min-h-11 items-center rounded-md border border-slate-300 px-4 font-medium hover:bg-slate-50';

/** Why a period cannot be exported, in the server's words; null when it can. */
function periodProblem(p: VatPeriod): string | null {
  if (!isCalendarDate(p.from)) return 'The start date must be a date.';
  if (!isCalendarDate(p.to)) return 'The end date must be a date.';
  if (p.from > p.to) return 'The start date must be on or before the end date.';
  if (periodDays(p) > VAT_REPORT_MAX_DAYS)
    return 'An export covers at most five years: choose a shorter period.';
  return null;
}

/** The table's columns and where each sits: the rate and the orders only from a tablet's width. */
const COLUMNS = [
  ['Country', ''],
  ['VAT rate', 'hidden sm:table-cell'],
  ['Net', 'text-right'],
  ['VAT', 'text-right'],
  ['Gross', 'text-right'],
  ['Orders', 'hidden text-right sm:table-cell'],
] as const;

const money = (cents: number | null) => (cents === null ? '—' : formatEuro(cents));

function CountryTable(props: { period: VatPeriod }) {
  const path = countryVatPath(props.period, 'json');
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
    return <p className="mt-4 text-slate-600">No sales or refunds in these days.</p>;
  const total = data.rows.reduce(
    (t, r) => ({
      net: t.net + (rowNetCents(r) ?? 0),
      vat: t.vat + r.vatCents,
      gross: t.gross + r.grossCents,
    }),
    { net: 0, vat: 0, gross: 0 },
  );
  return (
    // On a phone the rate and the orders go under their country, so the table fits without scrolling.
    <div className="mt-4">
      <table className="w-full text-left text-sm tabular-nums">
        <caption className="sr-only">VAT by country and rate</caption>
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            {COLUMNS.map(([name, place]) => (
              <th key={name} scope="col" className={`py-2 pr-2 font-medium sm:pr-3 ${place}`}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {data.rows.map((r) => (
            <tr key={`${r.country} ${r.rateBp}`}>
              <th scope="row" className="py-2 pr-2 sm:pr-3 font-normal">
                {countryLabel(r.country)}
                <span className="block text-slate-600 sm:hidden">
                  {rateLabel(r.rateBp)} · {countOf(r.orders, 'order')}
                </span>
              </th>
              <td className="hidden py-2 pr-2 sm:pr-3 sm:table-cell">{rateLabel(r.rateBp)}</td>
              <td className="py-2 pr-2 sm:pr-3 text-right">{money(rowNetCents(r))}</td>
              <td className="py-2 pr-2 sm:pr-3 text-right">
                {r.rateBp === null ? '—' : formatEuro(r.vatCents)}
              </td>
              <td className="py-2 pr-2 sm:pr-3 text-right">{formatEuro(r.grossCents)}</td>
              <td className="hidden py-2 text-right sm:table-cell">{r.orders}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t border-slate-200 font-semibold">
          <tr>
            <th scope="row" className="py-2 pr-2 sm:pr-3 sm:hidden">
              Total
            </th>
            <th scope="row" className="hidden py-2 pr-2 sm:pr-3 sm:table-cell" colSpan={2}>
              Total
            </th>
            <td className="py-2 pr-2 sm:pr-3 text-right">{formatEuro(total.net)}</td>
            <td className="py-2 pr-2 sm:pr-3 text-right">{formatEuro(total.vat)}</td>
            <td className="py-2 pr-2 sm:pr-3 text-right">{formatEuro(total.gross)}</td>
            <td className="hidden sm:table-cell" />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

export function AccountantExports() {
  const [period, setPeriod] = useState<VatPeriod>(() => lastQuarter(new Date()));
  const id = useId();
  const problem = periodProblem(period);
  const set = (key: keyof VatPeriod) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setPeriod((p) => ({ ...p, [key]: e.target.value }));
  return (
    <section className="mt-8 rounded-lg border border-slate-200 bg-white p-6" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} className="text-lg font-semibold">
        Exports for your accountant
      </h3>
      <p className="mt-2 text-slate-600">
        The paid orders of the days you choose (Irish time, both days included), as spreadsheets (CSV). Test
        orders are left out. Refunds are taken off the VAT in the days they were made.
      </p>
      <div className="mt-4 grid max-w-md grid-cols-2 gap-4">
        <div className="min-w-0 text-sm">
          <label htmlFor={`${id}-from`}>From</label>
          <input id={`${id}-from`} type="date" className={field} value={period.from} onChange={set('from')} />
        </div>
        <div className="min-w-0 text-sm">
          <label htmlFor={`${id}-to`}>To</label>
          <input id={`${id}-to`} type="date" className={field} value={period.to} onChange={set('to')} />
        </div>
      </div>
      {problem ? (
        <p role="alert" className="mt-4 text-red-800">
          {problem}
        </p>
      ) : (
        <>
          <div className="mt-4 flex flex-wrap gap-3">
            <a href={ordersCsvPath(period)} download className={link}>
              Download orders (CSV)
            </a>
            <a href={countryVatPath(period)} download className={link}>
              Download VAT by country (CSV)
            </a>
          </div>
          <p className="mt-2 text-sm text-slate-600">
            The orders file has a row per print and one for each order's shipping.
          </p>
          <CountryTable period={period} />
        </>
      )}
    </section>
  );
}
