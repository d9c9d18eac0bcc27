// GET /api/admin/exports/orders.csv?from=YYYY-MM-DD&to=YYYY-MM-DD: the orders CSV an accountant
// works from, a row per order line of the orders paid in the period (whole days in Irish time, `to`
// included, at most five years), streamed as it is read (src/lib/orders/orders-export.ts says what
// each column holds). Bad or missing dates, or from after to, are a 400. Owner only (the route table).
import type { APIRoute } from 'astro';
import { ordersCsvFileName } from '~/lib/orders/orders-export';
import { ordersCsvStream } from '~/lib/orders/orders-export.server';
import { exportQuerySchema } from '~/lib/orders/schemas';
import { getDb } from '~/lib/platform/server/db';
import { HttpError, handle } from '~/lib/platform/server/http/http';

export const GET: APIRoute = handle(({ url }) => {
  const parsed = exportQuerySchema.safeParse({
    from: url.searchParams.get('from') ?? undefined,
    to: url.searchParams.get('to') ?? undefined,
  });
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid period.');
  return new Response(ordersCsvStream(getDb(), parsed.data), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${ordersCsvFileName(parsed.data)}"`,
      'Cache-Control': 'no-store',
    },
  });
});
