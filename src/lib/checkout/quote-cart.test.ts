// The checkout's quote of a cart from the database: prints priced as orders price them, shipping by
// the zone of the chosen country (as the owner moved or stopped countries), a discount code checked
// at `now`, and the VAT in each part at the owner's rates. Bad input is refused with the sentence the
// buyer reads: an unknown country, one not shipped to, a code that cannot be used, and lines no
// order could hold.
import { beforeEach, describe, expect, it } from 'vitest';
import {
  CODE_FIELD,
  codeGuessWait,
  countingWrongCodes,
  quoteAnswer,
  quoteCart,
} from '~/lib/checkout/quote-cart.server';
import { MAX_TYPED_CODE_LENGTH, type OrderLineInput, quoteSchema } from '~/lib/checkout/schemas';
import type { Db } from '~/lib/platform/server/db';
import { shippingCountries, vatRates } from '~db/schema';
import { memoryDb } from '~tests/helpers/db';
import { makeDiscountCode, makeFramings, makePhoto, makeVariant } from '~tests/helpers/factories';

const NOW = new Date('2025-06-01T12:00:00Z');

let db: Db;
let open: string;
let edition: string;
beforeEach(() => {
  db = memoryDb();
  open = makeVariant(db, { photoId: makePhoto(db, { title: 'Lough Tay' }).id, priceCents: 4500 }).id;
  const limited = makePhoto(db, { title: 'Glendalough', editionSize: 10 });
  edition = makeVariant(db, { photoId: limited.id, size: 'large', priceCents: 11000 }).id;
  makeFramings(db, { small: 2500, medium: 3000, large: 4000 });
});

const one = (variantId = open, quantity = 1): OrderLineInput[] => [{ variantId, framing: null, quantity }];
const quote = (country: string, discountCode?: string, lines = one()) =>
  quoteAnswer(quoteCart(db, { lines, country, discountCode }, NOW));
const refusal = (country: string, discountCode?: string, lines = one()) => {
  try {
    quoteCart(db, { lines, country, discountCode }, NOW);
  } catch (err) {
    return err;
  }
  throw new Error('the quote was not refused');
};

describe('quoting a cart', () => {
  it('prices a print to Ireland with its shipping and the VAT inside it', () => {
    expect(quote('IE')).toEqual({
      currency: 'EUR',
      zone: { id: 'ie', name: 'Ireland' },
      itemTotal: '45.00',
      shipping: '8.00',
      shippingParts: [{ by: 'owner', amount: '8.00' }],
      discount: '0.00',
      total: '53.00',
      discountCode: null,
      // 23% inside €53.00.
      vat: [{ rate: 23, amount: '9.91' }],
      lines: [
        {
          variantId: open,
          framing: null,
          description: 'Lough Tay, small (8x12 inches) matte',
          quantity: 1,
          unitAmount: '45.00',
          total: '45.00',
          discount: '0.00',
          vatRate: 23,
          framingVatRate: null,
          madeBy: 'owner',
        },
      ],
    });
  });

  it('charges another zone its own shipping: Australia is the rest of the world', () => {
    expect(quote('AU')).toMatchObject({
      zone: { id: 'world', name: 'Rest of the world' },
      shipping: '25.00',
      total: '70.00',
    });
    expect(quote('de')).toMatchObject({ zone: { id: 'eu' }, shipping: '15.00' });
  });

  it('taxes a limited edition at 13.5% and its frame at 23%, each rate summed apart', () => {
    const answer = quote('IE', undefined, [{ variantId: edition, framing: 'large', quantity: 1 }]);
    // 150.00 of prints ships free in Ireland.
    expect(answer).toMatchObject({ itemTotal: '150.00', shipping: '0.00', total: '150.00' });
    expect(answer.lines[0]).toMatchObject({ unitAmount: '150.00', vatRate: 13.5, framingVatRate: 23 });
    // 13.5% inside 110.00 is 13.08; 23% inside 40.00 is 7.48.
    expect(answer.vat).toEqual([
      { rate: 23, amount: '7.48' },
      { rate: 13.5, amount: '13.08' },
    ]);
  });

  it("follows the owner's rates, moved countries and countries not shipped to", () => {
    db.insert(vatRates).values({ vatClass: 'print', rateBp: 2000 }).run();
    db.insert(shippingCountries).values({ country: 'GB', zoneId: 'ie' }).run();
    // The print at the owner's 20%, and its shipping with it: 7.50 inside 45.00, 1.33 inside 8.00.
    expect(quote('IE').vat).toEqual([{ rate: 20, amount: '8.83' }]);
    expect(quote('GB')).toMatchObject({ zone: { id: 'ie' }, shipping: '8.00' });
    db.insert(shippingCountries).values({ country: 'AU', zoneId: null }).run();
    expect(refusal('AU')).toMatchObject({
      status: 422,
      message:
        'Sorry, prints cannot be shipped to Australia at the moment. Please contact us about your order.',
    });
  });

  it('refuses a country that is not on the list', () => {
    expect(refusal('ZZ')).toMatchObject({ status: 422, message: 'Please choose a country from the list.' });
  });

  it('takes a code off the prints, whatever its case and the spaces around it', () => {
    makeDiscountCode(db, { code: 'SUMMER10', kind: 'percent', value: 10 });
    expect(quote('IE', '  summer10 ')).toMatchObject({
      itemTotal: '45.00',
      discount: '4.50',
      shipping: '8.00',
      total: '48.50',
      discountCode: 'SUMMER10',
      lines: [expect.objectContaining({ total: '45.00', discount: '4.50' })],
    });
  });

  it("refuses a code that cannot be used, on the code's field, without saying which codes exist", () => {
    makeDiscountCode(db, { code: 'OLD', expiresAt: new Date('2025-05-31T00:00:00Z') });
    makeDiscountCode(db, { code: 'GONE', maxUses: 3, uses: 3 });
    makeDiscountCode(db, { code: 'OFF', active: false });
    makeDiscountCode(db, { code: 'BIG', kind: 'fixed', value: 1000, minOrderCents: 10000 });
    const refused = (code: string, message: string) =>
      expect(refusal('IE', code)).toMatchObject({ status: 422, message, extra: CODE_FIELD });
    refused('NOSUCH', 'This code is not valid');
    refused('OFF', 'This code is not valid');
    refused('SUM MER10', 'This code is not valid');
    refused('x'.repeat(MAX_TYPED_CODE_LENGTH), 'This code is not valid');
    refused('OLD', 'This code has expired');
    refused('GONE', 'This code has been used up');
    refused('BIG', 'This code needs prints worth at least €100.00');
  });

  it('prices every line from the database: 400 for a print no order can hold', () => {
    expect(refusal('IE', undefined, one('no-such-variant'))).toMatchObject({ status: 400 });
    expect(refusal('IE', undefined, one(open, 101))).toMatchObject({ status: 400 });
  });
});

describe("the quote's body", () => {
  const parse = (body: unknown) => quoteSchema.safeParse(body);
  const lines = [{ variantId: 'v', framing: null, quantity: 1 }];

  it('takes the lines, a country code in any case and an optional code (empty is none)', () => {
    expect(parse({ lines, country: ' ie ', discountCode: '' }).data).toEqual({
      lines,
      country: 'IE',
      discountCode: undefined,
    });
    // A code with spaces inside is the quote's to refuse, as a wrong code.
    expect(parse({ lines, country: 'IE', discountCode: 'SUM MER' }).success).toBe(true);
  });

  it('refuses a missing or unknown-shaped country, a negative or fractional quantity and 10 KB of code', () => {
    const message = (body: unknown) => parse(body).error?.issues[0]?.message;
    expect(message({ lines })).toBe('Please choose a country from the list.');
    expect(message({ lines, country: 'Ireland' })).toBe('Please choose a country from the list.');
    expect(message({ lines: [{ ...lines[0], quantity: -1 }], country: 'IE' })).toBe(
      'Quantity must be at least 1',
    );
    expect(message({ lines: [{ ...lines[0], quantity: 1.5 }], country: 'IE' })).toBe(
      'Quantity must be a whole number',
    );
    expect(message({ lines, country: 'IE', discountCode: 'A'.repeat(10 * 1024) })).toBe(
      'This code is not valid',
    );
  });
});

describe('guessing codes', () => {
  it('lets an address send no code for a while after 10 wrong ones, and counts nothing else', async () => {
    const ip = `203.0.113.${Math.floor(Math.random() * 250)}-guess`;
    const wrong = () =>
      countingWrongCodes(ip, () => quoteCart(db, { lines: one(), country: 'IE', discountCode: 'NOPE' }, NOW));
    const withCode = { discountCode: 'ANY' };
    for (let i = 0; i < 10; i++) {
      expect(codeGuessWait(ip, withCode)).toBe(0);
      await expect(wrong()).rejects.toMatchObject({ status: 422 });
    }
    // Refusals that are not about the code count nothing.
    await expect(
      countingWrongCodes(ip, () => quoteCart(db, { lines: one(), country: 'ZZ' }, NOW)),
    ).rejects.toMatchObject({ status: 422 });
    const wait = codeGuessWait(ip, withCode);
    expect(wait).toBeGreaterThan(9 * 60);
    expect(wait).toBeLessThanOrEqual(10 * 60);
    // Without a code the buyer can still see the price and pay.
    expect(codeGuessWait(ip, {})).toBe(0);
    expect(codeGuessWait(`${ip}-other`, withCode)).toBe(0);
  });

  it('does not count right codes', async () => {
    makeDiscountCode(db, { code: 'RIGHT' });
    const ip = `198.51.100.${Math.floor(Math.random() * 250)}-right`;
    for (let i = 0; i < 15; i++) {
      await countingWrongCodes(ip, () =>
        quoteCart(db, { lines: one(), country: 'IE', discountCode: 'RIGHT' }, NOW),
      );
    }
    expect(codeGuessWait(ip, { discountCode: 'RIGHT' })).toBe(0);
  });
});
