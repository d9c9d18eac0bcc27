// Which print sizes each photo has enough pixels for (the rule is in lib/shop/print-fit.ts), and the
// same rule as an SQL condition, so that the shop's reads leave out the sizes that do not fit, and
// with it the sizes the owner withdrew for a photo because its crop does not work (print-crops.ts).
import { desc, type SQL, sql } from 'drizzle-orm';
import type { Db } from '~/lib/platform/server/db';
import { fitsBySize, LAB_AREA_SHARE, MIN_PRINT_PPI, PRINT_INCHES } from '~/lib/shop/print-fit';
import { ORIGINAL_SIZES } from '~/lib/site/catalogue';
import { PRINT_SIZES } from '~/lib/site/constants';
import { photos } from '~db/schema';
import { offeredSizes } from './catalogue-offers.server';
import { CROP_TOLERANCE } from './print-crops';

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

/** A size's proportion (long side over short), as an SQL CASE over the size column. */
function sizeRatio(sizeRef: string): string {
  const whens = PRINT_SIZES.map((s) => `when '${s}' then ${PRINT_INCHES[s].long / PRINT_INCHES[s].short}`);
  return `(case ${sizeRef} ${whens.join(' ')} end)`;
}

/**
 * True where the size prints the photo whole: their proportions differ by at most CROP_TOLERANCE
 * (print-crops.ts), or the photo's pixel size is unknown.
 */
function sameProportionText(w: string, h: string, sizeRef: string): string {
  const photo = `(max(${w}, ${h}) * 1.0 / min(${w}, ${h}))`;
  const most = 1 + CROP_TOLERANCE + 1e-9;
  return `(${w} is null or ${h} is null or ${w} <= 0 or ${h} <= 0 or (${photo} <= ${sizeRatio(sizeRef)} * ${most} and ${sizeRatio(sizeRef)} <= ${photo} * ${most}))`;
}

const ORIGINAL_LIST = ORIGINAL_SIZES.map((s) => `'${s}'`).join(', ');

/**
 * True where the size is offered for the photo as far as its proportion goes: the owner's choice
 * where one is stored (photo_print_crops.offered); else a size that prints the photo whole, or one of
 * the original three sizes, which every photo was always sold in, cropped from the centre. A size of
 * another proportion is a crop the owner must approve first.
 */
function proportionOfferedText(photoRef: string, sizeRef: string): string {
  const choice = `(select pc.offered from photo_print_crops pc where pc.photo_id = ${photoRef}."id" and pc.size = ${sizeRef})`;
  const whole = sameProportionText(`${photoRef}."width"`, `${photoRef}."height"`, sizeRef);
  return `coalesce(${choice} = 1, ${sizeRef} in (${ORIGINAL_LIST}) or ${whole})`;
}

/**
 * True where the photo has the pixels for the print area the lab fills for the variant's product,
 * when the lab makes it unframed and gave its area (a canvas's wrap needs more than its face): at
 * least LAB_AREA_SHARE of the area's pixels on each side (fitsLabArea in print-fit.ts is the same
 * rule). True when the lab does not make it, its area is not known, or the photo's pixel size is not.
 */
function labAreaFitsText(photoRef: string, variantRef: string): string {
  const w = `${photoRef}."width"`;
  const h = `${photoRef}."height"`;
  const aw = 'lp.print_area_width_px';
  const ah = 'lp.print_area_height_px';
  return `(${w} is null or ${h} is null or ${w} <= 0 or ${h} <= 0 or not exists (select 1 from lab_products lp where lp.size = ${variantRef}."size" and lp.finish = ${variantRef}."finish" and lp.framed = 0 and ${aw} > 0 and ${ah} > 0 and (max(${w}, ${h}) < max(${aw}, ${ah}) * ${LAB_AREA_SHARE} or min(${w}, ${h}) < min(${aw}, ${ah}) * ${LAB_AREA_SHARE})))`;
}

/** The same as proportionOfferedText, as SQL (the checkout's check of one line). */
export const proportionOfferedSql = (photoRef: string, variantRef: string): SQL =>
  sql.raw(proportionOfferedText(photoRef, `${variantRef}."size"`));

/** The same as productOfferedText, as SQL (the checkout's check of one line). */
export const productOfferedSql = (variantRef: string): SQL => sql.raw(productOfferedText(variantRef));

/** True where the shop sells the variant's product (catalogue_offers). */
function productOfferedText(variantRef: string): string {
  return `exists (select 1 from catalogue_offers co where co.size = ${variantRef}."size" and co.finish = ${variantRef}."finish")`;
}

/**
 * True where the shop offers the variant of the photo: the shop sells its product (material and
 * size), the photo's pixels fit the size (printFitsSql) and the lab's print area where the lab makes
 * it (labAreaFitsText), and its proportion is the photo's or a crop offered for it
 * (proportionOfferedText). `photoRef` is the photos table's name or alias written out
 * in full (`p`, `"photos"`), `variantRef` product_variants' (`pv`, `"product_variants"`), never input.
 */
export function printOfferedSql(photoRef: string, variantRef: string): SQL {
  return sql.raw(printOfferedText(photoRef, variantRef));
}

function printOfferedText(photoRef: string, variantRef: string): string {
  const sizeRef = `${variantRef}."size"`;
  const fits = printFitsText(`${photoRef}."width"`, `${photoRef}."height"`, sizeRef);
  const labFits = labAreaFitsText(photoRef, variantRef);
  return `(${fits} and ${labFits} and ${productOfferedText(variantRef)} and ${proportionOfferedText(photoRef, sizeRef)})`;
}

/**
 * True where the photo can be sold: it has at least one variant the shop offers (printOfferedSql).
 * A photo too small for every size, or whose every size the owner withdrew, is kept out of the shop,
 * its count and its price ranges. `photoRef` is the photos table's name or alias written out in full
 * (`p`, `"photos"`), never input.
 */
export function photoSellableSql(photoRef: string): SQL {
  const offered = printOfferedText(photoRef, 'sv');
  return sql.raw(
    `exists (select 1 from product_variants sv where sv.photo_id = ${photoRef}."id" and ${offered})`,
  );
}

/** The condition for a query that joins product_variants to photos: the variant is on sale. */
export const variantFitsPhoto = () => printOfferedSql('"photos"', '"product_variants"');

/** Every photo, newest first, with the resolution of each print size and whether it fits. */
export function listPrintFit(db: Db) {
  const sizes = offeredSizes(db);
  return db
    .select({ photoId: photos.id, title: photos.title, width: photos.width, height: photos.height })
    .from(photos)
    .orderBy(desc(photos.createdAt))
    .all()
    .map((p) => ({ ...p, sizes: fitsBySize(p.width, p.height, sizes) }));
}
