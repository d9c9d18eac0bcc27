// The checkout form checks the customer's details with plain code; the server with the zod schema
// built from the same rules. Both must give the same verdict and the same first message per field.
import { describe, expect, it } from 'vitest';
import { CUSTOMER_FIELDS, type CustomerData, customerErrors } from '~/lib/shared/customer';
import { customerDataSchema } from '~/lib/shared/schemas';
import { CUSTOMER } from '../helpers/fixtures';

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
