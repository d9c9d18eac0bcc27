// SPEC §7: GET /api/products, one entry per variant of an active photo (price, photo, sampleVariant).
import type { APIRoute } from 'astro';
import { publicPhoto, publicVariant } from '../../lib/server/api-shapes';
import { getDb } from '../../lib/server/db';
import { handle } from '../../lib/server/http';
import { listProducts } from '../../lib/server/services/products';

export const GET: APIRoute = handle(() =>
  Response.json(
    listProducts(getDb()).map(({ variant, photo }) => ({
      id: variant.id,
      price: publicVariant(variant).price,
      priceCents: variant.priceCents,
      photo: publicPhoto(photo),
      sampleVariant: publicVariant(variant),
    })),
  ),
);
