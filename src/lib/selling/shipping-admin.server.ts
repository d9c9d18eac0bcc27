// The owner's shipping settings: the four zones' rates, and the countries moved out of their own
// zone (to another, or to "not shipped to"). A zone is kept as a row once edited; a country moved
// back to its own zone loses its row, so the table lists exactly the owner's exceptions.
import { eq } from 'drizzle-orm';
import type { Db } from '~/lib/platform/server/db';
import { centsToDecimal } from '~/lib/platform/shared/format';
import { shippingCountries, shippingZones } from '~db/schema';
import { countryName } from './countries';
import type { ShippingSettingsInput } from './owner-schemas';
import { loadMovedCountries, loadZones } from './selling-rules.server';
import { type ShippingReach, shippingParagraph, shippingReach, shippingShortLine } from './shipping-text';
import { DEFAULT_ZONES, defaultZoneOf, type ShippingZone, type ZoneId } from './shipping-zones';

export interface MovedCountry {
  country: string;
  name: string;
  /** Where it ships now; null: not shipped to. */
  zone: ZoneId | null;
  defaultZone: ZoneId;
}

export interface ShippingSettings {
  zones: ShippingZone[];
  countries: MovedCountry[];
}

export function shippingSettings(db: Db): ShippingSettings {
  const countries = [...loadMovedCountries(db)]
    .map(([country, zone]) => ({
      country,
      name: countryName(country) ?? country,
      zone,
      defaultZone: defaultZoneOf(country),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return { zones: loadZones(db), countries };
}

/** Saves the zones and moves given, all or nothing, and answers the settings as they now stand. */
export function updateShipping(db: Db, input: ShippingSettingsInput): ShippingSettings {
  db.transaction((tx) => {
    for (const zone of input.zones ?? []) {
      const name = DEFAULT_ZONES.find((d) => d.id === zone.id)?.name ?? zone.id;
      const values = { ...zone, name, updatedAt: new Date() };
      tx.insert(shippingZones)
        .values(values)
        .onConflictDoUpdate({ target: shippingZones.id, set: values })
        .run();
    }
    for (const { country, zone } of input.countries ?? []) {
      if (zone === defaultZoneOf(country)) {
        tx.delete(shippingCountries).where(eq(shippingCountries.country, country)).run();
        continue;
      }
      const values = { country, zoneId: zone, updatedAt: new Date() };
      tx.insert(shippingCountries)
        .values(values)
        .onConflictDoUpdate({ target: shippingCountries.country, set: values })
        .run();
    }
  });
  return shippingSettings(db);
}

/** Where the zones reach now, for the words of the shop, the FAQ and the shipping page. */
export function currentShippingReach(db: Db): ShippingReach {
  return shippingReach(loadZones(db), loadMovedCountries(db));
}

/** The FAQ's {shipping}: every zone's prices in one paragraph. */
export const shippingFaqText = (db: Db): string => shippingParagraph(currentShippingReach(db));

/** The shop's one line on shipping. */
export const shippingShopLine = (db: Db): string => shippingShortLine(currentShippingReach(db));

/** The settings as the API answers them: money in euros with 2 decimals. */
export function shippingSettingsJson(s: ShippingSettings) {
  return {
    zones: s.zones.map((z) => ({
      id: z.id,
      name: z.name,
      firstPrint: centsToDecimal(z.firstPrintCents),
      additionalPrint: centsToDecimal(z.additionalPrintCents),
      framedSurcharge: centsToDecimal(z.framedSurchargeCents),
      freeOver: z.freeOverCents === null ? null : centsToDecimal(z.freeOverCents),
    })),
    countries: s.countries,
  };
}
