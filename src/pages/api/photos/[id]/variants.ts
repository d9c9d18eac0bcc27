// GET /api/photos/{id}/variants, read by the print dialog while it is open: each print with its
// price, whether the print lab makes it (unframed, framed) in the lab's words, and where the owner
// moved the crop window of its size when not to the centre (cropPosition, 0 to 1).
import type { APIRoute } from 'astro';
import { listLabProducts } from '~/lib/lab/lab-products.server';
import { getDb } from '~/lib/platform/server/db';
import { HttpError, handle } from '~/lib/platform/server/http/http';
import { withSalePrices } from '~/lib/shop/price-sales.server';
import { movedCropPositions } from '~/lib/shop/print-crops.server';
import { listVariantsForPhoto } from '~/lib/shop/products.server';
import { publicVariant } from '~/lib/shop/shop-views.server';
import type { PrintSize } from '~/lib/site/constants';

export const GET: APIRoute = handle(({ params }) => {
  const id = params.id ?? '';
  if (!/^[A-Za-z0-9-]{1,64}$/.test(id)) throw new HttpError(400, 'Invalid photo id');
  const db = getDb();
  const lab = listLabProducts(db);
  const labOf = (v: { size: string; finish: string }) => {
    const made = (framed: boolean) =>
      lab.find((p) => p.size === v.size && p.finish === v.finish && p.framed === framed);
    const [unframed, framed] = [made(false), made(true)];
    if (!unframed && !framed) return {};
    return {
      lab: {
        ...(unframed ? { unframed: unframed.description ?? '' } : {}),
        ...(framed ? { framed: framed.description ?? '' } : {}),
      },
    };
  };
  const crops = movedCropPositions(db, id);
  const cropOf = (v: { size: PrintSize }) => {
    const position = crops.get(v.size);
    return position === undefined ? {} : { cropPosition: position };
  };
  return Response.json(
    withSalePrices(db, listVariantsForPhoto(db, id)).map((v) => ({
      ...publicVariant(v),
      ...labOf(v),
      ...cropOf(v),
    })),
  );
});
