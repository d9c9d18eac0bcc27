// The buyer's delivery details: the rules written once, as data. The server builds its zod schema
// from them (lib/shared/schemas.ts, customerDataSchema); the checkout form checks them here with a
// few lines of plain code, so the browser loads no zod at all. A unit test holds the two to the same
// answers, messages included.
import { regexes } from 'zod/v4/core';

/** Only digits, spaces, hyphens, parentheses, and an optional leading plus. */
export const PHONE_PATTERN = /^\+?[\d\s\-()]+$/;

/**
 * One field's rules, checked in this order, the first broken rule giving the message: the email
 * format (on the text as typed), then, on the trimmed text, the minimum length, the maximum length
 * and the pattern. An email field says its one message whichever of its rules is broken.
 */
export interface CustomerFieldRule {
  email?: string;
  min?: { length: number; message: string };
  max: number;
  pattern?: { re: RegExp; message: string };
}

export const CUSTOMER_RULES = {
  name: { min: { length: 2, message: 'Name must be at least 2 characters' }, max: 200 },
  email: { email: 'Please enter a valid email address', max: 254 },
  phone: {
    min: { length: 10, message: 'Phone number must be at least 10 digits' },
    max: 40,
    pattern: { re: PHONE_PATTERN, message: 'Please enter a valid phone number' },
  },
  street: { min: { length: 5, message: 'Street address must be at least 5 characters' }, max: 300 },
  city: { min: { length: 2, message: 'City must be at least 2 characters' }, max: 120 },
  postalCode: { min: { length: 3, message: 'Postal code must be at least 3 characters' }, max: 20 },
  country: { min: { length: 2, message: 'Country must be at least 2 characters' }, max: 120 },
} as const satisfies Record<string, CustomerFieldRule>;

export type CustomerField = keyof typeof CUSTOMER_RULES;
export type CustomerData = Record<CustomerField, string>;
export const CUSTOMER_FIELDS = Object.keys(CUSTOMER_RULES) as CustomerField[];

/** The address zod's z.email() accepts. */
export const EMAIL_PATTERN = regexes.email;

/** zod's own English message for a string over its maximum length. */
export const tooLongMessage = (max: number) => `Too big: expected string to have <=${max} characters`;

/** The message of the first rule the value breaks, or null when it keeps them all. */
export function checkCustomerField(rule: CustomerFieldRule, raw: string): string | null {
  if (rule.email !== undefined && !EMAIL_PATTERN.test(raw)) return rule.email;
  const value = raw.trim();
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
