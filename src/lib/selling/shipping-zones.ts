// Shipping by destination, pure and in integer cents. Every country belongs to one of four zones:
// Ireland, the EU (with Northern Ireland, which follows the EU for goods), Great Britain, and the rest
// of the world, which catches every country not placed elsewhere. The owner edits each zone's rates,
// may move a country to another zone, or stop shipping to it; the server prices shipping from the
// zone alone, never from anything the browser sends but the country.
import { ZONE_IDS } from '~db/enums';
import { EU_COUNTRIES } from './countries';

export { ZONE_IDS };
export type ZoneId = (typeof ZONE_IDS)[number];

export interface ShippingZone {
  id: ZoneId;
  name: string;
  /** The first print of an order. */
  firstPrintCents: number;
  /** Each print after the first. */
  additionalPrintCents: number;
  /** Added for each framed print, on top of the above. */
  framedSurchargeCents: number;
  /** Shipping is free when the prints come to at least this much (after any discount); null: never. */
  freeOverCents: number | null;
}

/** A new installation's zones: the owner changes them in the admin's Shipping tab. */
export const DEFAULT_ZONES: readonly ShippingZone[] = [
  {
    id: 'ie',
    name: 'Ireland',
    firstPrintCents: 800,
    additionalPrintCents: 200,
    framedSurchargeCents: 1500,
    freeOverCents: 15000,
  },
  {
    id: 'eu',
    name: 'European Union and Northern Ireland',
    firstPrintCents: 1500,
    additionalPrintCents: 400,
    framedSurchargeCents: 3500,
    freeOverCents: null,
  },
  {
    id: 'gb',
    name: 'Great Britain',
    firstPrintCents: 1500,
    additionalPrintCents: 400,
    framedSurchargeCents: 3500,
    freeOverCents: null,
  },
  {
    id: 'world',
    name: 'Rest of the world',
    firstPrintCents: 2500,
    additionalPrintCents: 600,
    framedSurchargeCents: 6000,
    freeOverCents: null,
  },
];

const EU = new Set<string>([...EU_COUNTRIES, 'XI']);

/** The zone a country is in unless the owner moved it. */
export function defaultZoneOf(country: string): ZoneId {
  if (country === 'IE') return 'ie';
  if (EU.has(country)) return 'eu';
  if (country === 'GB') return 'gb';
  return 'world';
}

/**
 * Where a country ships: the owner's choice for it (a zone, or null for "not shipped to") when there
 * is one, else its default zone.
 */
export function zoneIdOf(country: string, moved: ReadonlyMap<string, ZoneId | null>): ZoneId | null {
  return moved.has(country) ? (moved.get(country) ?? null) : defaultZoneOf(country);
}

/**
 * Shipping of an order to a zone: the first print, each further print, and the surcharge of each
 * framed one; nothing when the prints (after any discount) reach the zone's free-shipping threshold.
 * No prints, no shipping.
 */
export function shippingCents(
  zone: ShippingZone,
  prints: number,
  framed: number,
  merchandiseCents: number,
): number {
  if (prints <= 0) return 0;
  if (zone.freeOverCents !== null && merchandiseCents >= zone.freeOverCents) return 0;
  return zone.firstPrintCents + zone.additionalPrintCents * (prints - 1) + zone.framedSurchargeCents * framed;
}
