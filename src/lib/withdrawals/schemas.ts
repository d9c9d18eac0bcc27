// The withdrawal form: one zod schema, used by the page's form posts (both steps) and its tests.
import { z } from 'zod';
import { groupDigits } from '~/lib/platform/shared/format';

export const WITHDRAWAL_NOTE_MAX = 2000;
/**
 * An order number as the mails show it ("#" and the last 6 characters of the order's id), or the
 * whole order id the confirmation mail also gives.
 */
const ORDER_NUMBER = /^[a-z0-9-]{6,64}$/;
const ORDER_NUMBER_MESSAGE = 'Please enter the order number from your e-mail, such as #3F9A1C.';

export const withdrawalSchema = z.object({
  orderNumber: z
    .string({ error: ORDER_NUMBER_MESSAGE })
    .transform((v) => v.trim().replace(/^#\s*/, '').toLowerCase())
    .pipe(z.string().regex(ORDER_NUMBER, ORDER_NUMBER_MESSAGE)),
  email: z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .max(254, 'Please enter a valid email address')
    .pipe(z.email({ error: 'Please enter a valid email address' }))
    .transform((v) => v.toLowerCase()),
  // Optional: which prints, or a reason; several lines (the mails write it with mailBlock). Empty is none.
  note: z
    .string()
    .trim()
    .max(WITHDRAWAL_NOTE_MAX, `The note must be at most ${groupDigits(WITHDRAWAL_NOTE_MAX)} characters`)
    .optional()
    .nullable()
    .transform((v) => v || undefined),
});
export type WithdrawalInput = z.output<typeof withdrawalSchema>;
