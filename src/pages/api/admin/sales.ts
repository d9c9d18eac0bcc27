// GET /api/admin/sales (owner only, checked in src/middleware.ts): paid sales per week for the last
// 12 weeks, their items, shipping, discounts and total, and the best-selling photos and sizes of
// those weeks, in euros with 2 decimals.
import type { APIRoute } from 'astro';
import { getSalesReport } from '~/lib/admin/sales-report.server';
import { getDb } from '~/lib/platform/server/db';
import { handle } from '~/lib/platform/server/http/http';
import { centsToDecimal } from '~/lib/platform/shared/format';

export const GET: APIRoute = handle(() => {
  const report = getSalesReport(getDb(), new Date());
  return Response.json({
    weeks: report.weeks.map((w) => ({
      weekStart: w.weekStart,
      sales: centsToDecimal(w.salesCents),
      orders: w.orders,
    })),
    totals: report.totals.map((r) => ({ kind: r.kind, label: r.label, amount: centsToDecimal(r.cents) })),
    topPhotos: report.topPhotos.map((p) => ({
      title: p.title,
      prints: p.prints,
      sales: centsToDecimal(p.salesCents),
    })),
    sizes: report.sizes.map((s) => ({ size: s.size, prints: s.prints, sales: centsToDecimal(s.salesCents) })),
  });
});
