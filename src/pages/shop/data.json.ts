// GET /shop/data.json: every photo of the shop as compact rows (lib/shop/shop-data.ts), the data
// of the shop's search, category filter and sort (lib/shop/shop-filter.ts), with the stars of
// each photo's approved reviews and the copies left of each limited edition. Apart from the page, so that each page of the shop carries only its
// own cards, and the front keeps one copy of the list for every visitor and every page until the
// next change (approving a review is one). Prices are those of now: a running sale's, with the
// "was" price its cards announce.
import type { APIRoute } from 'astro';
import { listShopRows } from '~/lib/photos/photos.server';
import { getDb } from '~/lib/platform/server/db';
import { reviewSummaries } from '~/lib/reviews/reviews.server';
import { editionStates } from '~/lib/shop/editions.server';
import { shopRowsOnSale } from '~/lib/shop/price-sales.server';
import { withEditions, withRatings } from '~/lib/shop/shop-data';

export const GET: APIRoute = () => {
  const db = getDb();
  const rows = withRatings(shopRowsOnSale(db, listShopRows(db)), reviewSummaries(db));
  const editions = editionStates(
    db,
    rows.map((r) => r[0]),
  );
  return Response.json(withEditions(rows, editions));
};
