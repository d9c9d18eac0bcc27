// The contact form and the owner's enquiry list: one zod schema per payload, shared by the form and
// the endpoint.
import { z } from 'zod';
import { hasControlCharacter, oneLineMessage } from '~/lib/platform/shared/control-characters';
import { groupDigits } from '~/lib/platform/shared/format';

/**
 * No line break nor other control character in anything that reaches a mail header or a line of
 * a mail of its own (the names of an enquiry): see hasControlCharacter.
 */
const singleLine = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !hasControlCharacter(v), oneLineMessage(label));

export const CONTACT_MESSAGE_MAX = 5000;
export const SERVICE_INTERESTS = ['drone', 'prints', 'general'] as const;
export type ServiceInterest = (typeof SERVICE_INTERESTS)[number];
/** The contact form's options, labelled as the owner wrote them. */
export const SERVICE_INTEREST_LABELS: Record<ServiceInterest, string> = {
  drone: 'Drone Photography/Video',
  prints: 'Custom Print Order',
  general: 'General Inquiry',
};

export const contactSchema = z.object({
  firstName: singleLine('First name', 100),
  lastName: singleLine('Last name', 100),
  email: z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .max(254, 'Please enter a valid email address')
    .pipe(z.email({ error: 'Please enter a valid email address' }))
    .transform((v) => v.toLowerCase()),
  // An empty select means "no interest given".
  serviceInterest: z
    .union([z.enum(SERVICE_INTERESTS), z.literal('')])
    .optional()
    .nullable()
    .transform((v) => v || undefined),
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(CONTACT_MESSAGE_MAX, `Message must be at most ${groupDigits(CONTACT_MESSAGE_MAX)} characters`),
});
export type ContactData = z.output<typeof contactSchema>;
export const ENQUIRY_FILTERS = ['unhandled', 'all'] as const;
export type EnquiryFilter = (typeof ENQUIRY_FILTERS)[number];

/** GET /api/admin/enquiries?filter=unhandled|all (unhandled when absent). */
export const enquiriesQuerySchema = z.object({
  filter: z.enum(ENQUIRY_FILTERS, { error: 'The filter must be unhandled or all.' }).default('unhandled'),
});

/** PATCH /api/admin/enquiries/{id}: mark an enquiry handled, or waiting again. */
export const enquiryHandledSchema = z.object({
  handled: z.boolean({ error: 'Say whether the enquiry is handled (true or false).' }),
});
