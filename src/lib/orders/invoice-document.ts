// What a VAT invoice or credit note says, worked out from the figures stored with the order when it
// was priced (never today's prices): a row per print (and per frame when the frame is taxed at
// another rate), with its quantity, unit price without VAT, the discount taken off it, its VAT rate,
// VAT and net amount; shipping as a row of its own; the totals per rate; and the total payable.
//
// A row's unit price without VAT is its stored price including VAT divided by (1 + rate), to the
// cent; its net amount is what was paid for it less the VAT recorded for it; the discount column
// is the difference, so that quantity × unit price − discount = net on every row.
//
// A credit note gives back the refunded amount per rate. A full refund gives back each rate's
// amount and VAT as invoiced. A partial refund gives back the same share of every rate: each rate's
// amount is its invoiced amount × refund ÷ order total, rounded down to the cent, and the cents
// left over go one each to the rates with the largest remainders (so the rates add up to the refund
// exactly); the VAT inside each rate's refunded amount is its invoiced VAT in the same proportion.
//
// An invoice is dated the day it is issued. When that is not the day the order was paid (an order
// paid before invoices were issued, its invoice issued later), it also states the date of supply,
// the payment date, as an Irish VAT invoice may; a credit note issued after the day of its refund
// states the day of the refund in the same way. An order that carried another EU country's VAT
// under the One-Stop-Shop says so under the totals, on its invoice and its credit note.
import { documentNumber } from '~/lib/checkout/invoice-number';
import { irishDay } from '~/lib/platform/shared/irish-dates';
import { countryName } from '~/lib/selling/countries';
import {
  lineParts,
  type RateTotal,
  type StoredVatOrder,
  shippingRateParts,
  sumByRate,
} from '~/lib/selling/order-vat';
import { ratePercent } from '~/lib/selling/vat';

export interface DocumentLine {
  description: string;
  quantity: number;
  unitNetCents: number;
  discountNetCents: number;
  rateBp: number | null;
  vatCents: number;
  netCents: number;
}

export interface RateRow {
  rateBp: number;
  netCents: number;
  vatCents: number;
}

export interface DocumentModel {
  title: 'Invoice' | 'Credit note';
  /** "INV-000042"; null on a specimen. */
  number: string | null;
  /** The invoice a credit note refers to ("INV-000042"). */
  refersTo: string | null;
  specimen: boolean;
  issuedAt: Date;
  /**
   * The date of supply (of an invoice) or of the refund (of a credit note), when on another day
   * (Irish time) than the date of issue; else null.
   */
  suppliedAt: Date | null;
  /** The sentence naming the One-Stop-Shop country whose VAT the order carried; null for Irish VAT. */
  ossNote: string | null;
  orderRef: string;
  supplier: { name: string; lines: string[]; vatNumber: string | null; footer: string[] } | null;
  buyer: { name: string; lines: string[] };
  lines: DocumentLine[];
  /** The discount, VAT included, and its code. */
  discount: { cents: number; code: string | null } | null;
  rates: RateRow[];
  totalCents: number;
  /** True when the order was made before VAT was recorded: no VAT figures are given. */
  noVatRecorded: boolean;
}

export interface DocumentOrder extends StoredVatOrder {
  id: string;
  totalAmountCents: number;
  discountCents: number | null;
  discountCode: string | null;
  items: readonly (StoredVatOrder['items'][number] & { description: string })[];
}

const unitNet = (grossCents: number, rateBp: number) => Math.round((grossCents * 10_000) / (10_000 + rateBp));

function row(description: string, quantity: number, unitGross: number, part: RateTotal, recorded: boolean) {
  const rate = recorded ? part.rateBp : null;
  const unit = rate === null ? unitGross : unitNet(unitGross, rate);
  const net = part.grossCents - part.vatCents;
  // A discounted line's discount column is what takes its units' net to its net, rounding included;
  // a line without a discount shows none, though its units' net may differ from its net by the
  // rounding of a cent (the net is the figure the VAT was worked out on).
  const discounted = unitGross * quantity > part.grossCents;
  return {
    description,
    quantity,
    unitNetCents: unit,
    discountNetCents: discounted ? unit * quantity - net : 0,
    rateBp: rate,
    vatCents: part.vatCents,
    netCents: net,
  };
}

/** The rows of an order: a row per print, its frame apart when taxed at another rate, then shipping. */
export function documentLines(order: DocumentOrder): DocumentLine[] {
  const recorded = order.items.every((i) => i.vatRateBp !== null && i.vatCents !== null);
  const lines: DocumentLine[] = [];
  for (const item of order.items) {
    const parts = lineParts(item);
    if (parts.length === 1 && parts[0]) {
      lines.push(row(item.description, item.quantity, item.priceCents, parts[0], recorded));
    } else {
      const [print, frame] = parts;
      if (print) {
        const unit = item.priceCents - item.framingPriceCents;
        lines.push(row(item.description, item.quantity, unit, print, recorded));
      }
      if (frame) lines.push(row('  Frame', item.quantity, item.framingPriceCents, frame, recorded));
    }
  }
  const shipping = shippingRateParts(order);
  if (shipping.length > 0) {
    // Shipping carries the rates of the goods it delivers: a row per rate when it was shared.
    const shared = shipping.length > 1;
    for (const part of shipping) {
      const name = shared ? `Shipping (part at ${ratePercent(part.rateBp)}%)` : 'Shipping';
      lines.push(row(name, 1, part.grossCents, part, recorded));
    }
  } else if ((order.shippingCents ?? 0) > 0) {
    const part = { rateBp: 0, grossCents: order.shippingCents ?? 0, vatCents: 0 };
    lines.push(row('Shipping', 1, part.grossCents, part, false));
  }
  return lines;
}

/** The order's totals per rate (net and VAT), highest rate first. */
export function documentRates(order: DocumentOrder): RateRow[] {
  const parts = [...order.items.flatMap(lineParts), ...shippingRateParts(order)];
  return sumByRate(parts).map((r) => ({
    rateBp: r.rateBp,
    netCents: r.grossCents - r.vatCents,
    vatCents: r.vatCents,
  }));
}

/**
 * A refund of `refundCents` of an order paid `totalCents`, per rate: see the rule at the head of
 * this file. `rates` are the invoice's (net and VAT per rate).
 */
export function creditRates(rates: readonly RateRow[], totalCents: number, refundCents: number): RateRow[] {
  if (refundCents >= totalCents || totalCents <= 0) return rates.map((r) => ({ ...r }));
  const gross = rates.map((r) => r.netCents + r.vatCents);
  const exact = gross.map((g) => (g * refundCents) / totalCents);
  const shares = exact.map(Math.floor);
  let left = refundCents - shares.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((e, i) => ({ i, rest: e - Math.floor(e) })).sort((a, b) => b.rest - a.rest);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left--;
  }
  return rates.map((r, i) => {
    const share = shares[i] ?? 0;
    const g = gross[i] ?? 0;
    const vat = g === 0 ? 0 : Math.round((r.vatCents * share) / g);
    return { rateBp: r.rateBp, netCents: share - vat, vatCents: vat };
  });
}

/** The date of supply a document states: `suppliedAt` when on another Irish day than `issuedAt`, else null. */
export function dateOfSupply(issuedAt: Date, suppliedAt: Date | null): Date | null {
  return suppliedAt && irishDay(suppliedAt) !== irishDay(issuedAt) ? suppliedAt : null;
}

/** A country by the name its buyers know: Northern Ireland rather than the United Kingdom's long name. */
const ossCountryName = (code: string) => (code === 'XI' ? 'Northern Ireland' : (countryName(code) ?? code));

/**
 * "VAT charged at the rates of Germany under the EU One-Stop-Shop scheme.", for an order that
 * carried another EU country's VAT (`orders.oss_country`); null for an order that carried Irish VAT.
 */
export function ossNote(ossCountry: string | null): string | null {
  return ossCountry
    ? `VAT charged at the rates of ${ossCountryName(ossCountry)} under the EU One-Stop-Shop scheme.`
    : null;
}

export { documentNumber };
