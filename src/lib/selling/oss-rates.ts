// The One-Stop-Shop, pure: which destinations it covers, the rates it starts from, and which rates an
// order carries. A seller registered for it charges a consumer in another EU member state (or in
// Northern Ireland, whose goods follow EU rules) that country's VAT; Ireland and every country
// outside the EU keep the shop's Irish rates. Rates are in basis points (1900 = 19%).
//
// The starting rates, as in force in 2026: prints, framing and shipping at each country's standard
// rate; limited editions at the reduced rate a country applies to works of art supplied by their
// creator (VAT Directive, Article 103 and Annex IX, Part A, point 7: "photographs taken by the
// artist, printed by him or under his supervision, signed and numbered and limited to 30 copies"),
// where that rate is known to apply. A country marked `artAtStandard` below is one whose reduced
// rate for works of art could not be confirmed: its editions start at its standard rate, which
// never charges too little, and the owner can lower it in the table.

import { EU_COUNTRIES } from './countries';
import type { VatRates } from './vat';

/** The destinations the One-Stop-Shop covers: the other member states, and XI for Northern Ireland. */
export const OSS_COUNTRIES = [...EU_COUNTRIES, 'XI'] as const;
export type OssCountry = (typeof OSS_COUNTRIES)[number];

export const isOssCountry = (code: string): code is OssCountry =>
  (OSS_COUNTRIES as readonly string[]).includes(code);

interface SeedRate {
  /** The standard rate, in basis points. */
  standard: number;
  /** The reduced rate for works of art supplied by their creator. */
  art: number;
  /** True when no reduced rate for works of art could be confirmed: art is the standard rate. */
  artAtStandard?: true;
}

const std = (standard: number): SeedRate => ({ standard, art: standard, artAtStandard: true });

/** Each country's standard rate and its rate for works of art, as seeded. */
export const OSS_SEED: Record<OssCountry, SeedRate> = {
  AT: { standard: 2000, art: 1300 },
  BE: { standard: 2100, art: 600 },
  BG: std(2000),
  HR: std(2500),
  CY: std(1900),
  CZ: { standard: 2100, art: 1200 },
  DK: { standard: 2500, art: 2500 }, // Denmark has no reduced rate at all: nothing to check.
  EE: std(2400), // 24% since 1 July 2025.
  FI: std(2550), // 25.5% since 1 September 2024.
  FR: { standard: 2000, art: 550 },
  DE: { standard: 1900, art: 700 },
  GR: std(2400),
  HU: std(2700),
  IT: { standard: 2200, art: 500 }, // Works of art at 5% since June 2025 (10% before).
  LV: std(2100),
  LT: std(2100),
  LU: { standard: 1700, art: 800 },
  MT: std(1800),
  NL: { standard: 2100, art: 900 },
  PL: { standard: 2300, art: 800 },
  PT: std(2300),
  RO: std(2100), // 21% since 1 August 2025.
  SK: std(2300), // 23% since 1 January 2025.
  SI: { standard: 2200, art: 950 },
  ES: { standard: 2100, art: 1000 },
  SE: { standard: 2500, art: 1200 },
  // Northern Ireland: the United Kingdom's rate; a creator's own sale of a work of art is standard-rated there.
  XI: { standard: 2000, art: 2000 },
};

/** A country's rates per product class as seeded. */
export function seededOssRates(country: OssCountry): VatRates {
  const s = OSS_SEED[country];
  return { print: s.standard, edition: s.art, framing: s.standard, shipping: s.standard };
}

/** The owner's table: each covered country's rates per class. */
export type OssRateTable = Record<OssCountry, VatRates>;

/** The seeded table with the owner's edits (country, class, rate) laid over it. */
export function ossRateTable(
  edits: readonly { country: string; vatClass: keyof VatRates; rateBp: number }[],
): OssRateTable {
  const table = Object.fromEntries(OSS_COUNTRIES.map((c) => [c, seededOssRates(c)])) as OssRateTable;
  for (const e of edits) if (isOssCountry(e.country)) table[e.country][e.vatClass] = e.rateBp;
  return table;
}

/** The rates an order carries, and the country whose VAT they are (null: Irish VAT). */
export interface AppliedRates {
  rates: VatRates;
  ossCountry: OssCountry | null;
}

/**
 * The rates of an order sent to `country`: that country's under the One-Stop-Shop when the shop is
 * registered and the country is covered; the Irish rates otherwise (Ireland, and every country
 * outside the EU, as before the registration).
 */
export function ratesForDestination(
  country: string,
  registered: boolean,
  irish: VatRates,
  table: OssRateTable,
): AppliedRates {
  if (registered && isOssCountry(country)) return { rates: { ...table[country] }, ossCountry: country };
  return { rates: irish, ossCountry: null };
}
