// Buyers' reviews of prints, as pages and the owner's screens show them. Pure and shared: the shop's
// cards (server-rendered, and cloned in the browser by lib/shop/shop-filter.ts), the print page's
// components (components/reviews/) and the structured data all read stars, counts and labels from
// here, so they always agree. Only approved reviews ever reach these functions' public callers.

import { REVIEW_STATES } from '~db/enums';

export { REVIEW_STATES };
export type ReviewState = (typeof REVIEW_STATES)[number];

export const REVIEW_STARS = 5;
/** A review's text: a few paragraphs at most. */
export const REVIEW_TEXT_MAX = 2000;
/** The first name and the county or country shown with a review. */
export const REVIEW_NAME_MAX = 60;
export const REVIEW_PLACE_MAX = 60;

/**
 * How a review comes to be on the site, said under every list of reviews and wherever stars from
 * them are shown, as the law asks of a shop that shows consumers' reviews: only a buyer of a print
 * can review it, by the link mailed to them when the owner marks their order delivered, and a
 * review appears only once the owner approves it (reviews.server.ts).
 */
export const REVIEWS_SOURCE_NOTE =
  'Reviews come only from people who bought the print: each buyer gets a link by e-mail after delivery, and the photographer approves a review before it appears.';

/** The stars and count of a print's approved reviews. */
export interface ReviewSummary {
  /** The mean of the stars, rounded to one decimal. */
  average: number;
  count: number;
}

/** A review as the public sees it. */
export interface PublicReview {
  id: string;
  rating: number;
  text: string | null;
  authorName: string;
  authorPlace: string;
  createdAt: Date;
}

export function summarizeRatings(ratings: readonly number[]): ReviewSummary {
  if (!ratings.length) return { average: 0, count: 0 };
  const sum = ratings.reduce((a, b) => a + b, 0);
  return { average: Math.round((sum / ratings.length) * 10) / 10, count: ratings.length };
}

/** "4.5 out of 5 stars, 2 reviews"; empty when there are none. */
export function ratingLabel(average: number, count: number): string {
  if (count <= 0) return '';
  const stars = Number.isInteger(average) ? String(average) : average.toFixed(1);
  return `${stars} out of ${REVIEW_STARS} stars, ${count} ${count === 1 ? 'review' : 'reviews'}`;
}

/** How much of the row of stars is filled, in percent (4.5 of 5 is 90). */
export function starsFillPercent(average: number): number {
  return Math.max(0, Math.min(100, Math.round((average / REVIEW_STARS) * 1000) / 10));
}

const reviewRating = (value: number) => ({
  '@type': 'Rating',
  ratingValue: value,
  bestRating: REVIEW_STARS,
  worstRating: 1,
});

/**
 * The `aggregateRating` and `review` fields of a print's schema.org Product, from its approved
 * reviews; no field at all when there are none (structured data must not claim ratings no buyer
 * gave). `summary` is the figure over every approved review when `approved` holds only some.
 */
export function reviewStructuredData(
  approved: readonly PublicReview[],
  summary: ReviewSummary = summarizeRatings(approved.map((r) => r.rating)),
): { aggregateRating?: Record<string, unknown>; review?: Record<string, unknown>[] } {
  if (summary.count <= 0) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: summary.average,
      reviewCount: summary.count,
      bestRating: REVIEW_STARS,
      worstRating: 1,
    },
    ...(approved.length
      ? {
          review: approved.map((r) => ({
            '@type': 'Review',
            reviewRating: reviewRating(r.rating),
            author: { '@type': 'Person', name: r.authorName },
            datePublished: r.createdAt.toISOString().slice(0, 10),
            ...(r.text ? { reviewBody: r.text } : {}),
          })),
        }
      : {}),
  };
}
