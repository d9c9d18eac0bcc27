// The order's money worked out once (lib/checkout/quote.ts), checked over random carts, zones and
// codes: PayPal's rule (total = item total + shipping − discount, item total = Σ unit × quantity),
// never below 0, and no rounding cent lost between the lines, the discount and the VAT.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quoteOrder } from '~/lib/checkout/quote';
import { shareOut } from '~/lib/selling/share-out';
import { DEFAULT_ZONES, type ShippingZone } from '~/lib/selling/shipping-zones';
import { DEFAULT_VAT_RATES, vatInGross } from '~/lib/selling/vat';

const line = fc.record({
  description: fc.constant('A print'),
  quantity: fc.integer({ min: 1, max: 10 }),
  printUnitCents: fc.integer({ min: 1, max: 10_000_000 }),
  frameUnitCents: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 500_000 })),
  limitedEdition: fc.boolean(),
});
const zone: fc.Arbitrary<ShippingZone> = fc.record({
  id: fc.constantFrom('ie', 'eu', 'gb', 'world'),
  name: fc.constant('Zone'),
  firstPrintCents: fc.integer({ min: 0, max: 100_000 }),
  additionalPrintCents: fc.integer({ min: 0, max: 100_000 }),
  framedSurchargeCents: fc.integer({ min: 0, max: 100_000 }),
  freeOverCents: fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null }),
});
const discount = fc.option(
  fc.oneof(
    fc.record({ kind: fc.constant('percent' as const), value: fc.integer({ min: 1, max: 100 }) }),
    fc.record({ kind: fc.constant('fixed' as const), value: fc.integer({ min: 1, max: 20_000_000 }) }),
  ),
  { nil: null },
);
const rates = fc.record({
  print: fc.integer({ min: 0, max: 10_000 }),
  edition: fc.integer({ min: 0, max: 10_000 }),
  framing: fc.integer({ min: 0, max: 10_000 }),
  shipping: fc.integer({ min: 0, max: 10_000 }),
});

describe('quoteOrder', () => {
  it('adds up as PayPal requires, never below 0, and loses no cent', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 50 }),
        zone,
        discount,
        rates,
        (lines, z, d, r) => {
          const q = quoteOrder(lines, z, d, r);
          const itemTotal = q.lines.reduce((s, l) => s + l.unitCents * l.quantity, 0);
          expect(q.itemTotalCents).toBe(itemTotal);
          expect(q.totalCents).toBe(q.itemTotalCents + q.shippingCents - q.discountCents);
          expect(q.totalCents).toBeGreaterThanOrEqual(0);
          expect(q.discountCents).toBeLessThanOrEqual(q.itemTotalCents);
          for (const v of [q.itemTotalCents, q.shippingCents, q.discountCents, q.totalCents]) {
            expect(Number.isInteger(v)).toBe(true);
          }
          expect(q.lines.reduce((s, l) => s + l.discountCents, 0)).toBe(q.discountCents);
          const goods = q.lines.flatMap((l) => (l.frame ? [l.print, l.frame] : [l.print]));
          const parts = [...goods, ...q.shipping];
          // Shipping is shared over the rates of the goods paid for, and adds up to the charge.
          expect(q.shipping.reduce((s, p) => s + p.grossCents, 0)).toBe(q.shippingCents);
          const paidRates = new Set(goods.filter((g) => g.grossCents > 0).map((g) => g.rateBp));
          for (const p of q.shipping) if (paidRates.size > 0) expect(paidRates.has(p.rateBp)).toBe(true);
          expect(parts.reduce((s, p) => s + p.grossCents, 0)).toBe(q.totalCents);
          for (const p of parts) expect(p.grossCents).toBeGreaterThanOrEqual(0);
          expect(q.vat.reduce((s, v) => s + v.grossCents, 0)).toBe(q.totalCents);
          expect(q.vat.reduce((s, v) => s + v.vatCents, 0)).toBe(parts.reduce((s, p) => s + p.vatCents, 0));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('shares a sum out exactly, in proportion', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 100 }),
        (total, weights) => {
          const shares = shareOut(total, weights);
          const sum = weights.reduce((a, b) => a + b, 0);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(sum > 0 ? total : 0);
          shares.forEach((s, i) => {
            expect(Math.abs(s - (total * (weights[i] ?? 0)) / Math.max(sum, 1))).toBeLessThan(1);
          });
        },
      ),
    );
  });

  it('prices a framed print to Australia with a code, as worked out by hand', () => {
    const world = DEFAULT_ZONES.find((z) => z.id === 'world') as ShippingZone;
    const q = quoteOrder(
      [
        {
          description: 'Medium matte, framed',
          quantity: 1,
          printUnitCents: 7500,
          frameUnitCents: 4000,
          limitedEdition: false,
        },
        {
          description: 'Small edition',
          quantity: 2,
          printUnitCents: 4500,
          frameUnitCents: 0,
          limitedEdition: true,
        },
      ],
      world,
      { kind: 'percent', value: 10 },
      DEFAULT_VAT_RATES,
    );
    // Prints 75 + 40 + 2 × 45 = 205.00; 10% off = 20.50; shipping to the rest of the world, 3 prints, 1 framed: 25 + 2 × 6 + 60 = 97.00.
    expect(q.itemTotalCents).toBe(20500);
    expect(q.discountCents).toBe(2050);
    expect(q.shippingCents).toBe(9700);
    expect(q.totalCents).toBe(20500 + 9700 - 2050);
    // The discount in proportion: 750 on the print, 400 on the frame, 900 on the editions.
    expect(q.lines.map((l) => l.discountCents)).toEqual([1150, 900]);
    expect(q.lines[0]?.print.grossCents).toBe(6750);
    expect(q.lines[0]?.frame?.grossCents).toBe(3600);
    expect(q.lines[1]?.print).toMatchObject({ vatClass: 'edition', rateBp: 1350, grossCents: 8100 });
    // Shipping follows the goods: 97.00 over 103.50 at 23% and 81.00 at 13.5%, in proportion,
    // 54.4146… and 42.5853…: 54.41 and 42.59 (the spare cent to the larger remainder).
    expect(q.shipping).toEqual([
      { vatClass: 'shipping', rateBp: 2300, grossCents: 5441, vatCents: vatInGross(5441, 2300) },
      { vatClass: 'shipping', rateBp: 1350, grossCents: 4259, vatCents: vatInGross(4259, 1350) },
    ]);
    const at23 = vatInGross(6750, 2300) + vatInGross(3600, 2300) + vatInGross(5441, 2300);
    expect(q.vat).toEqual([
      { rateBp: 2300, grossCents: 6750 + 3600 + 5441, vatCents: at23 },
      { rateBp: 1350, grossCents: 8100 + 4259, vatCents: vatInGross(8100, 1350) + vatInGross(4259, 1350) },
    ]);
    expect(vatInGross(8100, 1350)).toBe(963);
  });

  it('ships free over the threshold, counted after the discount', () => {
    const ie = DEFAULT_ZONES.find((z) => z.id === 'ie') as ShippingZone;
    const lines = [
      { description: 'Large', quantity: 1, printUnitCents: 16000, frameUnitCents: 0, limitedEdition: false },
    ];
    expect(quoteOrder(lines, ie, null, DEFAULT_VAT_RATES).shippingCents).toBe(0);
    expect(quoteOrder(lines, ie, { kind: 'fixed', value: 2000 }, DEFAULT_VAT_RATES).shippingCents).toBe(800);
  });
});
