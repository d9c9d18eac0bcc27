// GET /shop/data.json: every photo of the shop as compact rows (lib/shared/shop-data.ts), the data
// of the shop's search, category filter and sort (lib/client/shop-filter.ts). Apart from the page,
// so that each page of the shop carries only its own cards, and the front keeps one copy of the
// list for every visitor and every page until the next change.
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/server/db';
import { listShopRows } from '~/lib/server/services/photos';

export const GET: APIRoute = () => Response.json(listShopRows(getDb()));
