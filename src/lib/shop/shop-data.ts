// The shop's photo list as the page embeds it for the client-side search, filter and sort:
// one compact row per photo (a tuple, no repeated keys), expanded in the browser. Pure and
// shared by shop.astro (encode) and lib/shop/shop-filter.ts (decode), so the two cannot drift.

import { formatEuro } from '~/lib/platform/shared/format';
import type { ReviewSummary } from '~/lib/reviews/reviews';
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
    text: `${title} ${location} ${category} ${keywords ?? ''}`.toLowerCase(),
  };
}
