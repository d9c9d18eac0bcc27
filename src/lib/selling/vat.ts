// VAT, pure and in integer cents. Every price on the site includes VAT; the VAT inside a price is
// worked out per product class, whose rate the owner sets. The defaults are Ireland's standard rate,
// 23%, and 13.5% for signed limited editions: the VAT Consolidation Act 2010, Schedule 5, paragraph
// 1(f), covers "a photograph taken by an artist, printed by the artist or under the artist's
// supervision, signed and numbered and limited to 30 copies, all sizes and mounts included", when it
// is supplied by its creator. Rates are kept in basis points (2300 = 23%).

import { VAT_CLASSES } from '~db/enums';

export { VAT_CLASSES };
export type VatClass = (typeof VAT_CLASSES)[number];
export type VatRates = Record<VatClass, number>;

export const DEFAULT_VAT_RATES: VatRates = { print: 2300, edition: 1350, framing: 2300, shipping: 2300 };

/** The owner's names of the classes. */
export const VAT_CLASS_LABELS: Record<VatClass, string> = {
  print: 'Open-edition prints',
  edition: 'Limited editions',
  framing: 'Framing',
  shipping: 'Shipping',
};

/** The highest rate the owner may set: 100%. */
export const MAX_VAT_BP = 10_000;

/** The VAT inside a VAT-inclusive amount, rounded to the nearest cent. */
export function vatInGross(grossCents: number, rateBp: number): number {
  return Math.round((grossCents * rateBp) / (10_000 + rateBp));
}

/**
 * The VAT a drone job's invoice or credit note states (its `vat_cents`); one issued before that was
 * kept states the VAT of its amount at the quote's rate.
 */
export const statedVatCents = (
  doc: { vatCents: number | null; amountCents: number },
  rateBp: number,
): number => doc.vatCents ?? vatInGross(doc.amountCents, rateBp);

/** A rate in basis points as a percentage for people: 2300 → "23", 1350 → "13.5". */
export const ratePercent = (rateBp: number): string => String(rateBp / 100);
