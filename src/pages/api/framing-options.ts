// GET /api/framing-options, active options only (id, size, price).
import type { APIRoute } from 'astro';
import { publicFraming } from '~/lib/server/api-shapes';
import { getDb } from '~/lib/server/db';
import { handle } from '~/lib/server/http';
import { listActiveFramingOptions } from '~/lib/server/services/products';

export const GET: APIRoute = handle(() =>
  Response.json(listActiveFramingOptions(getDb()).map(publicFraming)),
);
