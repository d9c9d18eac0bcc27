// The pricing of an order's lines from the database alone: each print's variant (or a gallery photo's
// print), its frame, the caps on quantities. The checkout's quote and order creation both price with it,
// so the buyer pays what they were shown.
import { eq, sql } from 'drizzle-orm';
import { ORDER_PRINTS_CAP_MESSAGE, type OrderLineInput, perPrintCapMessage } from '~/lib/checkout/schemas';
import { type GallerySource, galleryOrderVariants } from '~/lib/galleries/gallery-prints.server';
import { type LabProduct, labPrintAreaOf, labProductFor } from '~/lib/lab/lab-products.server';
import type { Db } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { preparedOnce } from '~/lib/platform/server/prepared';
import { salePricing } from '~/lib/shop/price-sales.server';
import { linePriceCents } from '~/lib/shop/pricing';
import { orderLineWords, refusalSizeWords } from '~/lib/shop/print-choices';
import { fitsLabArea, printFits } from '~/lib/shop/print-fit';
import { productOfferedSql, proportionOfferedSql } from '~/lib/shop/print-fit.server';
import { MATERIALS, materialWords } from '~/lib/site/catalogue';
import { MAX_LINE_QUANTITY, MAX_ORDER_PRINTS, type PrintSize } from '~/lib/site/constants';
import { framingOptions, photos, productVariants } from '~db/schema';

export interface PricedItem {
  variantId: string;
  photoId: string;
  /** A print of a gallery photo (gallery-prints.ts): its file; it has no row in product_variants. */
  galleryFileId?: string;
  /** The photo's limited edition size, or null for an open edition. */
  editionSize: number | null;
  title: string;
  size: PrintSize;
  finish: string;
  dimensions: string;
  framing: PrintSize | null;
  framingPriceCents: number;
  /** The print alone (the variant's price); unitCents adds the frame. */
  printCents: number;
  unitCents: number;
  quantity: number;
  description: string;
  /** The lab's product when the print lab makes this print; null when the owner makes it. */
  lab: LabProduct | null;
  /** Where the owner put the print's crop window, in thousandths; null: the centre (print-crops.ts). */
  cropPosition: number | null;
}

export interface PricedOrder {
  items: PricedItem[];
  totalCents: number;
  /** The gallery and link the order's gallery prints came through, or null. */
  gallery: GallerySource | null;
}

/**
 * Prices lines from the database only. Unknown variants, variants of an inactive photo, a size the
 * photo has too few pixels for (print-fit.ts), a product the shop no longer sells, a size of
 * another proportion the owner did not offer for the photo (print-crops.ts), a frame on a material
 * that takes none, inactive or missing framing, and a frame that does not match the print's size
 * are refused with a 400.
 * Lines of the same variant and framing are combined, and only then are the quantities capped (so
 * that many small lines cannot add up past a cap): at most MAX_LINE_QUANTITY of one print and
 * MAX_ORDER_PRINTS in all, else a 400.
 */
export function priceOrderLines(db: Db, lines: readonly OrderLineInput[], now = new Date()): PricedOrder {
  if (lines.length === 0) throw new HttpError(400, 'Your cart is empty');
  const fromGallery = galleryOrderVariants(db, lines, now);
  const ids = [...new Set(lines.map((l) => l.variantId))];
  // One statement for any number of lines: the ids go in as one JSON array.
  const variants = preparedOnce(db, 'orders: variants by id', () =>
    db
      .select({
        id: productVariants.id,
        photoId: productVariants.photoId,
        editionSize: photos.editionSize,
        size: productVariants.size,
        finish: productVariants.finish,
        priceCents: productVariants.priceCents,
        dimensions: productVariants.dimensions,
        title: photos.title,
        active: photos.isActive,
        width: photos.width,
        height: photos.height,
        sold: sql<number>`${productOfferedSql('"product_variants"')}`,
        cropPosition: sql<
          number | null
        >`(select pc.position from photo_print_crops pc where pc.photo_id = ${productVariants.photoId} and pc.size = ${productVariants.size})`,
        withdrawn: sql<number>`not ${proportionOfferedSql('"photos"', '"product_variants"')}`,
      })
      .from(productVariants)
      .innerJoin(photos, eq(photos.id, productVariants.photoId))
      .where(sql`${productVariants.id} in (select value from json_each(${sql.placeholder('ids')}))`)
      .prepare(),
  ).all({ ids: JSON.stringify(ids) });
  // A gallery photo's print is no shop variant: the owner cannot withdraw its size, and its product
  // was checked against the shop's (gallery-prints.server.ts).
  const byId = new Map<
    string,
    Omit<(typeof variants)[number], 'withdrawn' | 'sold' | 'cropPosition'> & {
      galleryFileId?: string;
      withdrawn?: number;
      sold?: number;
      cropPosition?: number | null;
    }
  >([...variants, ...fromGallery.variants].map((v) => [v.id, v]));
  const activeFrames = preparedOnce(db, 'orders: active frames', () =>
    db
      .select({ size: framingOptions.size, priceCents: framingOptions.priceCents })
      .from(framingOptions)
      .where(eq(framingOptions.isActive, true))
      .prepare(),
  );
  const frames = new Map(activeFrames.all().map((f) => [f.size, f.priceCents]));
  // A sale running now takes its percentage off the print (not the frame), like any other price;
  // a discount code then applies to the prints at their sale price (quote-cart.server.ts).
  const sales = salePricing(db, now);

  const merged = new Map<string, PricedItem>();
  for (const line of lines) {
    const v = byId.get(line.variantId);
    if (!v?.active) {
      throw new HttpError(
        400,
        'One of the prints in your cart is no longer available. Please remove it and try again.',
      );
    }
    if (!printFits(v.width, v.height, v.size)) {
      throw new HttpError(
        400,
        `"${v.title}" (${refusalSizeWords(v.size, v.dimensions)}) is not available at that size: the photo does not have enough detail for a sharp print.`,
      );
    }
    if (v.sold === 0) {
      throw new HttpError(
        400,
        `"${v.title}" (${refusalSizeWords(v.size, v.dimensions)}) in ${materialWords(v.finish)} is no longer sold. Please remove it from your cart and choose another print.`,
      );
    }
    if (v.withdrawn) {
      throw new HttpError(
        400,
        `"${v.title}" (${refusalSizeWords(v.size, v.dimensions)}) is no longer offered at that size: the photographer has withdrawn it for this photo. Please remove it from your cart and choose another size.`,
      );
    }
    if (!Number.isInteger(v.priceCents) || v.priceCents <= 0) {
      throw new HttpError(400, `"${v.title}" has no price yet and cannot be ordered.`);
    }
    const printCents = v.galleryFileId ? v.priceCents : sales.priceCents(v);
    let framingPriceCents = 0;
    if (line.framing) {
      if (line.framing !== v.size) throw new HttpError(400, 'A frame must match the size of its print.');
      if (!MATERIALS[v.finish].frameable) {
        throw new HttpError(
          400,
          `${MATERIALS[v.finish].label} prints are not framed: they hang as they are.`,
        );
      }
      const frame = frames.get(line.framing);
      if (frame === undefined) {
        throw new HttpError(400, `Framing for ${line.framing} prints is not available at the moment.`);
      }
      framingPriceCents = frame;
    }
    // A client gallery's prints are always the owner's to make.
    const lab = v.galleryFileId ? null : labProductFor(db, { ...v, framed: line.framing !== null });
    if (lab && !fitsLabArea(v.width, v.height, labPrintAreaOf(db, { ...v, framed: line.framing !== null }))) {
      throw new HttpError(
        400,
        `"${v.title}" (${refusalSizeWords(v.size, v.dimensions)}) in ${materialWords(v.finish)} is not available: the photo does not have enough detail for our print lab's print. Please choose a smaller size.`,
      );
    }
    const words = orderLineWords({ ...v, framed: line.framing !== null });
    const key = `${v.id}|${line.framing ?? ''}`;
    const existing = merged.get(key);
    if (existing) {
      existing.quantity += line.quantity;
      continue;
    }
    merged.set(key, {
      variantId: v.id,
      photoId: v.photoId,
      ...(v.galleryFileId ? { galleryFileId: v.galleryFileId } : {}),
      editionSize: v.editionSize,
      title: v.title,
      size: v.size,
      finish: v.finish,
      dimensions: v.dimensions,
      framing: line.framing,
      framingPriceCents,
      printCents,
      unitCents: linePriceCents(printCents, framingPriceCents),
      quantity: line.quantity,
      // What the lab makes is named in its own words too ("… — Standard canvas on quality stretcher bar").
      description: lab?.description ? `${words} — ${lab.description}` : words,
      lab,
      cropPosition: v.cropPosition ?? null,
    });
  }
  const items = [...merged.values()];
  const tooMany = items.find((i) => i.quantity > MAX_LINE_QUANTITY);
  if (tooMany) throw new HttpError(400, perPrintCapMessage(tooMany.description));
  if (items.reduce((n, i) => n + i.quantity, 0) > MAX_ORDER_PRINTS) {
    throw new HttpError(400, ORDER_PRINTS_CAP_MESSAGE);
  }
  const totalCents = items.reduce((sum, i) => sum + i.unitCents * i.quantity, 0);
  return { items, totalCents, gallery: fromGallery.source };
}
