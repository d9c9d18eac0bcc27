// GET /api/admin/vat-report?from=YYYY-MM-DD&to=YYYY-MM-DD: a CSV of the period (whole days in Irish
// time, `to` included, at most five years), a row per VAT rate with net, VAT and gross in euros:
// the sales paid in the period less the refunds made in it. Orders made before VAT was recorded
// have a row of their own with their gross alone. With `by=country`, a row per country the orders
// were sent to and rate, with the number of orders paid (`format=json`: the same rows for the
// screen). Bad or missing dates, or from after to, are a 400. Owner only (the route table).
import type { APIRoute } from 'astro';
import { vatReportQuerySchema, vatReportViewSchema } from '~/lib/orders/schemas';
import { getDb } from '~/lib/platform/server/db';
import { HttpError, handle } from '~/lib/platform/server/http/http';
import { countryVatCsv, vatReportCsv } from '~/lib/selling/vat-report';
import { vatReport, vatReportByCountry } from '~/lib/selling/vat-report.server';

const csv = (text: string, fileName: string) =>
  new Response(text, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'no-store',
    },
  });

export const GET: APIRoute = handle(({ url }) => {
  const query = (name: string) => url.searchParams.get(name) ?? undefined;
  const parsed = vatReportQuerySchema.safeParse({ from: query('from'), to: query('to') });
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid period.');
  const view = vatReportViewSchema.safeParse({ by: query('by'), format: query('format') });
  if (!view.success) throw new HttpError(400, view.error.issues[0]?.message ?? 'Invalid view.');
  const { from, to } = parsed.data;
  if (view.data.by === 'rate') {
    if (view.data.format === 'json')
      throw new HttpError(400, 'format=json is given per country only: add by=country.');
    return csv(vatReportCsv(vatReport(getDb(), { from, to })), `vat-report-${from}-to-${to}.csv`);
  }
  const report = vatReportByCountry(getDb(), { from, to });
  if (view.data.format === 'json') return Response.json(report, { headers: { 'Cache-Control': 'no-store' } });
  return csv(countryVatCsv(report), `vat-by-country-${from}-to-${to}.csv`);
});
