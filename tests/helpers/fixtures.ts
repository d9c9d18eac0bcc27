// Small files and data for tests, shared by vitest and Playwright (so no test runner is imported here).
import type { CustomerData } from '~/lib/checkout/schemas';

/** A small MP4-shaped file: an ftyp box with the isom brand, then filler. */
export const tinyMp4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2'),
  Buffer.alloc(4000, 7),
]);

/** A buyer whose details pass the checkout form's rules. */
export const CUSTOMER: CustomerData = {
  name: 'Aoife Byrne',
  email: 'aoife@example.ie',
  phone: '+353 1 234 5678',
  street: '12 Main Street',
  city: 'Wicklow',
  postalCode: 'A67 X123',
  country: 'Ireland',
};
