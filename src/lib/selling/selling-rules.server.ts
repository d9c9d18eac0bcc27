// The owner's selling rules as the checkout reads them: shipping zones and where each country
// ships, VAT rates, and discount codes. A zone or rate the owner never edited reads as its default.
import { eq } from 'drizzle-orm';
import type { Db } from '~/lib/platform/server/db';
import { preparedOnce } from '~/lib/platform/server/prepared';
import { discountCodes, shippingCountries, shippingZones, vatRates } from '~db/schema';
import { COUNTRY_MISSING_MESSAGE, countryName } from './countries';
import { type DiscountRule, normaliseCode } from './discount';
import { DEFAULT_ZONES, type ShippingZone, type ZoneId, zoneIdOf } from './shipping-zones';
import { DEFAULT_VAT_RATES, type VatRates } from './vat';

/** The four zones, the owner's edits over the defaults, in their fixed order. */
export function loadZones(db: Db): ShippingZone[] {
  const all = preparedOnce(db, 'selling: zones', () => db.select().from(shippingZones).prepare());
  const edited = new Map(all.all().map((z) => [z.id, z]));
  return DEFAULT_ZONES.map((d) => {
    const e = edited.get(d.id);
    return e
      ? {
          id: d.id,
          name: e.name,
          firstPrintCents: e.firstPrintCents,
          additionalPrintCents: e.additionalPrintCents,
          framedSurchargeCents: e.framedSurchargeCents,
          freeOverCents: e.freeOverCents,
        }
      : { ...d };
  });
}

/** The countries the owner moved: to another zone, or to null ("not shipped to"). */
export function loadMovedCountries(db: Db): Map<string, ZoneId | null> {
  const all = preparedOnce(db, 'selling: moved countries', () =>
    db.select().from(shippingCountries).prepare(),
  );
  return new Map(all.all().map((c) => [c.country, c.zoneId]));
}

export type Destination =
  | { ships: true; country: string; zone: ShippingZone }
  | { ships: false; country: string; reason: string };

/** Where an order to `country` goes, or why it cannot: an unknown code, or one the owner does not ship to. */
export function destinationOf(db: Db, country: string): Destination {
  const name = countryName(country);
  if (!name) return { ships: false, country, reason: COUNTRY_MISSING_MESSAGE };
  const zoneId = zoneIdOf(country, loadMovedCountries(db));
  const zone = zoneId && loadZones(db).find((z) => z.id === zoneId);
  if (!zone) {
    return {
      ships: false,
      country,
      reason: `Sorry, prints cannot be shipped to ${name} at the moment. Please contact us about your order.`,
    };
  }
  return { ships: true, country, zone };
}

export function loadVatRates(db: Db): VatRates {
  const rates = { ...DEFAULT_VAT_RATES };
  const all = preparedOnce(db, 'selling: VAT rates', () => db.select().from(vatRates).prepare());
  for (const r of all.all()) rates[r.vatClass] = r.rateBp;
  return rates;
}

export interface StoredDiscount extends DiscountRule {
  id: string;
  code: string;
}

/** The code of that spelling (any case), or null. */
export function findDiscountCode(db: Db, code: string): StoredDiscount | null {
  const row = db
    .select()
    .from(discountCodes)
    .where(eq(discountCodes.code, normaliseCode(code)))
    .get();
  return row ?? null;
}
