// One zod schema per payload of the jobs feature, shared by the owner's form, the client's page and
// the endpoints. Money is integer cents in every payload.
import { z } from 'zod';
import { hasControlCharacter, oneLineMessage } from '~/lib/platform/shared/control-characters';
import { groupDigits } from '~/lib/platform/shared/format';
import { isCalendarDate } from '~/lib/platform/shared/irish-dates';
import { JOB_STAGES } from './job-stages';
import {
  DEFAULT_DEPOSIT_PERCENT,
  MAX_QUOTE_LINES,
  QUOTE_LINE_KINDS,
  QUOTE_MESSAGE_MAX,
  QUOTE_STANDINGS,
  QUOTE_TERMS_MAX,
  type QuoteStanding,
} from './quote-rules';

const line = (label: string, max: number) =>
  z
    .string({ error: `Please enter the ${label.toLowerCase()}.` })
    .trim()
    .min(1, `Please enter the ${label.toLowerCase()}.`)
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((v) => !hasControlCharacter(v), `${oneLineMessage(label)}.`);

const day = (label: string) =>
  z
    .string({ error: `Please enter the ${label.toLowerCase()}.` })
    .refine(isCalendarDate, `The ${label.toLowerCase()} must be a real day (YYYY-MM-DD).`);

/** One line of a quote as the owner writes it: net amounts, in cents. */
export const quoteLineSchema = z.object({
  kind: z.enum(QUOTE_LINE_KINDS, { error: 'Please choose what the line is for.' }),
  description: line('Line description', 300),
  quantity: z
    .number({ error: 'The quantity must be a whole number.' })
    .int('The quantity must be a whole number.')
    .min(1, 'The quantity must be at least 1.')
    .max(100_000, 'The quantity must be at most 100,000.'),
  unitPriceCents: z
    .number({ error: 'The price must be an amount in cents.' })
    .int('The price must be a whole number of cents.')
    .min(0, 'A price cannot be negative.')
    .max(10_000_000, 'A price must be at most €100,000.'),
});
export type QuoteLineInput = z.infer<typeof quoteLineSchema>;

/** POST /api/admin/quotes and PUT /api/admin/quotes/{id}: the quote as the owner's form saves it. */
export const quoteInputSchema = z.object({
  enquiryId: z.string().max(100).nullable().optional(),
  clientName: line('Client’s name', 200),
  clientEmail: z
    .string({ error: 'Please enter the client’s e-mail address.' })
    .trim()
    .max(254, 'Please enter a valid e-mail address.')
    .pipe(z.email('Please enter a valid e-mail address.')),
  title: line('Title', 200),
  location: z
    .string()
    .trim()
    .max(300, 'The location must be at most 300 characters.')
    .refine((v) => !hasControlCharacter(v), `${oneLineMessage('Location')}.`)
    .default(''),
  shootDate: z.union([z.literal(''), z.null(), day('Shoot date')]).optional(),
  validUntil: day('Valid until'),
  terms: z
    .string({ error: 'Please enter the terms.' })
    .trim()
    .min(1, 'Please enter the terms.')
    .max(QUOTE_TERMS_MAX, `The terms must be at most ${groupDigits(QUOTE_TERMS_MAX)} characters.`),
  lines: z
    .array(quoteLineSchema, { error: 'Please add the quote’s lines.' })
    .max(MAX_QUOTE_LINES, `A quote holds at most ${MAX_QUOTE_LINES} lines.`),
  /** The share of the accepted total asked as a deposit (0: none). */
  depositPercent: z
    .number({ error: 'The deposit must be a whole percentage from 0 to 100.' })
    .int('The deposit must be a whole percentage from 0 to 100.')
    .min(0, 'The deposit must be a whole percentage from 0 to 100.')
    .max(100, 'The deposit must be a whole percentage from 0 to 100.')
    .default(DEFAULT_DEPOSIT_PERCENT),
  /** Keep these terms as the ones every new quote starts with. */
  saveTermsAsDefault: z.boolean().optional(),
  /** Keep this deposit percentage as the one every new quote starts with. */
  saveDepositAsDefault: z.boolean().optional(),
});
export type QuoteInput = z.input<typeof quoteInputSchema>;
export type QuoteData = z.output<typeof quoteInputSchema>;

/** GET /api/admin/quotes?status=…: all quotes, or those standing so. */
export const quotesQuerySchema = z.object({
  status: z
    .enum(['all', ...QUOTE_STANDINGS] as [string, ...string[]], { error: 'Unknown status filter.' })
    .default('all')
    .transform((v) => v as QuoteStanding | 'all'),
  stage: z.enum(['all', ...JOB_STAGES], { error: 'Unknown job stage.' }).default('all'),
});

/** POST /api/quotes/{token}/accept: the client's acceptance of the total they were shown. */
export const acceptQuoteSchema = z.object({
  name: line('Full name', 200),
  acceptTerms: z.literal(true, { error: 'Please tick “I accept the terms above” to accept the quote.' }),
  totalCents: z
    .number({ error: 'The total shown is missing: please reload the page.' })
    .int('The total shown is missing: please reload the page.'),
});
export type AcceptQuoteInput = z.infer<typeof acceptQuoteSchema>;

/** POST /api/quotes/{token}/changes: what the client would like changed. */
export const quoteChangesSchema = z.object({
  message: z
    .string({ error: 'Please write what you would like changed.' })
    .trim()
    .min(1, 'Please write what you would like changed.')
    .max(QUOTE_MESSAGE_MAX, `The message must be at most ${groupDigits(QUOTE_MESSAGE_MAX)} characters.`),
});

/**
 * POST /api/quotes/{token}/deposit and its capture: an empty JSON object. The amount is the
 * server's, so a body that names one (or anything else) is refused.
 */
export const depositRequestSchema = z.strictObject(
  {},
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? 'The deposit is worked out by the site: send an empty JSON object.'
        : 'The request body must be an empty JSON object.',
  },
);

/**
 * POST /api/quotes/{token}/balance and its capture: an empty JSON object. The amount is the
 * invoice's, so a body that names one (or anything else) is refused.
 */
export const balanceRequestSchema = z.strictObject(
  {},
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? 'The balance is the amount invoiced by the site: send an empty JSON object.'
        : 'The request body must be an empty JSON object.',
  },
);

/** POST /api/admin/quotes/{id}/gallery: one of the client galleries, or a new one for the job. */
export const attachGallerySchema = z.union(
  [
    z.strictObject({ galleryId: z.string().trim().min(1).max(100) }),
    z.strictObject({ newGallery: z.literal(true) }),
  ],
  { error: 'Choose a gallery ({ galleryId }) or ask for a new one ({ newGallery: true }).' },
);
export type AttachGalleryInput = z.infer<typeof attachGallerySchema>;

/** The owner's actions on a job that take no fields (invoice the balance, release the downloads). */
export const emptyActionSchema = z.strictObject({}, { error: 'Send an empty JSON object.' });
