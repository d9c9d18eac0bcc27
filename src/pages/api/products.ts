// GET /api/products, one entry per variant of an active photo (price, photo, sampleVariant).
import type { APIRoute } from 'astro';
import { publicVariant } from '~/lib/server/api-shapes';
import { getDb } from '~/lib/server/db';
import { handle } from '~/lib/server/http';
import { listProducts } from '~/lib/server/services/products';
import { toPublicPhoto } from '~/lib/server/services/site';

export const GET: APIRoute = handle(() =>
  Response.json(
    listProducts(getDb()).map(({ variant, photo }) => ({
      id: variant.id,
      price: publicVariant(variant).price,
      priceCents: variant.priceCents,
      photo: toPublicPhoto(photo),
      sampleVariant: publicVariant(variant),
    })),
  ),
);
