// GET /api/product-variants (size, finish, price) of active photos.
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/platform/server/db';
import { handle } from '~/lib/platform/server/http/http';
import { withSalePrices } from '~/lib/shop/price-sales.server';
import { listActiveVariants } from '~/lib/shop/products.server';
import { publicVariant } from '~/lib/shop/shop-views.server';

export const GET: APIRoute = handle(() =>
  Response.json(withSalePrices(getDb(), listActiveVariants(getDb())).map(publicVariant)),
);
