// The checkout's payloads: the buyer's details, the chosen prints (never a price), order creation
// and capture.
import { z } from 'zod';
import { CUSTOMER_RULES, type CustomerFieldRule } from '~/lib/checkout/customer';
import { hasControlCharacter } from '~/lib/platform/shared/control-characters';
import { COUNTRY_MISSING_MESSAGE } from '~/lib/selling/countries';
import { DISCOUNT_MESSAGES } from '~/lib/selling/discount';
import { QUANTITY } from '~/lib/shop/print-choices';
import { MAX_ORDER_PRINTS, PRINT_SIZES } from '~/lib/site/constants';
import { LAB_SHIPPING_METHODS } from '~db/enums';

// The checkout form, shared by the form (react-hook-form + zodResolver, validated on
// change) and the capture endpoint. Messages are the owner's, word for word.

/** A customer field's zod schema, built from its rules in lib/checkout/customer.ts. */
function customerField(rule: CustomerFieldRule): z.ZodType<string> {
  let s = rule.email !== undefined ? z.email({ error: rule.email }).trim() : z.string().trim();
  s = s.refine((v) => !hasControlCharacter(v), rule.oneLine);
  if (rule.min) s = s.min(rule.min.length, rule.min.message);
  s = s.max(rule.max);
  if (rule.pattern) s = s.regex(rule.pattern.re, rule.pattern.message);
  return s;
}

export const customerDataSchema = z.object({
  name: customerField(CUSTOMER_RULES.name),
  email: customerField(CUSTOMER_RULES.email),
  phone: customerField(CUSTOMER_RULES.phone),
  street: customerField(CUSTOMER_RULES.street),
  city: customerField(CUSTOMER_RULES.city),
  postalCode: customerField(CUSTOMER_RULES.postalCode),
  country: customerField(CUSTOMER_RULES.country),
});
export type CustomerData = z.infer<typeof customerDataSchema>;

export const MAX_ORDER_LINES = 50;

/** The refusals of the quantity caps, shared by the schema and the server's pricing. */
export const perPrintCapMessage = (what?: string) =>
  `You can order at most ${QUANTITY.max} copies of one print${what ? ` (${what})` : ''}. Please lower the quantity.`;
export const ORDER_PRINTS_CAP_MESSAGE = `An order can hold at most ${MAX_ORDER_PRINTS} prints. Please split it into smaller orders.`;

/** One chosen print as the browser sends it: no price, ever. */
export const orderLineSchema = z.object({
  variantId: z.string().trim().min(1, 'A print is missing its variant').max(64),
  framing: z.enum(PRINT_SIZES).nullable().default(null),
  quantity: z
    .number()
    .int('Quantity must be a whole number')
    .min(QUANTITY.min, `Quantity must be at least ${QUANTITY.min}`)
    .max(QUANTITY.max, perPrintCapMessage()),
  /** A print of a gallery photo: the token of the gallery link it was chosen through. */
  galleryLink: z.string().trim().max(100).optional(),
  /** And, in a gallery with a PIN, the gallery page's proof that the PIN was given. */
  galleryPass: z.string().trim().max(100).optional(),
});
export type OrderLineInput = z.infer<typeof orderLineSchema>;

/** What a buyer reads when the country is missing, or is not one of the checkout's list. */

/** Codes are at most 32 characters (DISCOUNT_CODE_PATTERN); text much longer is not a code at all. */
export const MAX_TYPED_CODE_LENGTH = 100;

/** The cart's lines as the browser sends them: at most MAX_ORDER_LINES, MAX_ORDER_PRINTS prints in all. */
const linesSchema = z
  .array(orderLineSchema)
  .min(1, 'Your cart is empty')
  .max(MAX_ORDER_LINES, `At most ${MAX_ORDER_LINES} different prints per order`)
  // The per-print cap after combining lines needs the print's title: the server's pricing checks it.
  .refine((lines) => lines.reduce((n, l) => n + l.quantity, 0) <= MAX_ORDER_PRINTS, ORDER_PRINTS_CAP_MESSAGE);

/**
 * The destination: an ISO 3166-1 alpha-2 code from the checkout's list (any case). A code of that
 * shape that is not on the list, or one the owner does not ship to, is the quote's 422
 * (destinationOf), with the sentence the buyer reads.
 */
const countrySchema = z
  .string({ error: COUNTRY_MISSING_MESSAGE })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, COUNTRY_MISSING_MESSAGE);

/**
 * A discount code as typed: empty means none. Its spelling is checked by the quote (a 422 on the
 * code's field, counted as a wrong guess); only text far longer than any code is refused here.
 */
const discountCodeSchema = z
  .string()
  .max(MAX_TYPED_CODE_LENGTH, DISCOUNT_MESSAGES.invalid)
  .optional()
  .transform((code) => (code?.trim() ? code.trim() : undefined));

/**
 * The print lab's delivery speed the buyer chose for the prints the lab makes; none means the one
 * the owner offers first. Whether the owner offers it, and the lab delivers by it there, is the
 * quote's 422.
 */
const labShippingMethodSchema = z
  .enum(LAB_SHIPPING_METHODS, {
    error: `Choose the print lab's delivery speed: one of ${LAB_SHIPPING_METHODS.join(', ')}.`,
  })
  .optional();

/** POST /api/checkout/quote: what the buyer has chosen, where it goes, and a code; never a price. */
export const quoteSchema = z.object({
  lines: linesSchema,
  country: countrySchema,
  discountCode: discountCodeSchema,
  labShippingMethod: labShippingMethodSchema,
});
export type QuoteInput = z.output<typeof quoteSchema>;
/** The quote's body as the checkout form sends it. */
export type QuoteRequest = z.input<typeof quoteSchema>;

/**
 * POST /api/paypal/order: the quote's body. A client may send amount, currency and intent; `amount`
 * is accepted and dropped (z.object strips it): the server prices every line from the database.
 */
export const createOrderSchema = quoteSchema.extend({
  currency: z.literal('EUR', { error: 'Only EUR is accepted' }).default('EUR'),
  intent: z
    .string()
    .transform((s) => s.toUpperCase())
    .pipe(z.literal('CAPTURE', { error: 'Only the CAPTURE intent is accepted' }))
    .default('CAPTURE'),
});

/** POST /api/paypal/order/{id}/capture. cartItems are informative only: the order was priced at creation. */
export const captureOrderSchema = z.object({
  customerData: customerDataSchema.optional(),
  cartItems: z.array(z.unknown()).max(MAX_ORDER_LINES).optional(),
});
