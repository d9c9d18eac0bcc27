// The checkout form checks the customer's details with plain code; the server with the zod schema
// built from the same rules. Both must give the same verdict and the same first message per field.
import { describe, expect, it } from 'vitest';
import { regexes } from 'zod/v4/core';
import {
  CUSTOMER_FIELDS,
  CUSTOMER_RULES,
  type CustomerData,
  customerErrors,
  EMAIL_PATTERN,
} from '~/lib/checkout/customer';
import { customerDataSchema } from '~/lib/checkout/schemas';
import { CUSTOMER } from '~tests/helpers/fixtures';

const valid: CustomerData = { ...CUSTOMER, phone: '+353 (1) 234-5678' };

const samples: Record<keyof CustomerData, string[]> = {
  name: ['', 'A', ' A ', 'Al', '  Al  ', 'x'.repeat(200), 'x'.repeat(201), ` ${'x'.repeat(200)} `],
  email: [
    '',
    'nope',
    'a@b',
    'a@b.ie',
    ' a@b.ie',
    'a@b.ie ',
    'a..b@c.ie',
    `${'a'.repeat(250)}@b.ie`,
    'é@b.ie',
  ],
  phone: [
    '',
    '12345',
    '0123456789',
    '0123456789x',
    '01234+56789',
    '+353 (1) 234-5678',
    ` ${'1'.repeat(9)} `,
    '1'.repeat(41),
    'abcdefghijk',
  ],
  street: ['', 'Main', '  Main  ', 'Main St', 'x'.repeat(301)],
  city: ['', 'W', 'Wi', 'x'.repeat(121)],
  postalCode: ['', 'A6', 'A67', ' A6 ', 'x'.repeat(21)],
  country: ['', 'I', 'IE', 'x'.repeat(121)],
};

/** The server's first message per field, as the form would show it. */
function serverErrors(values: CustomerData): Partial<CustomerData> {
  const r = customerDataSchema.safeParse(values);
  const errors: Partial<CustomerData> = {};
  if (!r.success) {
    for (const issue of r.error.issues) errors[issue.path[0] as keyof CustomerData] ??= issue.message;
  }
  return errors;
}

describe('customer rules: the form and the server agree', () => {
  it('on a complete form', () => {
    expect(customerErrors(valid)).toEqual({});
    expect(serverErrors(valid)).toEqual({});
  });
  for (const field of CUSTOMER_FIELDS) {
    it(`on every sample of ${field}`, () => {
      for (const value of samples[field]) {
        const values = { ...valid, [field]: value };
        expect(customerErrors(values), JSON.stringify(value)).toEqual(serverErrors(values));
      }
    });
  }
});

/** Control characters: C0 (CR, LF, TAB among them), DEL, C1 (NEL), and the Unicode line and paragraph separators. */
const CONTROLS = [
  '\r\n',
  '\n',
  '\r',
  '\t',
  '\u0000',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u009f',
  '\u2028',
  '\u2029',
];

describe('customer rules: every field is one line of text', () => {
  for (const field of CUSTOMER_FIELDS) {
    it(`${field} refuses a control character inside it, with a message a person understands`, () => {
      const message = CUSTOMER_RULES[field].oneLine;
      if (field === 'email') expect(message).toBe('Please enter a valid email address');
      else
        expect(message).toMatch(
          /must be one line of text, without line breaks, tabs or invisible characters$/,
        );
      for (const c of CONTROLS) {
        const value = `${valid[field].slice(0, 3)}${c}${valid[field].slice(3)}`;
        const values = { ...valid, [field]: value };
        expect(customerErrors(values), JSON.stringify(value)).toEqual({ [field]: message });
        expect(serverErrors(values), JSON.stringify(value)).toEqual({ [field]: message });
      }
    });
  }

  it('forges no mail line through the name: the injection is refused, not trimmed away', () => {
    const values = { ...valid, name: 'Aoife Byrne\r\nBcc: victim@example.com' };
    expect(customerErrors(values)).toEqual({ name: CUSTOMER_RULES.name.oneLine });
    expect(customerDataSchema.safeParse(values).success).toBe(false);
  });

  it('still takes line breaks and spaces around a value as the trimming they are', () => {
    const values = { ...valid, name: '\n Aoife Byrne \r\n', city: '\tWicklow ' };
    expect(customerErrors(values)).toEqual({});
    expect(customerDataSchema.parse(values)).toMatchObject({ name: 'Aoife Byrne', city: 'Wicklow' });
  });
});

describe('the email pattern', () => {
  it("is zod's own, written out", () => {
    // The same pattern, less the escapes of "-" that mean nothing at the end of a class (the linter
    // takes them out).
    expect(EMAIL_PATTERN.source).toBe(regexes.email.source.replaceAll('\\-', '-'));
    expect(EMAIL_PATTERN.flags).toBe(regexes.email.flags);
  });
});
