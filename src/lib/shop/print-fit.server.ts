// Which print sizes each photo has enough pixels for (the rule is in lib/shop/print-fit.ts), and the
// same rule as an SQL condition, so that the shop's reads leave out the sizes that do not fit, and
// with it the sizes the owner withdrew for a photo because its crop does not work (print-crops.ts).
import { desc, type SQL, sql } from 'drizzle-orm';
import type { Db } from '~/lib/platform/server/db';
import { fitsBySize, MIN_PRINT_PPI, PRINT_INCHES } from '~/lib/shop/print-fit';
import { PRINT_SIZES } from '~/lib/site/constants';
import { photos } from '~db/schema';

/** The pixels a side needs at a size, as an SQL CASE over the size column. */
function neededPx(sizeRef: string, side: 'long' | 'short'): string {
  const whens = PRINT_SIZES.map((s) => `when '${s}' then ${PRINT_INCHES[s][side] * MIN_PRINT_PPI}`);
  return `(case ${sizeRef} ${whens.join(' ')} end)`;
}

/**
 * True where the print size fits the photo: the photo's long side has at least MIN_PRINT_PPI pixels
 * per inch of the print's long side, and its short side of the short side; an unknown pixel size fits.
 * The arguments are SQL column references written out in full (`"photos"."width"`), never input.
 */
export function printFitsSql(widthRef: string, heightRef: string, sizeRef: string): SQL {
  return sql.raw(printFitsText(widthRef, heightRef, sizeRef));
}

function printFitsText(w: string, h: string, sizeRef: string): string {
  return `(${w} is null or ${h} is null or ${w} <= 0 or ${h} <= 0 or (max(${w}, ${h}) >= ${neededPx(sizeRef, 'long')} and min(${w}, ${h}) >= ${neededPx(sizeRef, 'short')}))`;
}

/** True where the owner has not withdrawn the size for the photo (photo_print_crops.offered = 0). */
function notWithdrawnText(photoIdRef: string, sizeRef: string): string {
  return `not exists (select 1 from photo_print_crops pc where pc.photo_id = ${photoIdRef} and pc.size = ${sizeRef} and pc.offered = 0)`;
}

/**
 * True where the shop offers the print size of the photo: its pixels fit the size (printFitsSql)
 * and the owner has not withdrawn the size for it. `photoRef` is the photos table's name or alias
 * written out in full (`p`, `"photos"`), `sizeRef` the size column, never input.
 */
export function printOfferedSql(photoRef: string, sizeRef: string): SQL {
  return sql.raw(printOfferedText(photoRef, sizeRef));
}

function printOfferedText(photoRef: string, sizeRef: string): string {
  const fits = printFitsText(`${photoRef}."width"`, `${photoRef}."height"`, sizeRef);
  return `(${fits} and ${notWithdrawnText(`${photoRef}."id"`, sizeRef)})`;
}

/**
 * True where the photo can be sold: it has at least one variant at a size the shop offers it at
 * (printOfferedSql). A photo too small for every size (below MIN_PRINT_PPI even as a small print),
 * or whose every size the owner withdrew, is kept out of the shop, its count and its price ranges.
 * `photoRef` is the photos table's name or alias written out in full (`p`, `"photos"`), never input.
 */
export function photoSellableSql(photoRef: string): SQL {
  const offered = printOfferedText(photoRef, 'sv.size');
  return sql.raw(
    `exists (select 1 from product_variants sv where sv.photo_id = ${photoRef}."id" and ${offered})`,
  );
}

/** The condition for a query that joins product_variants to photos: the variant is on sale. */
export const variantFitsPhoto = () => printOfferedSql('"photos"', '"product_variants"."size"');

/** Every photo, newest first, with the resolution of each print size and whether it fits. */
export function listPrintFit(db: Db) {
  return db
    .select({ photoId: photos.id, title: photos.title, width: photos.width, height: photos.height })
    .from(photos)
    .orderBy(desc(photos.createdAt))
    .all()
    .map((p) => ({ ...p, sizes: fitsBySize(p.width, p.height) }));
}
