// The buyer's delivery details: the rules written once, as data. The server builds its zod schema
// from them (lib/checkout/schemas.ts, customerDataSchema); the checkout form checks them here with a
// few lines of plain code, so the browser loads no zod at all. A unit test holds the two to the same
// answers, messages included.
import {
  CONTROL_CHARACTER,
  hasControlCharacter,
  oneLineMessage,
} from '~/lib/platform/shared/control-characters';

export { CONTROL_CHARACTER };

/** Only digits, spaces, hyphens, parentheses, and an optional leading plus. */
export const PHONE_PATTERN = /^\+?[\d\s\-()]+$/;

/**
 * One field's rules, checked in this order, the first broken rule giving the message: the email
 * format (on the text as typed), then, on the trimmed text, no control character (oneLine), the
 * minimum length, the maximum length and the pattern. An email field says its one message whichever
 * of its rules is broken.
 */
export interface CustomerFieldRule {
  email?: string;
  oneLine: string;
  min?: { length: number; message: string };
  max: number;
  pattern?: { re: RegExp; message: string };
}

const EMAIL_MESSAGE = 'Please enter a valid email address';

/** A text field of at least `min` and at most `max` characters. */
const textField = (label: string, min: number, max: number): CustomerFieldRule => ({
  oneLine: oneLineMessage(label),
  min: { length: min, message: `${label} must be at least ${min} characters` },
  max,
});

export const CUSTOMER_RULES = {
  name: textField('Name', 2, 200),
  email: { email: EMAIL_MESSAGE, oneLine: EMAIL_MESSAGE, max: 254 },
  phone: {
    oneLine: oneLineMessage('Phone number'),
    min: { length: 10, message: 'Phone number must be at least 10 digits' },
    max: 40,
    pattern: { re: PHONE_PATTERN, message: 'Please enter a valid phone number' },
  },
  street: textField('Street address', 5, 300),
  city: textField('City', 2, 120),
  postalCode: textField('Postal code', 3, 20),
  country: textField('Country', 2, 120),
} as const satisfies Record<string, CustomerFieldRule>;

export type CustomerField = keyof typeof CUSTOMER_RULES;
export type CustomerData = Record<CustomerField, string>;
export const CUSTOMER_FIELDS = Object.keys(CUSTOMER_RULES) as CustomerField[];

/**
 * The address zod's z.email() accepts: zod's own pattern, written out here because importing it
 * from zod brings all of zod's patterns into the checkout's JS. customer-rules.test.ts holds the two equal.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** zod's own English message for a string over its maximum length. */
export const tooLongMessage = (max: number) => `Too big: expected string to have <=${max} characters`;

/** The message of the first rule the value breaks, or null when it keeps them all. */
export function checkCustomerField(rule: CustomerFieldRule, raw: string): string | null {
  if (rule.email !== undefined && !EMAIL_PATTERN.test(raw)) return rule.email;
  const value = raw.trim();
  if (hasControlCharacter(value)) return rule.oneLine;
  if (rule.min && value.length < rule.min.length) return rule.min.message;
  // zod gives an email field's own message to every rule of that field, its length included.
  if (value.length > rule.max) return rule.email ?? tooLongMessage(rule.max);
  if (rule.pattern && !rule.pattern.re.test(value)) return rule.pattern.message;
  return null;
}

/** The message of each field that breaks a rule; an empty object when the form is complete. */
export function customerErrors(values: CustomerData): Partial<CustomerData> {
  const errors: Partial<CustomerData> = {};
  for (const field of CUSTOMER_FIELDS) {
    const message = checkCustomerField(CUSTOMER_RULES[field], values[field]);
    if (message) errors[field] = message;
  }
  return errors;
}
