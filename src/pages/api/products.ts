// GET /api/products, one entry per variant of an active photo (price, photo, sampleVariant).
import type { APIRoute } from 'astro';
import { toPublicPhoto } from '~/lib/photos/public-photos.server';
import { getDb } from '~/lib/platform/server/db';
import { handle } from '~/lib/platform/server/http/http';
import { salePricing } from '~/lib/shop/price-sales.server';
import { listProducts } from '~/lib/shop/products.server';
import { publicVariant } from '~/lib/shop/shop-views.server';

export const GET: APIRoute = handle(() => {
  const db = getDb();
  // At the prices of now: a running sale's.
  const sales = salePricing(db, new Date());
  return Response.json(
    listProducts(db).map(({ variant: listed, photo }) => {
      const variant = { ...listed, priceCents: sales.priceCents(listed) };
      return {
        id: variant.id,
        price: publicVariant(variant).price,
        priceCents: variant.priceCents,
        photo: toPublicPhoto(photo),
        sampleVariant: publicVariant(variant),
      };
    }),
  );
});
