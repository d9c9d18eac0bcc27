// GET /api/admin/catalogue: the products the shop sells (a material in a size), each with its price
// in the default price list and how many photos it is offered for, and the active photos in all.
// PUT /api/admin/catalogue { products: [{ size, finish, price }] }: sells exactly these products, a
// price in euros setting the default list's (needed for a product that has none yet); every photo is
// given the variants it lacks, and answers the view as GET does. Bad input is a 400 naming its field,
// a product turned on with no price a 422 naming it, and nothing changes then. Owner only (the
// route table).
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/platform/server/db';
import { handle, readJson } from '~/lib/platform/server/http/http';
import { catalogueView, saveCatalogue } from '~/lib/shop/catalogue-admin.server';
import { catalogueSchema } from '~/lib/shop/catalogue-schemas';

const noStore = { headers: { 'Cache-Control': 'no-store' } };

export const GET: APIRoute = handle(() => Response.json(catalogueView(getDb()), noStore));

export const PUT: APIRoute = handle(async ({ request }) =>
  Response.json(saveCatalogue(getDb(), await readJson(request, catalogueSchema)), noStore),
);
