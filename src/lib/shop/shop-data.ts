// The shop's photo list as the page embeds it for the client-side search, filter and sort:
// one compact row per photo (a tuple, no repeated keys), expanded in the browser. Pure and
// shared by shop.astro (encode) and lib/shop/shop-filter.ts (decode), so the two cannot drift.

import { formatEuro } from '~/lib/platform/shared/format';
import type { ReviewSummary } from '~/lib/reviews/reviews';
import { type EditionState, editionLine } from '~/lib/shop/editions';
import { cardSaleWords } from '~/lib/shop/price-sales';
import { CATEGORY_LABELS, type PhotoCategory } from '~/lib/site/constants';

export interface ShopItem {
  id: string;
  title: string;
  location: string;
  category: string;
  categoryLabel: string;
  featured: boolean;
  minCents: number;
  maxCents: number;
  created: number;
  mediaId: string | null;
  width: number | null;
  height: number | null;
  /** Only for photos without processed media. */
  imageUrl: string;
  price: string;
  /** The print page's slug ('' for a photo without one). */
  slug: string;
  /** Stars and count of the photo's approved reviews (0 and 0 without any). */
  ratingAverage: number;
  ratingCount: number;
  /** "Limited edition of 30 · 4 left" ('' for an open edition). */
  edition: string;
  /** A limited edition with no copy left: no Add to Cart. */
  soldOut: boolean;
  /** During a sale with a true reduction, the card's sale line (cardSaleWords); else ''. */
  sale: string;
  /** Lower-case text the search looks in: title, location, category and keywords. */
  text: string;
}

export type ShopRow = [
  id: string,
  title: string,
  location: string,
  category: string,
  featured: 0 | 1,
  minCents: number,
  maxCents: number,
  created: number,
  mediaId: string | null,
  width: number | null,
  height: number | null,
  imageUrl: string,
  slug: string | null,
  /** Comma-separated ('' for none): searched, never shown. */
  keywords: string,
  // Only on photos with approved reviews (withRatings): most rows stay as short as they were.
  ratingAverage?: number,
  ratingCount?: number,
  // Only on limited editions (withEditions): the edition's size and the copies left.
  editionSize?: number,
  editionLeft?: number,
  // Only during a sale with a true reduction (withCardSales): the cheapest print's "was" price; its
  // sale price is minCents.
  wasCents?: number,
];

export interface ShopSource {
  id: string;
  title: string;
  location: string | null;
  category: string;
  featured: boolean;
  minCents: number | null;
  maxCents: number | null;
  createdAt: Date;
  mediaId: string | null;
  width: number | null;
  height: number | null;
  imageUrl: string;
  slug: string | null;
  keywords: string | null;
}

export function encodeShopRow(p: ShopSource): ShopRow {
  return [
    p.id,
    p.title,
    p.location ?? '',
    p.category,
    p.featured ? 1 : 0,
    p.minCents ?? 0,
    p.maxCents ?? 0,
    p.createdAt.getTime(),
    p.mediaId,
    p.width,
    p.height,
    p.mediaId ? '' : p.imageUrl,
    p.slug,
    p.keywords ?? '',
  ];
}

/** The address of a print's own page. */
export const printPath = (slug: string) => `/prints/${slug}`;

/** The rows with the stars and count of each photo's approved reviews appended, where it has any. */
export function withRatings(
  rows: readonly ShopRow[],
  summaries: ReadonlyMap<string, ReviewSummary>,
): ShopRow[] {
  return rows.map((row) => {
    const summary = summaries.get(row[0]);
    if (!summary?.count) return row;
    const rated: ShopRow = [...row];
    rated[14] = summary.average;
    rated[15] = summary.count;
    return rated;
  });
}

/** The rows with the size and copies left of each limited edition appended (the ratings' places filled). */
export function withEditions(
  rows: readonly ShopRow[],
  states: ReadonlyMap<string, Pick<EditionState, 'editionSize' | 'left'>>,
): ShopRow[] {
  return rows.map((row) => {
    const state = states.get(row[0]);
    if (!state) return row;
    const limited: ShopRow = [...row];
    limited[14] = row[14] ?? 0;
    limited[15] = row[15] ?? 0;
    limited[16] = state.editionSize;
    limited[17] = state.left;
    return limited;
  });
}

/**
 * The rows with the "was" price of each photo whose card announces a reduction (the places before
 * it filled); the sale price is the row's lowest price, already the sale's (withSaleRowPrices).
 */
export function withCardSales(
  rows: readonly ShopRow[],
  sales: ReadonlyMap<string, { wasCents: number | null }>,
): ShopRow[] {
  return rows.map((row) => {
    const wasCents = sales.get(row[0])?.wasCents;
    if (!wasCents) return row;
    const onSale: ShopRow = [...row];
    onSale[14] = row[14] ?? 0;
    onSale[15] = row[15] ?? 0;
    onSale[16] = row[16] ?? 0;
    onSale[17] = row[17] ?? 0;
    onSale[18] = wasCents;
    return onSale;
  });
}

export function priceRangeLabel(minCents: number, maxCents: number): string {
  if (maxCents <= 0) return '';
  return minCents === maxCents ? formatEuro(minCents) : `${formatEuro(minCents)} – ${formatEuro(maxCents)}`;
}

export function decodeShopRow(r: ShopRow): ShopItem {
  const [
    id,
    title,
    location,
    category,
    featured,
    minCents,
    maxCents,
    created,
    mediaId,
    width,
    height,
    imageUrl,
    slug,
    keywords,
    ratingAverage = 0,
    ratingCount = 0,
    editionSize,
    editionLeft = 0,
    wasCents,
  ] = r;
  return {
    id,
    title,
    location,
    category,
    categoryLabel: CATEGORY_LABELS[category as PhotoCategory] ?? category,
    featured: featured === 1,
    minCents,
    maxCents,
    created,
    mediaId,
    width,
    height,
    imageUrl,
    price: priceRangeLabel(minCents, maxCents),
    slug: slug ?? '',
    ratingAverage,
    ratingCount,
    edition: editionSize ? editionLine({ editionSize, left: editionLeft }) : '',
    soldOut: Boolean(editionSize) && editionLeft <= 0,
    sale: cardSaleWords(minCents, wasCents),
    text: `${title} ${location} ${category} ${keywords ?? ''}`.toLowerCase(),
  };
}
