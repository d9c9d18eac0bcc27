// The VAT report's rules, pure: the period it covers (whole days in Irish time, at most five
// years), the last full quarter the Dashboard links to, how a refund is taken off per rate, and
// the CSVs an accountant opens (per rate, and per country and rate). Amounts in integer cents;
// euros only in the CSV.

import { CSV_BOM, csvRow } from '~/lib/platform/shared/csv';
import { centsToDecimal } from '~/lib/platform/shared/format';
import { irishDay } from '~/lib/platform/shared/irish-dates';
import { countryName } from '~/lib/selling/countries';
import type { RateTotal } from '~/lib/selling/order-vat';
import { shareOut } from '~/lib/selling/share-out';
import { ratePercent, vatInGross } from '~/lib/selling/vat';

/** A report covers at most five years (and a day for the leap years). */
export const VAT_REPORT_MAX_DAYS = 5 * 366;

export interface VatPeriod {
  /** The first day, YYYY-MM-DD, in Irish time. */
  from: string;
  /** The last day, included. */
  to: string;
}

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** How many days a period covers, both ends included. */
export const periodDays = (p: VatPeriod): number => dayNumber(p.to) - dayNumber(p.from) + 1;

/** The last quarter that has ended in Ireland at `now`: 1 April to 30 June when it is July. */
export function lastQuarter(now: Date): VatPeriod {
  const [y, m] = irishDay(now).split('-').map(Number) as [number, number];
  const thisQuarterStart = Math.floor((m - 1) / 3) * 3; // 0-based month
  const start = new Date(Date.UTC(y, thisQuarterStart - 3, 1));
  const end = new Date(Date.UTC(y, thisQuarterStart, 0));
  return { from: start.toISOString().slice(0, 10), to: end.toISOString().slice(0, 10) };
}

/** "Q2 2026": the quarter a period starts in. */
export function quarterName(p: VatPeriod): string {
  const [y, m] = p.from.split('-').map(Number) as [number, number];
  return `Q${Math.floor((m - 1) / 3) + 1} ${y}`;
}

/** The report's address for a period. */
export const vatReportPath = (p: VatPeriod): string => `/api/admin/vat-report?from=${p.from}&to=${p.to}`;

/**
 * What a refund takes off per rate: the whole order's figures when all of it went back; a part of
 * it is shared over the order's rates in proportion to what was paid at each (to the cent, nothing
 * lost to rounding), with the VAT inside each share.
 */
export function refundByRate(
  orderRates: readonly RateTotal[],
  orderTotalCents: number,
  refundedCents: number,
): RateTotal[] {
  if (refundedCents >= orderTotalCents) return orderRates.map((r) => ({ ...r }));
  const shares = shareOut(
    refundedCents,
    orderRates.map((r) => r.grossCents),
  );
  return orderRates.map((r, i) => {
    const gross = shares[i] ?? 0;
    return { rateBp: r.rateBp, grossCents: gross, vatCents: vatInGross(gross, r.rateBp) };
  });
}

export interface VatReport extends VatPeriod {
  /** Per rate, highest first: sales of the period less its refunds. */
  rates: RateTotal[];
  /** Sales less refunds of orders made before VAT was recorded: their gross alone is known. */
  unrecordedGrossCents: number;
}

const euros = centsToDecimal;

/** The report as CSV: a row per rate (net, VAT, gross, in euros), the orders without VAT, the total. */
export function vatReportCsv(report: VatReport): string {
  const rows = [csvRow(['VAT rate', 'Net (EUR)', 'VAT (EUR)', 'Gross (EUR)'])];
  for (const r of report.rates) {
    rows.push(
      csvRow([
        `${ratePercent(r.rateBp)}%`,
        euros(r.grossCents - r.vatCents),
        euros(r.vatCents),
        euros(r.grossCents),
      ]),
    );
  }
  if (report.unrecordedGrossCents !== 0) {
    rows.push(
      csvRow([
        'VAT not recorded (orders made before it was kept)',
        '',
        '',
        euros(report.unrecordedGrossCents),
      ]),
    );
  }
  const gross = report.rates.reduce((n, r) => n + r.grossCents, 0) + report.unrecordedGrossCents;
  const vat = report.rates.reduce((n, r) => n + r.vatCents, 0);
  const net = report.rates.reduce((n, r) => n + r.grossCents - r.vatCents, 0);
  rows.push(csvRow(['Total', euros(net), euros(vat), euros(gross)]));
  return rows.join('');
}

/** One country's sales less refunds at one rate (null: orders made before VAT was recorded). */
export interface CountryRateRow {
  /** Where the orders were sent (ISO 3166-1 alpha-2, XI for Northern Ireland); '' when not kept. */
  country: string;
  rateBp: number | null;
  grossCents: number;
  vatCents: number;
  /** The orders paid in the period with a sale at this rate. */
  orders: number;
}

export interface CountryVatReport extends VatPeriod {
  rows: CountryRateRow[];
}

/** "Ireland", "France"; an order whose country was not kept (made before it was asked) says so. */
export const countryLabel = (code: string): string =>
  code === '' ? 'Country not recorded' : (countryName(code) ?? code);

/** "23%"; "not recorded" for the orders made before VAT was kept. */
export const rateLabel = (rateBp: number | null): string =>
  rateBp === null ? 'not recorded' : `${ratePercent(rateBp)}%`;

/** By country name (the unknown country last), then highest rate first (not recorded last). */
export function sortCountryRows(rows: CountryRateRow[]): CountryRateRow[] {
  const name = (r: CountryRateRow) => (r.country === '' ? '\uffff' : countryLabel(r.country));
  return rows.sort((a, b) => name(a).localeCompare(name(b), 'en') || (b.rateBp ?? -1) - (a.rateBp ?? -1));
}

/** The net of a row: what is left of its gross once the VAT inside is taken off (none when not recorded). */
export const rowNetCents = (r: { rateBp: number | null; grossCents: number; vatCents: number }) =>
  r.rateBp === null ? null : r.grossCents - r.vatCents;

/** The report per country as CSV (UTF-8 with a BOM, for Excel): a row per country and rate, the total. */
export function countryVatCsv(report: CountryVatReport): string {
  const rows = [
    CSV_BOM,
    csvRow(['Country', 'Country code', 'VAT rate', 'Net (EUR)', 'VAT (EUR)', 'Gross (EUR)', 'Orders']),
  ];
  let net = 0;
  let vat = 0;
  let gross = 0;
  for (const r of report.rows) {
    const rowNet = rowNetCents(r);
    rows.push(
      csvRow([
        countryLabel(r.country),
        r.country,
        rateLabel(r.rateBp),
        rowNet === null ? '' : euros(rowNet),
        rowNet === null ? '' : euros(r.vatCents),
        euros(r.grossCents),
        String(r.orders),
      ]),
    );
    net += rowNet ?? 0;
    vat += r.vatCents;
    gross += r.grossCents;
  }
  rows.push(csvRow(['Total', '', '', euros(net), euros(vat), euros(gross), '']));
  return rows.join('');
}

/** The report per country's address for a period: its CSV, or its rows for the screen. */
export const countryVatPath = (p: VatPeriod, format: 'csv' | 'json' = 'csv'): string =>
  `/api/admin/vat-report?from=${p.from}&to=${p.to}&by=country${format === 'json' ? '&format=json' : ''}`;
