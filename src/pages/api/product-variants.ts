// GET /api/product-variants (size, finish, price) of active photos.
import type { APIRoute } from 'astro';
import { publicVariant } from '~/lib/server/api-shapes';
import { getDb } from '~/lib/server/db';
import { handle } from '~/lib/server/http';
import { listActiveVariants } from '~/lib/server/services/products';

export const GET: APIRoute = handle(() => Response.json(listActiveVariants(getDb()).map(publicVariant)));
