// GET /shop/data.json: every photo of the shop as compact rows (lib/shared/shop-data.ts), the data
// of the shop's search, category filter and sort (lib/client/shop-filter.ts), with the stars of
// each photo's approved reviews. Apart from the page, so that each page of the shop carries only its
// own cards, and the front keeps one copy of the list for every visitor and every page until the
// next change (approving a review is one).
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/server/db';
import { listShopRows } from '~/lib/server/services/photos';
import { reviewSummaries } from '~/lib/server/services/reviews';
import { withRatings } from '~/lib/shared/shop-data';

export const GET: APIRoute = () => {
  const db = getDb();
  return Response.json(withRatings(listShopRows(db), reviewSummaries(db)));
};
