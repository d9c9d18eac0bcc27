// The owner's selling settings as services over a real database: shipping zones and moved
// countries (a country moved back to its own zone loses its row), VAT rates, discount codes (a
// duplicate in any case is a 409, revenue from paid real orders, a used code switched off rather
// than deleted), and the schemas that refuse bad input with a sentence before anything is saved.
import { beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Db } from '~/lib/platform/server/db';
import { isHttpError } from '~/lib/platform/server/http/http';
import {
  createDiscount,
  deleteDiscount,
  discountJson,
  listDiscounts,
  updateDiscount,
} from '~/lib/selling/discount-admin.server';
import {
  discountCreateSchema,
  discountUpdateSchema,
  percentToBp,
  shippingSettingsSchema,
  vatRatesSchema,
} from '~/lib/selling/owner-schemas';
import { destinationOf, findDiscountCode, loadVatRates } from '~/lib/selling/selling-rules.server';
import {
  shippingFaqText,
  shippingSettings,
  shippingSettingsJson,
  shippingShopLine,
  updateShipping,
} from '~/lib/selling/shipping-admin.server';
import { DEFAULT_ZONES } from '~/lib/selling/shipping-zones';
import { updateVatRates, vatRatesJson } from '~/lib/selling/vat-admin.server';
import { shippingCountries } from '~db/schema';
import { memoryDb } from '~tests/helpers/db';
import { makeDiscountCode, makeOrder } from '~tests/helpers/factories';

let db: Db;
beforeEach(() => {
  db = memoryDb();
});

/** The parsed value, or the first message of the refusal. */
function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> | string {
  const r = schema.safeParse(input);
  return r.success ? r.data : (r.error.issues[0]?.message ?? 'refused');
}
const ireland = { id: 'ie', firstPrint: '9.5', additionalPrint: 2, framedSurcharge: '15', freeOver: '' };

describe('shipping settings', () => {
  it('reads the four default zones and no moved country on a new shop', () => {
    expect(shippingSettings(db)).toEqual({ zones: DEFAULT_ZONES, countries: [] });
    expect(shippingSettingsJson(shippingSettings(db)).zones[0]).toEqual({
      id: 'ie',
      name: 'Ireland',
      firstPrint: '8.00',
      additionalPrint: '2.00',
      framedSurcharge: '15.00',
      freeOver: '150.00',
    });
  });

  it('saves a zone’s prices typed in euros, and the checkout prices by them', () => {
    const input = parse(shippingSettingsSchema, { zones: [ireland] });
    if (typeof input === 'string') throw new Error(input);
    const saved = updateShipping(db, input);
    expect(saved.zones[0]).toEqual({
      id: 'ie',
      name: 'Ireland',
      firstPrintCents: 950,
      additionalPrintCents: 200,
      framedSurchargeCents: 1500,
      freeOverCents: null,
    });
    expect(destinationOf(db, 'IE')).toMatchObject({ ships: true, zone: { firstPrintCents: 950 } });
  });

  it('moves a country to another zone or to "not shipped", and back, which deletes its row', () => {
    const move = (country: string, zone: string | null) => {
      const input = parse(shippingSettingsSchema, { countries: [{ country, zone }] });
      if (typeof input === 'string') throw new Error(input);
      return updateShipping(db, input);
    };
    expect(move('NO', 'eu').countries).toEqual([
      { country: 'NO', name: 'Norway', zone: 'eu', defaultZone: 'world' },
    ]);
    expect(move('MT', null).countries.map((c) => [c.country, c.zone])).toEqual([
      ['MT', null],
      ['NO', 'eu'],
    ]);
    expect(destinationOf(db, 'MT')).toMatchObject({ ships: false });
    expect(destinationOf(db, 'NO')).toMatchObject({ ships: true, zone: { id: 'eu' } });
    move('NO', 'world');
    move('MT', 'eu');
    expect(db.select().from(shippingCountries).all()).toEqual([]);
  });

  it('refuses bad input with a sentence: a zone without a rate, negative or fractional cents, an unknown country', () => {
    expect(
      parse(shippingSettingsSchema, { zones: [{ id: 'ie', additionalPrint: 2, framedSurcharge: 15 }] }),
    ).toBe(
      "The first print's shipping to Ireland must be a number of euros from 0 to 100000 with at most 2 decimals (got nothing).",
    );
    expect(parse(shippingSettingsSchema, { zones: [{ ...ireland, firstPrint: -1 }] })).toMatch(
      /^The first print's/,
    );
    expect(parse(shippingSettingsSchema, { zones: [{ ...ireland, additionalPrint: '2.345' }] })).toMatch(
      /^Each further print's shipping to Ireland must be/,
    );
    expect(parse(shippingSettingsSchema, { zones: [{ ...ireland, id: 'mars' }] })).toMatch(
      /^Unknown shipping zone/,
    );
    expect(parse(shippingSettingsSchema, { countries: [{ country: 'ZZ', zone: 'eu' }] })).toBe(
      'Unknown country "ZZ": choose one from the list.',
    );
    expect(parse(shippingSettingsSchema, { countries: [{ country: 'x'.repeat(10_000), zone: 'eu' }] })).toBe(
      'Each country must be its two-letter code.',
    );
    expect(parse(shippingSettingsSchema, { countries: [{ country: 'FR', zone: 'moon' }] })).toMatch(
      /^A country goes to a zone/,
    );
    expect(parse(shippingSettingsSchema, {})).toBe('Nothing to change: give zones or countries.');
    expect(parse(shippingSettingsSchema, { zones: [ireland, ireland] })).toBe('A zone is given twice.');
  });

  it('writes the shop’s and the FAQ’s words from the zones', () => {
    expect(shippingShopLine(db)).toBe(
      'Shipping from €8.00, free to Ireland when the prints come to €150.00 or more.',
    );
    const input = parse(shippingSettingsSchema, {
      zones: [{ ...ireland, firstPrint: '6' }],
      countries: [
        { country: 'NO', zone: 'eu' },
        { country: 'RU', zone: null },
      ],
    });
    if (typeof input === 'string') throw new Error(input);
    updateShipping(db, input);
    expect(shippingShopLine(db)).toBe('Shipping from €6.00.');
    const faq = shippingFaqText(db);
    expect(faq).toContain(
      'Ireland: €6.00 for the first print and €2.00 for each further one, €15.00 more for each framed print.',
    );
    expect(faq).toContain(
      'European Union and Northern Ireland (the countries of the European Union, and Northern Ireland; also Norway): €15.00',
    );
    expect(faq).toContain('Prints are not sent to Russia.');
  });
});

describe('VAT rates', () => {
  it('reads the defaults, then saves rates typed in percent', () => {
    expect(vatRatesJson(loadVatRates(db)).rates).toEqual([
      { vatClass: 'print', label: 'Open-edition prints', rate: 23, defaultRate: 23 },
      { vatClass: 'edition', label: 'Limited editions', rate: 13.5, defaultRate: 13.5 },
      { vatClass: 'framing', label: 'Framing', rate: 23, defaultRate: 23 },
      { vatClass: 'shipping', label: 'Shipping', rate: 23, defaultRate: 23 },
    ]);
    const input = parse(vatRatesSchema, { rates: { edition: '9', shipping: 13.55 } });
    if (typeof input === 'string') throw new Error(input);
    expect(updateVatRates(db, input)).toEqual({ print: 2300, edition: 900, framing: 2300, shipping: 1355 });
    expect(loadVatRates(db).edition).toBe(900);
  });

  it('refuses a rate over 100, below 0, with 3 decimals, or of an unknown class', () => {
    expect(percentToBp('100')).toBe(10_000);
    expect(percentToBp(0)).toBe(0);
    for (const bad of ['100.01', -1, '13.555', 'ten', '', null, Number.NaN, '1e2'])
      expect(percentToBp(bad)).toBeNull();
    expect(parse(vatRatesSchema, { rates: { print: 101 } })).toBe(
      'The VAT rate of open-edition prints must be a percentage from 0 to 100 with at most 2 decimals (got 101).',
    );
    expect(parse(vatRatesSchema, { rates: { wine: 10 } })).toMatch(/^Unknown product class "wine"/);
    expect(parse(vatRatesSchema, { rates: {} })).toBe('No rates were given.');
  });
});

describe('discount codes', () => {
  const create = (input: Record<string, unknown>) => {
    const parsed = parse(discountCreateSchema, input);
    if (typeof parsed === 'string') throw new Error(parsed);
    return createDiscount(db, parsed);
  };

  it('creates a code kept upper-case, which the checkout finds in any case', () => {
    const code = create({
      code: ' Summer-25 ',
      kind: 'percent',
      value: '25',
      expiresOn: '2026-12-31',
      maxUses: 50,
      minOrder: '60',
    });
    expect(code).toMatchObject({
      code: 'SUMMER-25',
      kind: 'percent',
      value: 25,
      maxUses: 50,
      minOrderCents: 6000,
      uses: 0,
      active: true,
    });
    // The last day is the 31st in Ireland (winter time: UTC): it expires at midnight after it.
    expect(code.expiresAt?.toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(discountJson(code, new Date('2026-12-31T12:00:00Z'))).toMatchObject({
      expiresOn: '2026-12-31',
      state: 'active',
      value: '25',
      minOrder: '60.00',
      revenue: '0.00',
    });
    expect(discountJson(code, new Date('2027-01-01T00:00:00Z')).state).toBe('expired');
    expect(findDiscountCode(db, 'summer-25')?.id).toBe(code.id);
    expect(create({ code: 'TENOFF', kind: 'fixed', value: '10.50' })).toMatchObject({
      value: 1050,
      expiresAt: null,
      maxUses: null,
      minOrderCents: null,
    });
  });

  it('refuses a duplicate in any case with a 409, and keeps the first', () => {
    create({ code: 'WICKLOW', kind: 'percent', value: 10 });
    let err: unknown;
    try {
      create({ code: 'wicklow', kind: 'fixed', value: 5 });
    } catch (e) {
      err = e;
    }
    expect(isHttpError(err) && err.status).toBe(409);
    expect((err as Error).message).toBe('There is already a code WICKLOW: choose another.');
    expect(listDiscounts(db).map((d) => [d.code, d.kind])).toEqual([['WICKLOW', 'percent']]);
  });

  it('refuses bad codes and values with a sentence', () => {
    const rule = 'A code is 3 to 32 letters, digits, hyphens (-) or underscores (_), with no spaces.';
    expect(parse(discountCreateSchema, { code: 'SUMMER SALE', kind: 'percent', value: 10 })).toBe(rule);
    expect(parse(discountCreateSchema, { code: 'A'.repeat(10_000), kind: 'percent', value: 10 })).toBe(rule);
    expect(parse(discountCreateSchema, { code: 'AB', kind: 'percent', value: 10 })).toBe(rule);
    expect(parse(discountCreateSchema, { code: 'OK1', kind: 'percent', value: 101 })).toMatch(
      /^A percentage off must be a whole number from 1 to 100/,
    );
    expect(parse(discountCreateSchema, { code: 'OK1', kind: 'percent', value: 12.5 })).toMatch(
      /^A percentage off/,
    );
    expect(parse(discountCreateSchema, { code: 'OK1', kind: 'fixed', value: 0 })).toBe(
      'The amount off must be more than €0.',
    );
    expect(parse(discountCreateSchema, { code: 'OK1', kind: 'fixed', value: '-5' })).toMatch(
      /^The amount off must be a number of euros/,
    );
    expect(parse(discountCreateSchema, { code: 'OK1', kind: 'gift', value: 5 })).toBe(
      'The kind of a code is percent or fixed.',
    );
    expect(
      parse(discountCreateSchema, { code: 'OK1', kind: 'percent', value: 5, expiresOn: '2026-02-30' }),
    ).toMatch(/^The last day must be a date/);
    expect(parse(discountCreateSchema, { code: 'OK1', kind: 'percent', value: 5, maxUses: 0 })).toMatch(
      /^The use limit must be/,
    );
    expect(parse(discountCreateSchema, { code: 'OK1', kind: 'percent', value: 5, maxUses: 2.5 })).toMatch(
      /^The use limit must be/,
    );
    expect(parse(discountUpdateSchema, { value: 5 })).toBe(
      'Give the kind of the code (percent or fixed) with its value.',
    );
    expect(parse(discountUpdateSchema, {})).toBe('Nothing to change.');
  });

  it('lists each code’s uses and the revenue of its paid, real orders', () => {
    const code = makeDiscountCode(db, { code: 'AUTUMN', uses: 2 });
    const other = makeDiscountCode(db, { code: 'OTHER' });
    const withCode = { discountCodeId: code.id, discountCode: 'AUTUMN' };
    makeOrder(db, { payment: 'paid', totalAmountCents: 4050, ...withCode });
    makeOrder(db, { payment: 'paid', totalAmountCents: 9000, ...withCode });
    makeOrder(db, { payment: 'test', totalAmountCents: 100_000, ...withCode });
    makeOrder(db, { payment: 'started', totalAmountCents: 100_000, ...withCode });
    const listed = listDiscounts(db);
    expect(listed.map((d) => [d.code, d.uses, d.revenueCents])).toEqual([
      ['OTHER', 0, 0],
      ['AUTUMN', 2, 13_050],
    ]);
    expect(discountJson(listed[1] as (typeof listed)[number], new Date()).revenue).toBe('130.50');
    expect(other.active).toBe(true);
  });

  it('changes a code, and switches a used one off rather than deleting it; deletes an unused one', () => {
    const used = makeDiscountCode(db, { code: 'USED', uses: 1 });
    const carried = makeDiscountCode(db, { code: 'WAITING' });
    makeOrder(db, { payment: 'started', discountCodeId: carried.id, discountCode: 'WAITING' });
    const unused = makeDiscountCode(db, { code: 'NEVER' });
    const change = parse(discountUpdateSchema, { kind: 'fixed', value: '5', maxUses: '' });
    if (typeof change === 'string') throw new Error(change);
    expect(updateDiscount(db, used.id, change)).toMatchObject({ kind: 'fixed', value: 500, maxUses: null });
    expect(deleteDiscount(db, used.id)).toMatchObject({
      deleted: false,
      discount: { code: 'USED', active: false },
    });
    expect(deleteDiscount(db, carried.id)).toMatchObject({ deleted: false, discount: { active: false } });
    expect(deleteDiscount(db, unused.id)).toEqual({ deleted: true, discount: null });
    expect(
      listDiscounts(db)
        .map((d) => d.code)
        .sort(),
    ).toEqual(['USED', 'WAITING']);
    expect(() => deleteDiscount(db, unused.id)).toThrow('There is no such discount code.');
  });
});
