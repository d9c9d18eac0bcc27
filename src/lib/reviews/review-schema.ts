// The review payloads. The buyer's form (lib/reviews/review-form.ts) and POST /api/reviews check the
// same schema, so the two never disagree. Written with zod/mini, not the full zod of the other features'
// schemas: the review page loads it in the browser, and zod/mini's functions tree-shake to a few KiB.
import * as z from 'zod/mini';
import { REVIEW_NAME_MAX, REVIEW_PLACE_MAX, REVIEW_STARS, REVIEW_STATES, REVIEW_TEXT_MAX } from './reviews';

/** A review link's token: 32 random bytes in base64url (256 bits). */
export const REVIEW_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const STARS_MESSAGE = `Please choose from 1 to ${REVIEW_STARS} stars.`;

/** One line of text (it is shown beside the review), trimmed, required. */
const oneLine = (max: number, missing: string, label: string) =>
  z.string({ error: missing }).check(
    z.trim(),
    z.minLength(1, missing),
    z.maxLength(max, `${label} must be at most ${max} characters.`),
    z.refine((v) => !/[\r\n]/.test(v), `${label} must be on one line.`),
  );

/** POST /api/reviews: one print of the order the token was sent for. */
export const reviewSchema = z.object({
  token: z
    .string({ error: 'The review link is missing.' })
    .check(z.regex(REVIEW_TOKEN_PATTERN, 'This review link is not valid.')),
  photoId: z
    .string({ error: 'Please say which print you are reviewing.' })
    .check(
      z.minLength(1, 'Please say which print you are reviewing.'),
      z.maxLength(64, 'Please say which print you are reviewing.'),
    ),
  // A number from the JSON call, a string from a form's radio buttons.
  rating: z.pipe(
    z.union([z.number(), z.pipe(z.string().check(z.regex(/^\d$/)), z.transform(Number))], {
      error: STARS_MESSAGE,
    }),
    z
      .int({ error: STARS_MESSAGE })
      .check(z.minimum(1, STARS_MESSAGE), z.maximum(REVIEW_STARS, STARS_MESSAGE)),
  ),
  // Optional: an empty text is no text.
  text: z.pipe(
    z.optional(
      z.nullable(
        z
          .string()
          .check(
            z.trim(),
            z.maxLength(REVIEW_TEXT_MAX, `Your review must be at most ${REVIEW_TEXT_MAX} characters.`),
          ),
      ),
    ),
    z.transform((v) => v || null),
  ),
  name: oneLine(REVIEW_NAME_MAX, 'Please give your first name.', 'Your first name'),
  place: oneLine(REVIEW_PLACE_MAX, 'Please give your county or country.', 'The county or country'),
});
export type ReviewInput = z.output<typeof reviewSchema>;
/** The form's fields, in the order they appear. */
export const REVIEW_FIELDS = ['token', 'photoId', 'rating', 'text', 'name', 'place'] as const;

/** PATCH /api/admin/reviews/{id}: approve, hide, or set back to wait. */
export const reviewStateSchema = z.object({
  state: z.enum(REVIEW_STATES, { error: `A review's state must be one of: ${REVIEW_STATES.join(', ')}.` }),
});

export const REVIEW_FILTERS = ['all', ...REVIEW_STATES] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];

/** GET /api/admin/reviews?state=…: every review by default, pending first. */
export const reviewsQuerySchema = z.object({
  state: z._default(
    z.enum(REVIEW_FILTERS, { error: `The reviews to show must be one of: ${REVIEW_FILTERS.join(', ')}.` }),
    'all',
  ),
});

/** GET /api/admin/reviews/preview?order=…: a paid or test order's id; none for the sample order. */
export const reviewPreviewQuerySchema = z.object({
  order: z.optional(z.string().check(z.minLength(1, 'No such order.'), z.maxLength(64, 'No such order.'))),
});
