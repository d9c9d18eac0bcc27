// Which print sizes each photo has enough pixels for (the rule is in lib/shop/print-fit.ts), and the
// same rule as an SQL condition, so that the shop's reads leave out the sizes that do not fit, and
// with it the sizes the owner withdrew for a photo because its crop does not work (print-crops.ts).
import { and, desc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '~/lib/platform/server/db';
import { fitsBySize, LAB_AREA_SHARE, MIN_PRINT_PPI, PRINT_INCHES } from '~/lib/shop/print-fit';
import { ORIGINAL_SIZES } from '~/lib/site/catalogue';
import { FINISHES, PRINT_SIZES, type PrintSize } from '~/lib/site/constants';
import { labProducts, photoPrintCrops, photos } from '~db/schema';
import { offeredProducts, offeredSizes } from './catalogue-offers.server';
import { CROP_TOLERANCE } from './print-crops';

/**
 * The sizes a CASE over the size column names: every size, or only those the shop sells when the
 * query also asks that the shop sells the product (a size it does not sell is left out anyway).
 */
const sizesOf = (facts?: OfferFacts): readonly PrintSize[] => facts?.sizes ?? PRINT_SIZES;

/** A CASE over the size column, null for a size not named (and when no size is). */
const caseOfSize = (sizeRef: string, whens: string[]) =>
  whens.length === 0 ? '(null)' : `(case ${sizeRef} ${whens.join(' ')} end)`;

/** The pixels a side needs at a size, as an SQL CASE over the size column. */
function neededPx(sizeRef: string, side: 'long' | 'short', facts?: OfferFacts): string {
  const whens = sizesOf(facts).map((s) => `when '${s}' then ${PRINT_INCHES[s][side] * MIN_PRINT_PPI}`);
  return caseOfSize(sizeRef, whens);
}

/**
 * True where the print size fits the photo: the photo's long side has at least MIN_PRINT_PPI pixels
 * per inch of the print's long side, and its short side of the short side; an unknown pixel size fits.
 * The arguments are SQL column references written out in full (`"photos"."width"`), never input.
 */
export function printFitsSql(widthRef: string, heightRef: string, sizeRef: string): SQL {
  return sql.raw(printFitsText(widthRef, heightRef, sizeRef));
}

function printFitsText(w: string, h: string, sizeRef: string, facts?: OfferFacts): string {
  return `(${w} is null or ${h} is null or ${w} <= 0 or ${h} <= 0 or (max(${w}, ${h}) >= ${neededPx(sizeRef, 'long', facts)} and min(${w}, ${h}) >= ${neededPx(sizeRef, 'short', facts)}))`;
}

/** A size's proportion (long side over short), as an SQL CASE over the size column. */
function sizeRatio(sizeRef: string, facts?: OfferFacts): string {
  const whens = sizesOf(facts).map((s) => `when '${s}' then ${PRINT_INCHES[s].long / PRINT_INCHES[s].short}`);
  return caseOfSize(sizeRef, whens);
}

/**
 * True where the size prints the photo whole: their proportions differ by at most CROP_TOLERANCE
 * (print-crops.ts), or the photo's pixel size is unknown.
 */
function sameProportionText(w: string, h: string, sizeRef: string, facts?: OfferFacts): string {
  const photo = `(max(${w}, ${h}) * 1.0 / min(${w}, ${h}))`;
  const most = 1 + CROP_TOLERANCE + 1e-9;
  const ratio = sizeRatio(sizeRef, facts);
  return `(${w} is null or ${h} is null or ${w} <= 0 or ${h} <= 0 or (${photo} <= ${ratio} * ${most} and ${ratio} <= ${photo} * ${most}))`;
}

const ORIGINAL_LIST = ORIGINAL_SIZES.map((s) => `'${s}'`).join(', ');

/**
 * True where the size is offered for the photo as far as its proportion goes: the owner's choice
 * where one is stored (photo_print_crops.offered); else a size that prints the photo whole, or one of
 * the original three sizes, which every photo was always sold in, cropped from the centre. A size of
 * another proportion is a crop the owner must approve first.
 */
function proportionOfferedText(photoRef: string, sizeRef: string, facts?: OfferFacts): string {
  const whole = sameProportionText(`${photoRef}."width"`, `${photoRef}."height"`, sizeRef, facts);
  const unchosen = `${sizeRef} in (${ORIGINAL_LIST}) or ${whole}`;
  // No photo has a choice stored: the lookup of one is left out.
  if (facts && !facts.anyCropChoice) return `(${unchosen})`;
  const choice = `(select pc.offered from photo_print_crops pc where pc.photo_id = ${photoRef}."id" and pc.size = ${sizeRef})`;
  return `coalesce(${choice} = 1, ${unchosen})`;
}

/**
 * True where the photo has the pixels for the print area the lab fills for the variant's product,
 * when the lab makes it unframed and gave its area (a canvas's wrap needs more than its face): at
 * least LAB_AREA_SHARE of the area's pixels on each side (fitsLabArea in print-fit.ts is the same
 * rule). True when the lab does not make it, its area is not known, or the photo's pixel size is not.
 */
function labAreaFitsText(photoRef: string, variantRef: string, facts?: OfferFacts): string {
  const w = `${photoRef}."width"`;
  const h = `${photoRef}."height"`;
  const unknown = `${w} is null or ${h} is null or ${w} <= 0 or ${h} <= 0`;
  const tooSmall = (aw: string, ah: string) =>
    `(max(${w}, ${h}) < max(${aw}, ${ah}) * ${LAB_AREA_SHARE} or min(${w}, ${h}) < min(${aw}, ${ah}) * ${LAB_AREA_SHARE})`;
  if (facts) {
    if (facts.areas.length === 0) return '1';
    const whens = facts.areas.map(
      (a) =>
        `when ${isPair(variantRef, a.size, a.finish)} then not ${tooSmall(String(a.widthPx), String(a.heightPx))}`,
    );
    return `(${unknown} or (case ${whens.join(' ')} else 1 end))`;
  }
  const [aw, ah] = ['lp.print_area_width_px', 'lp.print_area_height_px'];
  return `(${unknown} or not exists (select 1 from lab_products lp where lp.size = ${variantRef}."size" and lp.finish = ${variantRef}."finish" and lp.framed = 0 and ${aw} > 0 and ${ah} > 0 and ${tooSmall(aw, ah)}))`;
}

/**
 * What the shop's offer depends on besides each photo: the products the shop sells (and so their
 * sizes), the lab's print areas of the unframed products it makes, and whether any photo has a crop
 * choice stored. Read once (readOfferFacts), they are written into a query over every photo as
 * constants, where the table lookups would be repeated for each of its prints.
 */
export interface OfferFacts {
  offered: { size: PrintSize; finish: string }[];
  sizes: PrintSize[];
  areas: { size: PrintSize; finish: string; widthPx: number; heightPx: number }[];
  anyCropChoice: boolean;
}

/** The sizes and finishes are checked against the known lists, so a constant can never be SQL. */
const knownPair = (p: { size: string; finish: string }) =>
  (PRINT_SIZES as readonly string[]).includes(p.size) && (FINISHES as readonly string[]).includes(p.finish);

const isPair = (variantRef: string, size: string, finish: string) =>
  `(${variantRef}."size" = '${size}' and ${variantRef}."finish" = '${finish}')`;

/** The offer's facts as they are now, for one query (they change with the owner's settings). */
export function readOfferFacts(db: Db): OfferFacts {
  const areas = db
    .select({
      size: labProducts.size,
      finish: labProducts.finish,
      widthPx: labProducts.printAreaWidthPx,
      heightPx: labProducts.printAreaHeightPx,
    })
    .from(labProducts)
    .where(
      and(
        eq(labProducts.framed, false),
        gt(labProducts.printAreaWidthPx, 0),
        gt(labProducts.printAreaHeightPx, 0),
      ),
    )
    .all()
    .flatMap((a) => (a.widthPx && a.heightPx ? [{ ...a, widthPx: a.widthPx, heightPx: a.heightPx }] : []));
  const offered = offeredProducts(db).filter(knownPair);
  return {
    offered,
    sizes: PRINT_SIZES.filter((size) => offered.some((p) => p.size === size)),
    areas: areas.filter(knownPair),
    anyCropChoice: db.select({ one: sql`1` }).from(photoPrintCrops).limit(1).all().length > 0,
  };
}

/** The same as proportionOfferedText, as SQL (the checkout's check of one line). */
export const proportionOfferedSql = (photoRef: string, variantRef: string): SQL =>
  sql.raw(proportionOfferedText(photoRef, `${variantRef}."size"`));

/** The same as productOfferedText, as SQL (the checkout's check of one line). */
export const productOfferedSql = (variantRef: string): SQL => sql.raw(productOfferedText(variantRef));

/** True where the shop sells the variant's product (catalogue_offers). */
function productOfferedText(variantRef: string, facts?: OfferFacts): string {
  if (facts) {
    // Per size, the finishes sold in it: a CASE over the size, then a short list.
    const whens = facts.sizes.map((size) => {
      const finishes = facts.offered.filter((p) => p.size === size).map((p) => `'${p.finish}'`);
      return `when '${size}' then ${variantRef}."finish" in (${finishes.join(', ')})`;
    });
    return whens.length === 0 ? '0' : `(case ${variantRef}."size" ${whens.join(' ')} else 0 end)`;
  }
  return `exists (select 1 from catalogue_offers co where co.size = ${variantRef}."size" and co.finish = ${variantRef}."finish")`;
}

/**
 * True where the shop offers the variant of the photo: the shop sells its product (material and
 * size), the photo's pixels fit the size (printFitsSql) and the lab's print area where the lab makes
 * it (labAreaFitsText), and its proportion is the photo's or a crop offered for it
 * (proportionOfferedText). `photoRef` is the photos table's name or alias written out
 * in full (`p`, `"photos"`), `variantRef` product_variants' (`pv`, `"product_variants"`), never input.
 */
export function printOfferedSql(photoRef: string, variantRef: string, facts?: OfferFacts): SQL {
  return sql.raw(printOfferedText(photoRef, variantRef, facts));
}

function printOfferedText(photoRef: string, variantRef: string, facts?: OfferFacts): string {
  const sizeRef = `${variantRef}."size"`;
  const fits = printFitsText(`${photoRef}."width"`, `${photoRef}."height"`, sizeRef, facts);
  const labFits = labAreaFitsText(photoRef, variantRef, facts);
  const sold = productOfferedText(variantRef, facts);
  return `(${sold} and ${fits} and ${labFits} and ${proportionOfferedText(photoRef, sizeRef, facts)})`;
}

/**
 * True where the photo can be sold: it has at least one variant the shop offers (printOfferedSql).
 * A photo too small for every size, or whose every size the owner withdrew, is kept out of the shop,
 * its count and its price ranges. `photoRef` is the photos table's name or alias written out in full
 * (`p`, `"photos"`), never input.
 */
export function photoSellableSql(photoRef: string, facts?: OfferFacts): SQL {
  const offered = printOfferedText(photoRef, 'sv', facts);
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
