// GET /api/admin/dashboard (owner only, checked in src/middleware.ts).
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/server/db';
import { handle } from '~/lib/server/http';
import { getDashboardStats } from '~/lib/server/services/dashboard';
import { centsToDecimal } from '~/lib/shared/format';

export const GET: APIRoute = handle(() => {
  const stats = getDashboardStats(getDb());
  return Response.json({
    totalSales: centsToDecimal(stats.totalSalesCents),
    totalOrders: stats.totalOrders,
    totalPhotosSold: stats.totalPhotosSold,
    recentOrders: stats.recentOrders.map((o) => ({
      id: o.id,
      customerName: o.customerName,
      totalAmount: centsToDecimal(o.totalAmountCents),
      status: o.status,
      testMode: o.testMode,
      payment: o.payment,
    })),
  });
});
