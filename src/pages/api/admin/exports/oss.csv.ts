// GET /api/admin/exports/oss.csv?quarter=2026-Q3: the One-Stop-Shop's figures of a calendar quarter
// (lib/selling/oss-report.ts): per country and rate, the taxable amount and the VAT of the paid
// orders that carried that country's VAT, less the refunds made in the quarter. A malformed quarter
// is a 400. Owner only (the route table).
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/platform/server/db';
import { HttpError, handle } from '~/lib/platform/server/http/http';
import { ossCsv, ossQuarterSchema } from '~/lib/selling/oss-report';
import { ossReport } from '~/lib/selling/vat-report.server';

export const GET: APIRoute = handle(({ url }) => {
  const parsed = ossQuarterSchema.safeParse(url.searchParams.get('quarter') ?? undefined);
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid quarter.');
  const { quarter, from, to } = parsed.data;
  return new Response(ossCsv(ossReport(getDb(), { from, to })), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="oss-${quarter}.csv"`,
      'Cache-Control': 'no-store',
    },
  });
});
