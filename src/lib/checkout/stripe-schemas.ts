// The payloads of card payments through Stripe. Like every checkout payload they hold what the
// buyer chose and who they are, never a price: the amount charged is the server's quote.
import { z } from 'zod';
import { customerDataSchema, quoteSchema } from './schemas';

/** POST /api/stripe/payment-intent: the quote's body and the buyer; any `amount` is dropped. */
export const cardPaymentSchema = quoteSchema.extend({
  customerData: customerDataSchema,
});
export type CardPaymentInput = z.output<typeof cardPaymentSchema>;

/** GET /api/stripe/return?orderId=…: the page Stripe sends the buyer back to after paying. */
export const cardReturnSchema = z.object({
  orderId: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, { error: 'The order id is not valid.' }),
});
