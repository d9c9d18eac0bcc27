// GET /api/admin/vat-report?from=YYYY-MM-DD&to=YYYY-MM-DD: a CSV of the period (whole days in Irish
// time, `to` included, at most five years), a row per VAT rate with net, VAT and gross in euros:
// the sales paid in the period less the refunds made in it. Orders made before VAT was recorded
// have a row of their own with their gross alone. Bad or missing dates, or from after to, are a
// 400. Owner only (the route table).
import type { APIRoute } from 'astro';
import { vatReportQuerySchema } from '~/lib/orders/schemas';
import { getDb } from '~/lib/platform/server/db';
import { HttpError, handle } from '~/lib/platform/server/http/http';
import { vatReportCsv } from '~/lib/selling/vat-report';
import { vatReport } from '~/lib/selling/vat-report.server';

export const GET: APIRoute = handle(({ url }) => {
  const parsed = vatReportQuerySchema.safeParse({
    from: url.searchParams.get('from') ?? undefined,
    to: url.searchParams.get('to') ?? undefined,
  });
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid period.');
  const { from, to } = parsed.data;
  return new Response(vatReportCsv(vatReport(getDb(), { from, to })), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="vat-report-${from}-to-${to}.csv"`,
      'Cache-Control': 'no-store',
    },
  });
});
