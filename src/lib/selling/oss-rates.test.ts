// The One-Stop-Shop's rate table, pure: every covered country seeded (the 26 other member states and
// Northern Ireland, never Ireland), the owner's edits laid over the seed, and which rates an order
// carries: the buyer's country's only when registered and the country is covered.
import { describe, expect, it } from 'vitest';
import { quoteOrder } from '~/lib/checkout/quote';
import { EU_COUNTRIES } from './countries';
import {
  isOssCountry,
  OSS_COUNTRIES,
  OSS_SEED,
  ossRateTable,
  ratesForDestination,
  seededOssRates,
} from './oss-rates';
import { DEFAULT_ZONES } from './shipping-zones';
import { DEFAULT_VAT_RATES } from './vat';

const irish = DEFAULT_VAT_RATES;
const seeded = ossRateTable([]);

describe('the seeded table', () => {
  it('has a row for each other member state and Northern Ireland, and none for Ireland', () => {
    expect(OSS_COUNTRIES).toHaveLength(27);
    expect(new Set(OSS_COUNTRIES)).toEqual(new Set([...EU_COUNTRIES, 'XI']));
    expect(isOssCountry('IE')).toBe(false);
    expect(isOssCountry('GB')).toBe(false);
    expect(isOssCountry('XI')).toBe(true);
  });

  it('starts at the standard rate, and the rate for works of art for limited editions', () => {
    expect(seededOssRates('DE')).toEqual({ print: 1900, edition: 700, framing: 1900, shipping: 1900 });
    expect(seededOssRates('FR')).toEqual({ print: 2000, edition: 550, framing: 2000, shipping: 2000 });
    expect(seededOssRates('DK')).toEqual({ print: 2500, edition: 2500, framing: 2500, shipping: 2500 });
    for (const c of OSS_COUNTRIES) {
      const s = OSS_SEED[c];
      expect(s.standard).toBeGreaterThanOrEqual(1500); // the Directive's floor for the standard rate
      expect(s.art).toBeLessThanOrEqual(s.standard);
      expect(s.art).toBeGreaterThanOrEqual(500); // the floor of a reduced rate
      if (s.artAtStandard) expect(s.art).toBe(s.standard);
    }
  });

  it('lays the owner’s edits over the seed and ignores a country outside it', () => {
    const table = ossRateTable([
      { country: 'DE', vatClass: 'edition', rateBp: 1900 },
      { country: 'IE', vatClass: 'print', rateBp: 0 },
    ]);
    expect(table.DE).toEqual({ print: 1900, edition: 1900, framing: 1900, shipping: 1900 });
    expect(table.FR).toEqual(seeded.FR);
    expect('IE' in table).toBe(false);
  });
});

describe('the rates an order carries', () => {
  it('are Ireland’s for every buyer while the shop is not registered', () => {
    for (const c of ['IE', 'DE', 'XI', 'US', 'GB'])
      expect(ratesForDestination(c, false, irish, seeded)).toEqual({ rates: irish, ossCountry: null });
  });

  it('are the buyer’s country’s once registered, and Ireland’s at home and outside the EU', () => {
    expect(ratesForDestination('DE', true, irish, seeded)).toEqual({ rates: seeded.DE, ossCountry: 'DE' });
    expect(ratesForDestination('XI', true, irish, seeded).ossCountry).toBe('XI');
    for (const c of ['IE', 'US', 'GB', 'CH', 'NO'])
      expect(ratesForDestination(c, true, irish, seeded)).toEqual({ rates: irish, ossCountry: null });
  });
});

describe('a €45 limited edition', () => {
  const eu = DEFAULT_ZONES.find((z) => z.id === 'eu');
  if (!eu) throw new Error('no EU zone');
  const edition = [
    {
      description: 'Glendalough',
      quantity: 1,
      printUnitCents: 4500,
      frameUnitCents: 0,
      limitedEdition: true,
    },
  ];
  const vatOfPrint = (country: string) =>
    quoteOrder(edition, eu, null, ratesForDestination(country, true, irish, seeded).rates).lines[0]?.print;

  it('costs the same everywhere and holds the VAT of the buyer’s country', () => {
    // 4500 × 7 / 107 = 294.39: €2.94 for Germany; 4500 × 5.5 / 105.5 = 234.60: €2.35 for France;
    // 4500 × 13.5 / 113.5 = 535.24: €5.35 in Ireland.
    expect(vatOfPrint('DE')).toEqual({ vatClass: 'edition', rateBp: 700, grossCents: 4500, vatCents: 294 });
    expect(vatOfPrint('FR')).toEqual({ vatClass: 'edition', rateBp: 550, grossCents: 4500, vatCents: 235 });
    expect(vatOfPrint('IE')).toEqual({ vatClass: 'edition', rateBp: 1350, grossCents: 4500, vatCents: 535 });
  });

  it('ships an edition at its own rate in the buyer’s country, inside the same shipping price', () => {
    const q = quoteOrder(edition, eu, null, ratesForDestination('DE', true, irish, seeded).rates);
    const ie = quoteOrder(edition, eu, null, irish);
    expect(q.totalCents).toBe(ie.totalCents);
    expect(q.shipping.map((p) => p.rateBp)).toEqual([700]);
    expect(ie.shipping.map((p) => p.rateBp)).toEqual([1350]);
    expect(q.vat.map((v) => v.rateBp)).toEqual([700]);
  });
});
