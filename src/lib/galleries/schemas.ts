// The owner's gallery payloads as they arrive from the Galleries tab. Dates are days (YYYY-MM-DD,
// Irish time): an expiry names the last day the gallery or link opens, and it closes at the midnight
// after. A PIN is exactly 4 digits, or null / "" for none; left out on a change, it is kept.
import { z } from 'zod';
import { isCalendarDate, nextDay, startOfIrishDay } from '~/lib/platform/shared/irish-dates';
import { optionalText } from '~/lib/site/form-fields';
import { GALLERY_DOWNLOADS } from './gallery-rules';

const shown = (v: unknown) => (JSON.stringify(v) ?? 'nothing').slice(0, 40);
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

export const PIN_RULE = 'The PIN must be exactly 4 digits, or empty for none.';

/** "" or null: none; 4 digits: that PIN. */
const pinField = z.preprocess(
  (v) => (blank(v) ? null : v),
  z
    .string({ error: PIN_RULE })
    .regex(/^\d{4}$/, PIN_RULE)
    .nullable(),
);

/** A last day (YYYY-MM-DD) → the instant it ends; "" or null: no expiry. */
const lastDayField = (what: string) =>
  z.unknown().transform((value, ctx): Date | null => {
    if (blank(value)) return null;
    if (typeof value !== 'string' || !isCalendarDate(value)) {
      ctx.addIssue({
        code: 'custom',
        message: `${what} must be a date written YYYY-MM-DD, or empty for none (got ${shown(value)}).`,
      });
      return z.NEVER;
    }
    return startOfIrishDay(nextDay(value));
  });

const shootDateField = z.preprocess(
  (v) => (blank(v) ? null : v),
  z
    .string({ error: 'The shoot date must be a date written YYYY-MM-DD.' })
    .refine(isCalendarDate, 'The shoot date must be a date written YYYY-MM-DD.')
    .nullable(),
);

const emailField = (label: string) =>
  z.preprocess(
    (v) => (blank(v) ? null : typeof v === 'string' ? v.trim() : v),
    z
      .email({ error: `${label} must be an e-mail address, or empty.` })
      .max(254)
      .nullable(),
  );

const title = z
  .string({ error: 'A gallery needs a title.' })
  .trim()
  .min(1, 'A gallery needs a title.')
  .max(120, 'The title must be at most 120 characters.');
const clientName = z
  .string({ error: "The client's name is needed." })
  .trim()
  .min(1, "The client's name is needed.")
  .max(120, "The client's name must be at most 120 characters.");

const galleryFields = {
  title,
  clientName,
  clientEmail: emailField("The client's e-mail").optional(),
  shootDate: shootDateField.optional(),
  message: optionalText(4000, 'The message'),
  coverFileId: z.string().max(64).nullable().optional(),
  pin: pinField.optional(),
  expiresOn: lastDayField('The expiry date').optional(),
  downloads: z
    .enum(GALLERY_DOWNLOADS, { error: 'Downloads are none (proofing only), web (2048 px) or original.' })
    .optional(),
  watermark: z.boolean({ error: 'Say whether the photos are watermarked (true or false).' }).optional(),
  stripLocation: z
    .boolean({ error: 'Say whether the location is taken out of the photos (true or false).' })
    .optional(),
  printsAllowed: z.boolean({ error: 'Say whether prints may be ordered (true or false).' }).optional(),
  /** Mail the recipients a reminder seven days before the gallery expires. */
  expiryReminder: z
    .boolean({ error: 'Say whether to send a reminder before the gallery expires (true or false).' })
    .optional(),
  /** Release a proofing gallery: originals and unmarked copies may then be served. */
  released: z.boolean({ error: 'Say whether the gallery is released (true or false).' }).optional(),
};

/** POST /api/admin/galleries. */
export const galleryCreateSchema = z.object(galleryFields, {
  error: 'Send an object: { title, clientName, … }.',
});
export type GalleryCreateInput = z.output<typeof galleryCreateSchema>;

/** PUT /api/admin/galleries/{id}: only the fields sent change. */
export const galleryUpdateSchema = z.object(
  { ...galleryFields, title: title.optional(), clientName: clientName.optional() },
  { error: 'Send an object with the fields to change.' },
);
export type GalleryUpdateInput = z.output<typeof galleryUpdateSchema>;

/** POST /api/admin/galleries/{id}/links: a recipient's own link. */
export const linkCreateSchema = z.object(
  {
    recipientName: z
      .string({ error: "The recipient's name is needed." })
      .trim()
      .min(1, "The recipient's name is needed.")
      .max(120, "The recipient's name must be at most 120 characters."),
    recipientEmail: emailField("The recipient's e-mail").optional(),
    expiresOn: lastDayField("The link's expiry date").optional(),
    /** Mail the link to the recipient at once (needs their e-mail). */
    mail: z.boolean({ error: 'Say whether to e-mail the link (true or false).' }).optional(),
  },
  { error: 'Send an object: { recipientName, recipientEmail?, expiresOn? }.' },
);
export type LinkCreateInput = z.output<typeof linkCreateSchema>;

/** PUT /api/admin/galleries/{id}/links/{linkId}: revoke, or change the expiry. */
export const linkUpdateSchema = z.object(
  {
    revoked: z.boolean({ error: 'Say whether the link is revoked (true or false).' }).optional(),
    expiresOn: lastDayField("The link's expiry date").optional(),
  },
  { error: 'Send an object: { revoked?, expiresOn? }.' },
);
export type LinkUpdateInput = z.output<typeof linkUpdateSchema>;

/** POST …/links/{linkId}/mail: the token shown once at creation, since only its hash is kept. */
export const linkMailSchema = z.object(
  { token: z.string({ error: 'The link to mail is needed.' }).max(100) },
  { error: 'Send an object: { token }.' },
);
