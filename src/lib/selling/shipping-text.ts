// What the shop, the FAQ and the shipping page say about shipping, written from the zones and the
// countries the owner moved, the same rules the checkout charges by: the words cannot disagree
// with what is charged.
import { formatEuro } from '~/lib/platform/shared/format';
import { COUNTRIES } from './countries';
import { defaultZoneOf, type ShippingZone, type ZoneId, zoneIdOf } from './shipping-zones';

/** Who a zone is for, before the owner's moves. */
const ZONE_MEMBERS: Record<ZoneId, string> = {
  ie: 'Ireland',
  eu: 'the countries of the European Union, and Northern Ireland',
  gb: 'England, Scotland and Wales',
  world: 'every other country',
};

export interface ZoneReach {
  zone: ShippingZone;
  /** Who the zone is for by default, in words. */
  members: string;
  /** Countries the owner moved into this zone, by name. */
  added: string[];
  /** Countries of this zone by default that the owner moved elsewhere or does not ship to. */
  removed: string[];
  /** Whether any country ships at this zone's rates. */
  inUse: boolean;
}

export interface ShippingReach {
  zones: ZoneReach[];
  /** The countries the owner does not ship to, by name. */
  notShipped: string[];
}

/** Where each zone reaches, after the owner's moves. */
export function shippingReach(
  zones: readonly ShippingZone[],
  moved: ReadonlyMap<string, ZoneId | null>,
): ShippingReach {
  const notShipped: string[] = [];
  const reach = zones.map((zone) => ({
    zone,
    members: ZONE_MEMBERS[zone.id],
    added: [] as string[],
    removed: [] as string[],
    inUse: false,
  }));
  const byId = new Map(reach.map((r) => [r.zone.id, r]));
  for (const [code, name] of COUNTRIES) {
    const own = defaultZoneOf(code);
    const now = zoneIdOf(code, moved);
    if (now === null) notShipped.push(name);
    else {
      const to = byId.get(now);
      if (to) to.inUse = true;
      if (now !== own) to?.added.push(name);
    }
    if (now !== own) byId.get(own)?.removed.push(name);
  }
  return { zones: reach, notShipped };
}

/** "€8.00 for the first print and €2.00 for each further one, €15.00 more for each framed print; free when the prints come to €150.00 or more". */
export function zonePrices(zone: ShippingZone): string {
  const { firstPrintCents: first, additionalPrintCents: more, framedSurchargeCents: framed } = zone;
  if (first === 0 && more === 0 && framed === 0) return 'free';
  const base =
    more === first
      ? `${formatEuro(first)} a print`
      : more === 0
        ? `${formatEuro(first)} however many prints`
        : `${formatEuro(first)} for the first print and ${formatEuro(more)} for each further one`;
  const frame = framed > 0 ? `, ${formatEuro(framed)} more for each framed print` : '';
  const free =
    zone.freeOverCents === null
      ? ''
      : `; free when the prints come to ${formatEuro(zone.freeOverCents)} or more`;
  return `${base}${frame}${free}`;
}

const list = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** Who a zone is for after the owner's moves: "every other country, and Norway; not Malta". */
export function zoneWho(r: ZoneReach): string {
  const also = r.added.length ? `; also ${list(r.added)}` : '';
  const except = r.zone.id === 'world' ? '' : r.removed.length ? `; not ${list(r.removed)}` : '';
  return `${r.members}${also}${except}`;
}

/** The zone's name, with who it is for when that says more: "Great Britain (England, Scotland and Wales)". */
export function zoneTitle(r: ZoneReach): string {
  const who = zoneWho(r);
  return who === r.zone.name ? who : `${r.zone.name} (${who})`;
}

/** One paragraph for the FAQ: each zone in use with its prices, and where prints are not sent. */
export function shippingParagraph(reach: ShippingReach): string {
  const zones = reach.zones.filter((r) => r.inUse).map((r) => `${zoneTitle(r)}: ${zonePrices(r.zone)}.`);
  const not = reach.notShipped.length ? ` Prints are not sent to ${list(reach.notShipped)}.` : '';
  return `Shipping is charged by destination, once per order. ${zones.join(' ')}${not}`;
}

/** One line for the shop: the lowest shipping, and Ireland's free-shipping threshold if it has one. */
export function shippingShortLine(reach: ShippingReach): string {
  const used = reach.zones.filter((r) => r.inUse);
  if (!used.length) return '';
  const lowest = Math.min(...used.map((r) => r.zone.firstPrintCents));
  // A threshold is named with its zone only while the zone is what its name says.
  const home = used.find((r) => r.zone.id === 'ie' && r.zone.freeOverCents !== null && !r.removed.length);
  const start =
    lowest === 0 ? 'Shipping is free to some destinations' : `Shipping from ${formatEuro(lowest)}`;
  const free = home
    ? `, free to ${home.zone.name} when the prints come to ${formatEuro(home.zone.freeOverCents ?? 0)} or more`
    : '';
  return `${start}${free}.`;
}
