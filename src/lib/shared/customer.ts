// The buyer's delivery details: one set of rules for the checkout form and the capture endpoint.
// Written with zod/mini so that the browser loads only zod's small core, not the whole library.
import { z } from 'zod/mini';

/** Only digits, spaces, hyphens, parentheses, and an optional leading plus. */
const PHONE_PATTERN = /^\+?[\d\s\-()]+$/;

export const customerDataSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(2, 'Name must be at least 2 characters'), z.maxLength(200)),
  email: z.email({ error: 'Please enter a valid email address' }).check(z.trim(), z.maxLength(254)),
  phone: z
    .string()
    .check(
      z.trim(),
      z.minLength(10, 'Phone number must be at least 10 digits'),
      z.maxLength(40),
      z.regex(PHONE_PATTERN, 'Please enter a valid phone number'),
    ),
  street: z
    .string()
    .check(z.trim(), z.minLength(5, 'Street address must be at least 5 characters'), z.maxLength(300)),
  city: z.string().check(z.trim(), z.minLength(2, 'City must be at least 2 characters'), z.maxLength(120)),
  postalCode: z
    .string()
    .check(z.trim(), z.minLength(3, 'Postal code must be at least 3 characters'), z.maxLength(20)),
  country: z
    .string()
    .check(z.trim(), z.minLength(2, 'Country must be at least 2 characters'), z.maxLength(120)),
});
export type CustomerData = z.infer<typeof customerDataSchema>;
export type CustomerField = keyof CustomerData;

/** The first message for each field that breaks a rule; an empty object when all are kept. */
export function customerErrors(
  values: Record<CustomerField, string>,
): Partial<Record<CustomerField, string>> {
  const parsed = z.safeParse(customerDataSchema, values);
  const errors: Partial<Record<CustomerField, string>> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as CustomerField;
    errors[field] ??= issue.message;
  }
  return errors;
}
