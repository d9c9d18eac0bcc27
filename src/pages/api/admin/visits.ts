// GET /api/admin/visits (owner only, checked in src/middleware.ts): the visitor numbers of the last
// 30 days for the dashboard's Visitors card. The counts still held in memory are written first, so
// the owner sees every view counted so far.
import type { APIRoute } from 'astro';
import { getConfig } from '~/lib/platform/server/config';
import { getDb } from '~/lib/platform/server/db';
import { handle } from '~/lib/platform/server/http/http';
import { visitCounter } from '~/lib/visits/counter.server';
import { visitReport } from '~/lib/visits/report.server';

export const GET: APIRoute = handle(() => {
  const db = getDb();
  visitCounter.flush(db);
  return Response.json(visitReport(db, { counting: getConfig().visits.enabled }), {
    headers: { 'Cache-Control': 'no-store' },
  });
});
