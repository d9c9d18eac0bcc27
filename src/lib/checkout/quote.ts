// The money of an order, worked out once, pure and in integer cents: the prints, shipping by zone, a
// discount on the prints, and the VAT inside each part. The quote endpoint shows it, order creation
// stores it and sends PayPal its breakdown, so what the buyer is shown is what is charged.
//
// PayPal's rule holds by construction: total = itemTotal + shipping − discount, and itemTotal is the
// sum of unit price × quantity. The discount is shared out over the lines (and within a framed line
// between the print and its frame) in proportion to their amounts, by largest remainder, so the
// shares add up to the discount exactly and no rounding cent is lost; each part's VAT is worked out on
// what is really paid for it, and the VAT per rate is the sum of the parts' VAT.
//
// Shipping is part of the supply of the goods it delivers, so it carries their VAT rate: it is
// shared out over the rates of the goods, in proportion to what is paid at each rate (by largest
// remainder again). Prints and frames at 23% ship at 23%; an edition at 13.5% alone ships at 13.5%;
// a cart of both ships partly at each. Only shipping with nothing paid for goods (a discount of
// the whole price) takes the shipping class's own rate.
//
// Prints can be made by the owner or by a print lab. The owner's shipping (by zone) is charged for
// the owner's prints only, and the lab's delivery charge, as the lab quoted it, for the lab's; the
// buyer pays both, and both are shipping for VAT.
import { type DiscountRule, discountOff } from '../selling/discount';
import { shareOut } from '../selling/share-out';
import { type ShippingZone, shippingCents } from '../selling/shipping-zones';
import { type VatClass, type VatRates, vatInGross } from '../selling/vat';

export interface QuoteLineInput {
  description: string;
  quantity: number;
  /** The print's unit price (VAT included), without its frame. */
  printUnitCents: number;
  /** The frame's unit price, 0 when not framed. */
  frameUnitCents: number;
  /** A limited edition is taxed at the edition rate, an open edition at the print rate. */
  limitedEdition: boolean;
  /** Made and sent by the print lab: its delivery is the lab's charge, not the owner's shipping. */
  madeByLab?: boolean;
}

/** One taxed part of an order: what is paid for it (after its share of the discount) and its VAT. */
export interface VatPart {
  vatClass: VatClass;
  rateBp: number;
  grossCents: number;
  vatCents: number;
}

export interface QuotedLine extends QuoteLineInput {
  unitCents: number;
  /** unitCents × quantity, before the discount. */
  lineTotalCents: number;
  /** This line's share of the discount. */
  discountCents: number;
  print: VatPart;
  frame: VatPart | null;
}

export interface Quote {
  zone: ShippingZone;
  itemTotalCents: number;
  /** All shipping: the owner's for the owner's prints plus the lab's for the lab's. */
  shippingCents: number;
  ownerShippingCents: number;
  labShippingCents: number;
  discountCents: number;
  totalCents: number;
  lines: QuotedLine[];
  /** Shipping per rate of the goods it carries, highest rate first; one part at most per rate. */
  shipping: VatPart[];
  /** VAT per rate, highest rate first: the gross paid at that rate and the VAT inside it. */
  vat: { rateBp: number; grossCents: number; vatCents: number }[];
}

const part = (vatClass: VatClass, rates: VatRates, grossCents: number): VatPart => ({
  vatClass,
  rateBp: rates[vatClass],
  grossCents,
  vatCents: vatInGross(grossCents, rates[vatClass]),
});

export function quoteOrder(
  lines: readonly QuoteLineInput[],
  zone: ShippingZone,
  discount: Pick<DiscountRule, 'kind' | 'value'> | null,
  rates: VatRates,
  labShippingCents = 0,
): Quote {
  const gross = lines.flatMap((l) => [l.printUnitCents * l.quantity, l.frameUnitCents * l.quantity]);
  const itemTotalCents = gross.reduce((a, b) => a + b, 0);
  const discountCents = discount ? discountOff(discount, itemTotalCents) : 0;
  const shares = shareOut(discountCents, gross);
  const at = (list: number[], k: number) => list[k] ?? 0;
  const own = lines.flatMap((l, i) => (l.madeByLab ? [] : [{ l, i }]));
  const prints = own.reduce((n, { l }) => n + l.quantity, 0);
  const framed = own.reduce((n, { l }) => n + (l.frameUnitCents > 0 ? l.quantity : 0), 0);
  const ownPaid = own.reduce(
    (n, { i }) => n + at(gross, 2 * i) + at(gross, 2 * i + 1) - at(shares, 2 * i) - at(shares, 2 * i + 1),
    0,
  );
  const ownerShip = shippingCents(zone, prints, framed, ownPaid);
  const ship = ownerShip + labShippingCents;
  const quoted: QuotedLine[] = lines.map((l, i) => {
    const printGross = at(gross, 2 * i) - at(shares, 2 * i);
    const frameGross = at(gross, 2 * i + 1) - at(shares, 2 * i + 1);
    return {
      ...l,
      unitCents: l.printUnitCents + l.frameUnitCents,
      lineTotalCents: at(gross, 2 * i) + at(gross, 2 * i + 1),
      discountCents: at(shares, 2 * i) + at(shares, 2 * i + 1),
      print: part(l.limitedEdition ? 'edition' : 'print', rates, printGross),
      frame: l.frameUnitCents > 0 ? part('framing', rates, frameGross) : null,
    };
  });
  const goods = quoted.flatMap((l) => (l.frame ? [l.print, l.frame] : [l.print]));
  const shipping = shippingParts(ship, goods, rates);
  const byRate = new Map<number, { rateBp: number; grossCents: number; vatCents: number }>();
  for (const p of [...goods, ...shipping]) {
    if (p.grossCents === 0) continue;
    const r = byRate.get(p.rateBp) ?? { rateBp: p.rateBp, grossCents: 0, vatCents: 0 };
    r.grossCents += p.grossCents;
    r.vatCents += p.vatCents;
    byRate.set(p.rateBp, r);
  }
  return {
    zone,
    itemTotalCents,
    shippingCents: ship,
    ownerShippingCents: ownerShip,
    labShippingCents,
    discountCents,
    totalCents: itemTotalCents + ship - discountCents,
    lines: quoted,
    shipping,
    vat: [...byRate.values()].sort((a, b) => b.rateBp - a.rateBp),
  };
}

/** Shipping shared out over the rates of the goods, in proportion to what is paid at each. */
function shippingParts(ship: number, goods: readonly VatPart[], rates: VatRates): VatPart[] {
  if (ship === 0) return [];
  const atRate = new Map<number, number>();
  for (const g of goods)
    if (g.grossCents > 0) atRate.set(g.rateBp, (atRate.get(g.rateBp) ?? 0) + g.grossCents);
  if (atRate.size === 0) return [part('shipping', rates, ship)];
  const rateList = [...atRate.keys()].sort((a, b) => b - a);
  const shares = shareOut(
    ship,
    rateList.map((r) => atRate.get(r) ?? 0),
  );
  return rateList
    .map((rateBp, i) => {
      const grossCents = shares[i] ?? 0;
      return { vatClass: 'shipping' as const, rateBp, grossCents, vatCents: vatInGross(grossCents, rateBp) };
    })
    .filter((p) => p.grossCents > 0);
}
