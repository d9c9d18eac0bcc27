// The One-Stop-Shop over a real database: the registration (off on a new shop), the owner's rate
// table (seeded, edited all or nothing, bad input refused with a sentence before anything is saved),
// the rates a quoted and stored order carries, and the quarter's figures: paid real orders that
// carried another EU country's VAT, refunds taken off in the quarter they were made.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createPendingOrder } from '~/lib/checkout/place-order.server';
import { quoteAnswer, quoteCart } from '~/lib/checkout/quote-cart.server';
import type { Db } from '~/lib/platform/server/db';
import {
  loadOssRateTable,
  ossRegistered,
  ossSettingsJson,
  updateOssSettings,
} from '~/lib/selling/oss.server';
import { ossCsv } from '~/lib/selling/oss-report';
import { ossSettingsSchema } from '~/lib/selling/owner-schemas';
import { ossReport } from '~/lib/selling/vat-report.server';
import { orderItems, orders, ossRates } from '~db/schema';
import { memoryDb } from '~tests/helpers/db';
import { makeFramings, makeOrder, makePhoto, makeVariant } from '~tests/helpers/factories';

let db: Db;
let open: string;
let edition: string;
beforeEach(() => {
  db = memoryDb();
  open = makeVariant(db, { photoId: makePhoto(db, { title: 'Lough Tay' }).id, priceCents: 4500 }).id;
  const limited = makePhoto(db, { title: 'Glendalough', editionSize: 10 });
  edition = makeVariant(db, { photoId: limited.id, size: 'small', priceCents: 4500 }).id;
  makeFramings(db, { small: 2500, medium: 3000, large: 4000 });
});

/** The first message of a refusal, or the parsed value. */
const parse = (input: unknown) => {
  const r = ossSettingsSchema.safeParse(input);
  return r.success ? r.data : (r.error.issues[0]?.message ?? 'refused');
};
const register = () => updateOssSettings(db, { registered: true, rates: [] });
const NOW = new Date('2026-08-01T12:00:00Z');
const cart = (country: string, variantId = edition, framing: 'small' | null = null) =>
  quoteCart(db, { lines: [{ variantId, framing, quantity: 1 }], country }, NOW);

describe('the settings', () => {
  it('start unregistered, with the seeded table, countries by name', () => {
    expect(ossRegistered(db)).toBe(false);
    const json = ossSettingsJson(db);
    expect(json.registered).toBe(false);
    expect(json.countries).toHaveLength(27);
    expect(json.countries[0]?.name).toBe('Austria');
    expect(json.countries.find((c) => c.country === 'DE')).toEqual({
      country: 'DE',
      name: 'Germany',
      rates: { print: 19, edition: 7, framing: 19, shipping: 19 },
      defaults: { print: 19, edition: 7, framing: 19, shipping: 19 },
      artAtStandard: false,
    });
    expect(json.countries.find((c) => c.country === 'XI')?.name).toBe('United Kingdom (Northern Ireland)');
  });

  it('save the registration and the rates given, and read them back', () => {
    const input = parse({
      registered: true,
      rates: { DE: { edition: '7.5' }, FR: { print: 20, shipping: '10' } },
    });
    if (typeof input === 'string') throw new Error(input);
    updateOssSettings(db, input);
    expect(ossRegistered(db)).toBe(true);
    const table = loadOssRateTable(db);
    expect(table.DE.edition).toBe(750);
    expect(table.FR).toEqual({ print: 2000, edition: 550, framing: 2000, shipping: 1000 });
    updateOssSettings(db, { registered: false, rates: [] });
    expect(ossRegistered(db)).toBe(false);
    expect(loadOssRateTable(db).DE.edition).toBe(750);
  });

  it('refuse a rate outside 0 to 100, an unknown country, Ireland, or nothing, with a sentence', () => {
    expect(parse({ rates: { DE: { edition: 101 } } })).toBe(
      'The VAT rate of limited editions in Germany must be a percentage from 0 to 100 with at most 2 decimals (got 101).',
    );
    expect(parse({ rates: { DE: { print: -1 } } })).toMatch(
      /^The VAT rate of open-edition prints in Germany must be/,
    );
    expect(parse({ rates: { DE: { print: '19.123' } } })).toMatch(/at most 2 decimals/);
    expect(parse({ rates: { ZZ: { print: 19 } } })).toBe(
      'Unknown country "ZZ": the One-Stop-Shop table holds the other EU member states and Northern Ireland (XI).',
    );
    expect(parse({ rates: { GB: { print: 20 } } })).toMatch(/^Unknown country "GB"/);
    expect(parse({ rates: { IE: { print: 23 } } })).toBe(
      'Ireland’s rates are the VAT rates above, not a row of the One-Stop-Shop table.',
    );
    expect(parse({ rates: { DE: { wine: 19 } } })).toMatch(/^Unknown product class "wine"/);
    expect(parse({ registered: 'yes' })).toBe('registered must be true or false.');
    expect(parse({})).toBe('Nothing to change: give registered or rates.');
    // A good rate beside a bad one is not saved either: the schema refuses the whole request.
    expect(parse({ rates: { DE: { print: 20 }, FR: { print: 200 } } })).toMatch(/in France must be/);
    expect(db.select().from(ossRates).all()).toEqual([]);
  });
});

describe('an order to another EU country', () => {
  it('carries Irish VAT while the shop is not registered', () => {
    const q = cart('DE');
    expect(q.ossCountry).toBeNull();
    // The €45.00 edition holds €5.35 at 13.5%, and its €15.00 of shipping to the EU zone €1.78.
    expect(quoteAnswer(q).vat).toEqual([{ rate: 13.5, amount: '7.13' }]);
    expect(q.quote.lines[0]?.print.rateBp).toBe(1350);
  });

  it('once registered, carries the buyer’s country’s VAT inside the same prices, and is stored so', () => {
    const before = cart('DE').quote;
    register();
    const q = cart('DE');
    expect(q.ossCountry).toBe('DE');
    expect(q.quote.totalCents).toBe(before.totalCents);
    expect(q.quote.lines[0]?.print).toEqual({
      vatClass: 'edition',
      rateBp: 700,
      grossCents: 4500,
      vatCents: 294,
    });
    // The shipping of an edition alone carries the edition's rate.
    expect(q.quote.shipping.map((p) => p.rateBp)).toEqual([700]);
    expect(quoteAnswer(q).vat.map((v) => v.rate)).toEqual([7]);
    const id = createPendingOrder(db, q);
    const order = db.select().from(orders).where(eq(orders.id, id)).get();
    expect(order).toMatchObject({ ossCountry: 'DE', shipCountry: 'DE', shippingVatRateBp: 700 });
    expect(order?.shippingVatParts).toEqual([
      { rateBp: 700, grossCents: q.quote.shippingCents, vatCents: q.quote.shipping[0]?.vatCents },
    ]);
    expect(db.select().from(orderItems).where(eq(orderItems.orderId, id)).get()).toMatchObject({
      vatRateBp: 700,
      vatCents: 294,
    });
  });

  it('to France at 5.5%, a framed open print at 20% for both, Ireland and the US at Irish rates', () => {
    register();
    expect(cart('FR').quote.lines[0]?.print.vatCents).toBe(235);
    const framed = cart('FR', open, 'small').quote.lines[0];
    expect([framed?.print.rateBp, framed?.frame?.rateBp]).toEqual([2000, 2000]);
    for (const country of ['IE', 'US']) {
      const q = cart(country);
      expect(q.ossCountry).toBeNull();
      expect(q.quote.lines[0]?.print.rateBp).toBe(1350);
      expect(q.quote.shipping.map((p) => p.rateBp)).toEqual([1350]);
    }
  });

  it('follows the owner’s edited rate', () => {
    updateOssSettings(db, {
      registered: true,
      rates: [{ country: 'DE', vatClass: 'edition', rateBp: 1900 }],
    });
    expect(cart('DE').quote.lines[0]?.print.rateBp).toBe(1900);
  });
});

describe('the quarter’s figures', () => {
  const at = (iso: string) => new Date(iso);
  // A German buyer's edition (€45.00 at 7%: €2.94) sent for €12.00 (19%: €1.92): €57.00.
  const germanOrder = {
    items: [{ priceCents: 4500, vatRateBp: 700, vatCents: 294 }],
    itemTotalCents: 4500,
    shippingCents: 1200,
    shippingVatRateBp: 1900,
    shippingVatCents: 192,
    totalAmountCents: 5700,
    shipCountry: 'DE',
    ossCountry: 'DE',
  };
  // A French buyer's edition at 5.5% (€2.35), no shipping: €45.00.
  const frenchOrder = {
    items: [{ priceCents: 4500, vatRateBp: 550, vatCents: 235 }],
    itemTotalCents: 4500,
    shippingCents: 0,
    shippingVatRateBp: 2000,
    shippingVatCents: 0,
    totalAmountCents: 4500,
    shipCountry: 'FR',
    ossCountry: 'FR',
  };

  it('count paid real OSS orders per country and rate, less the refunds made in the quarter', () => {
    makeOrder(db, { payment: 'paid', paidAt: at('2026-07-10T10:00:00Z'), ...germanOrder });
    makeOrder(db, { payment: 'paid', paidAt: at('2026-08-10T10:00:00Z'), ...germanOrder });
    // Paid in Q2, refunded in full in Q3: taken off Q3.
    makeOrder(db, {
      payment: 'refunded',
      ...frenchOrder,
      paidAt: at('2026-06-20T10:00:00Z'),
      refundedAt: at('2026-07-05T10:00:00Z'),
    });
    // Left out: a test order, an order not yet paid, an Irish order, and a French order of before
    // the registration (Irish VAT: no OSS country).
    makeOrder(db, { payment: 'test', paidAt: at('2026-07-11T10:00:00Z'), ...germanOrder });
    makeOrder(db, { payment: 'started', ...germanOrder });
    makeOrder(db, {
      payment: 'paid',
      paidAt: at('2026-07-12T10:00:00Z'),
      items: [{ priceCents: 4500, vatRateBp: 1350, vatCents: 535 }],
      shipCountry: 'IE',
    });
    makeOrder(db, {
      payment: 'paid',
      paidAt: at('2026-07-13T10:00:00Z'),
      items: [{ priceCents: 4500, vatRateBp: 1350, vatCents: 535 }],
      shipCountry: 'FR',
    });
    const report = ossReport(db, { from: '2026-07-01', to: '2026-09-30' });
    expect(report.rows).toEqual([
      { country: 'FR', rateBp: 550, grossCents: -4500, vatCents: -235, orders: 0 },
      { country: 'DE', rateBp: 1900, grossCents: 2400, vatCents: 384, orders: 2 },
      { country: 'DE', rateBp: 700, grossCents: 9000, vatCents: 588, orders: 2 },
    ]);
    expect(
      ossCsv(report)
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .slice(1, 5),
    ).toEqual([
      'France,FR,5.5%,-42.65,-2.35,0',
      'Germany,DE,19%,20.16,3.84,2',
      'Germany,DE,7%,84.12,5.88,2',
      'Total,,,61.63,7.37,',
    ]);
    // Q2 holds the French sale itself.
    expect(ossReport(db, { from: '2026-04-01', to: '2026-06-30' }).rows).toEqual([
      { country: 'FR', rateBp: 550, grossCents: 4500, vatCents: 235, orders: 1 },
    ]);
  });
});
