// GET /api/admin/oss-report?quarter=2026-Q3: the One-Stop-Shop's figures of a calendar quarter for
// the screen, a row per country and rate (the CSV is /api/admin/exports/oss.csv). A malformed
// quarter is a 400. Owner only (the route table).
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/platform/server/db';
import { HttpError, handle } from '~/lib/platform/server/http/http';
import { ossQuarterSchema } from '~/lib/selling/oss-report';
import { ossReport } from '~/lib/selling/vat-report.server';

export const GET: APIRoute = handle(({ url }) => {
  const parsed = ossQuarterSchema.safeParse(url.searchParams.get('quarter') ?? undefined);
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid quarter.');
  const { quarter, from, to } = parsed.data;
  return Response.json(
    { quarter, ...ossReport(getDb(), { from, to }) },
    { headers: { 'Cache-Control': 'no-store' } },
  );
});
