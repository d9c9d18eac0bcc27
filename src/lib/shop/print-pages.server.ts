// What a print page shows (/prints/{slug}), and which photos have one. A photo has a print page
// while it is sellable: shown in the shop (active) with at least one variant at a size its pixels
// fit (print-fit.ts). The page offers exactly those variants, at the server's prices.
import { and, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '~/lib/platform/server/db';
import { framingOffered, type PrintVariant, sizesOffered } from '~/lib/shop/print-choices';
import { fitForSize, type SizeFit } from '~/lib/shop/print-fit';
import { printPath } from '~/lib/shop/shop-data';
import { byProductOrder, bySizeOrder } from '~/lib/site/catalogue';
import type { PRINT_SIZES } from '~/lib/site/constants';
import { type Photo, photoSlugRedirects, photos } from '~db/schema';
import { type FrameNotes, frameNotes } from './frame-details';
import { readFrameDetails } from './frame-details.server';
import { withSalePrices } from './price-sales.server';
import { printOfferedSql } from './print-fit.server';
import { SLUG_PATTERN } from './print-slugs.server';
import { listActiveFramingOptions, listVariantsForPhoto } from './products.server';

export { printPath };

/**
 * Active, with a variant at a size its pixels fit and the owner has not withdrawn: the photos that
 * have a print page.
 */
function sellable(): SQL {
  const fits = printOfferedSql('"photos"', 'pv');
  return and(
    eq(photos.isActive, true),
    isNotNull(photos.slug),
    sql`exists (select 1 from product_variants pv where pv.photo_id = "photos"."id" and ${fits})`,
  ) as SQL;
}

export interface PrintPage {
  photo: Photo & { slug: string };
  /** The variants on sale, small to large, each size's materials in catalogue order (matte first). */
  variants: PrintVariant[];
  /** The sizes on sale, in order, with their resolution. */
  sizes: SizeFit[];
  /** Frames that can be added, by size (only sizes on sale in a material that takes a frame). */
  framing: { size: (typeof PRINT_SIZES)[number]; priceCents: number }[];
  /** What the owner said of those frames (glazing, fittings, weights), or null while nothing. */
  frameNotes: FrameNotes | null;
}

export type PrintPageLookup = { kind: 'page'; page: PrintPage } | { kind: 'moved'; slug: string } | null;

/**
 * The print page an address asks for. The current slug gives the page; an old slug of a photo, or
 * the current one in other letter case, gives `moved` with the slug to redirect to; anything else,
 * or a photo that is not sellable (hidden, or no size fits), gives null (404).
 */
export function findPrintPage(db: Db, requested: string): PrintPageLookup {
  const slug = requested.toLowerCase();
  if (slug.length > 200 || !SLUG_PATTERN.test(slug)) return null;
  const current = db
    .select()
    .from(photos)
    .where(and(eq(photos.slug, slug), sellable()))
    .get();
  if (current) {
    if (slug !== requested) return { kind: 'moved', slug };
    const page = printPageOf(db, current as PrintPage['photo']);
    return page ? { kind: 'page', page } : null;
  }
  const moved = db
    .select({ slug: photos.slug })
    .from(photoSlugRedirects)
    .innerJoin(photos, eq(photos.id, photoSlugRedirects.photoId))
    .where(and(eq(photoSlugRedirects.slug, slug), sellable()))
    .get();
  return moved?.slug ? { kind: 'moved', slug: moved.slug } : null;
}

function printPageOf(db: Db, photo: PrintPage['photo']): PrintPage | null {
  // At the price of now: during a sale, its price and the true "was" price beside it.
  const variants = withSalePrices(db, listVariantsForPhoto(db, photo.id))
    .map(({ id, size, finish, priceCents, dimensions, wasCents }) => ({
      id,
      size,
      finish,
      priceCents,
      dimensions,
      // Only during a sale: the page's data block stays as small as it was otherwise.
      ...(wasCents ? { wasCents } : {}),
    }))
    .sort((a, b) => bySizeOrder(a.size, b.size) || byProductOrder(a, b));
  if (variants.length === 0) return null;
  const onSale = sizesOffered(variants);
  const framable = new Set(variants.filter((v) => framingOffered(v.finish)).map((v) => v.size));
  const framing = listActiveFramingOptions(db)
    .filter((f) => framable.has(f.size))
    .map(({ size, priceCents }) => ({ size, priceCents }));
  return {
    photo,
    variants,
    sizes: onSale.map((size) => fitForSize(photo.width, photo.height, size)),
    framing,
    frameNotes: frameNotes(
      readFrameDetails(db),
      framing.map((f) => f.size),
    ),
  };
}

/** The slug of every sellable photo, newest first (the sitemap). */
export function listPrintSlugs(db: Db): string[] {
  return db
    .select({ slug: photos.slug })
    .from(photos)
    .where(sellable())
    .orderBy(sql`${photos.createdAt} desc`)
    .all()
    .flatMap((r) => (r.slug ? [r.slug] : []));
}

/** The print page of each of these photos that is sellable, by photo id (the viewer's "Buy a print"). */
export function printPathsOf(db: Db, ids: readonly string[]): Map<string, string> {
  if (ids.length === 0) return new Map();
  const rows = db
    .select({ id: photos.id, slug: photos.slug })
    .from(photos)
    .where(and(inArray(photos.id, [...ids]), sellable()))
    .all();
  return new Map(rows.flatMap((r) => (r.slug ? [[r.id, printPath(r.slug)] as const] : [])));
}
