// POST /api/admin/price-lists/lab-costs: asks the print lab what it charges for one copy of each
// print it makes, keeps the costs, and reprices the prints of every price list that prices the
// lab's prints as a margin over its cost. Answers { checked, failed: [{ sku, reason }], repriced,
// lists } (the price lists as GET /api/admin/price-lists gives them). No lab on this site is a 409;
// nothing changes then. Owner only (the route table).
import type { APIRoute } from 'astro';
import { getLab } from '~/lib/lab/lab-backend.server';
import { getDb } from '~/lib/platform/server/db';
import { HttpError, handle } from '~/lib/platform/server/http/http';
import { refreshLabCosts } from '~/lib/selling/lab-costs.server';
import { listPriceLists } from '~/lib/shop/price-lists.server';

export const POST: APIRoute = handle(async () => {
  const lab = getLab();
  if (!lab) {
    throw new HttpError(
      409,
      'No print lab is set up on this site, so there are no lab costs to ask for. Save a Prodigi key in the Print lab card first.',
    );
  }
  const db = getDb();
  const refreshed = await refreshLabCosts(db, lab);
  return Response.json(
    { ...refreshed, lists: listPriceLists(db) },
    { headers: { 'Cache-Control': 'no-store' } },
  );
});
