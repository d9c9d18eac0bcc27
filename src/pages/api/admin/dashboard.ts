// GET /api/admin/dashboard (owner only, checked in src/middleware.ts): the figures, the recent
// orders, what waits for the owner, and this year's EU distance sales against the €10,000 threshold.
import type { APIRoute } from 'astro';
import { getDashboardStats, getWaitingWork } from '~/lib/admin/dashboard.server';
import { getDb } from '~/lib/platform/server/db';
import { handle } from '~/lib/platform/server/http/http';
import { centsToDecimal } from '~/lib/platform/shared/format';
import { ossRegistered } from '~/lib/selling/oss.server';
import { crossBorderStanding } from '~/lib/selling/oss-threshold.server';

export const GET: APIRoute = handle(() => {
  const db = getDb();
  const stats = getDashboardStats(db);
  const oss = crossBorderStanding(db, new Date());
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
    oss: {
      year: oss.year,
      net: centsToDecimal(oss.netCents),
      level: oss.level,
      registered: ossRegistered(db),
    },
  });
});
