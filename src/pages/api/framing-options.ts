// GET /api/framing-options, active options only (id, size, price).
import type { APIRoute } from 'astro';
import { getDb } from '~/lib/platform/server/db';
import { handle } from '~/lib/platform/server/http/http';
import { listActiveFramingOptions } from '~/lib/shop/products.server';
import { publicFraming } from '~/lib/shop/shop-views.server';

export const GET: APIRoute = handle(() =>
  Response.json(listActiveFramingOptions(getDb()).map(publicFraming)),
);
