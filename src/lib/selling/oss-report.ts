// The One-Stop-Shop's quarterly figures, pure: the calendar quarter asked for ("2026-Q3"), and the
// CSV an accountant copies into the return: per country of consumption and rate, the taxable amount
// (net of VAT) and the VAT, in euros. The rows themselves are the VAT report's (vat-report.server.ts).
import { z } from 'zod';
import { CSV_BOM, csvRow } from '~/lib/platform/shared/csv';
import { centsToDecimal } from '~/lib/platform/shared/format';
import { irishDay } from '~/lib/platform/shared/irish-dates';
import { type CountryVatReport, countryLabel, rateLabel, rowNetCents, type VatPeriod } from './vat-report';

const QUARTER = /^(\d{4})-Q([1-4])$/;

/** A quarter, "2026-Q3", as the days it covers in Irish time. */
export function quarterPeriod(quarter: string): VatPeriod | null {
  const m = QUARTER.exec(quarter);
  if (!m) return null;
  const year = Number(m[1]);
  const q = Number(m[2]);
  const from = new Date(Date.UTC(year, (q - 1) * 3, 1));
  const to = new Date(Date.UTC(year, q * 3, 0));
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
}

/** The quarter of a day in Ireland: "2026-Q3" on 28 August 2026. */
export function quarterOf(at: Date): string {
  const [y, m] = irishDay(at).split('-').map(Number) as [number, number];
  return `${y}-Q${Math.floor((m - 1) / 3) + 1}`;
}

/** The quarter before: "2026-Q2" for "2026-Q3", "2025-Q4" for "2026-Q1". */
export function previousQuarter(quarter: string): string {
  const m = QUARTER.exec(quarter);
  if (!m) return quarter;
  const q = Number(m[2]);
  return q === 1 ? `${Number(m[1]) - 1}-Q4` : `${m[1]}-Q${q - 1}`;
}

export const QUARTER_MESSAGE = 'The quarter must be a year, a dash and Q1 to Q4, such as 2026-Q3.';

/** ?quarter=2026-Q3 of the One-Stop-Shop's figures, shared by the admin's form and the endpoints. */
export const ossQuarterSchema = z
  .string({ error: `Choose a quarter. ${QUARTER_MESSAGE}` })
  .transform((text, ctx) => {
    const quarter = text.trim().toUpperCase();
    const period = quarterPeriod(quarter);
    if (!period) {
      ctx.addIssue({
        code: 'custom',
        message: `${QUARTER_MESSAGE} (got ${JSON.stringify(text.slice(0, 20))})`,
      });
      return z.NEVER;
    }
    return { quarter, ...period };
  });

/** The figures' address: the CSV, or the same rows for the screen. */
export const ossCsvPath = (quarter: string) =>
  `/api/admin/exports/oss.csv?quarter=${encodeURIComponent(quarter)}`;
export const ossReportPath = (quarter: string) =>
  `/api/admin/oss-report?quarter=${encodeURIComponent(quarter)}`;

const euros = centsToDecimal;

/** The quarter as CSV (UTF-8 with a BOM, for Excel): a row per country and rate, then the total. */
export function ossCsv(report: CountryVatReport): string {
  const rows = [
    CSV_BOM,
    csvRow([
      'Member state of consumption',
      'Country code',
      'VAT rate',
      'Taxable amount (EUR)',
      'VAT (EUR)',
      'Orders',
    ]),
  ];
  let net = 0;
  let vat = 0;
  for (const r of report.rows) {
    const rowNet = rowNetCents(r) ?? 0;
    rows.push(
      csvRow([
        countryLabel(r.country),
        r.country,
        rateLabel(r.rateBp),
        euros(rowNet),
        euros(r.vatCents),
        String(r.orders),
      ]),
    );
    net += rowNet;
    vat += r.vatCents;
  }
  rows.push(csvRow(['Total', '', '', euros(net), euros(vat), '']));
  return rows.join('');
}
