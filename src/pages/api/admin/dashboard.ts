// GET /api/admin/dashboard (owner only, checked in src/middleware.ts): the figures, the recent
// orders, and what waits for the owner.
import type { APIRoute } from 'astro';
import { getDashboardStats, getWaitingWork } from '~/lib/admin/dashboard.server';
import { getDb } from '~/lib/platform/server/db';
import { handle } from '~/lib/platform/server/http/http';
import { centsToDecimal } from '~/lib/platform/shared/format';

export const GET: APIRoute = handle(() => {
  const db = getDb();
  const stats = getDashboardStats(db);
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
    waiting: getWaitingWork(db),
  });
});
