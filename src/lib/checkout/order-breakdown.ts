// The money of a stored order as every surface after the checkout shows it: the confirmation page,
// the buyer's and the owner's mails, the status and refund mails, and the owner's order dialog. The
// figures are the ones stored when the order was priced (lib/checkout/quote.ts), never worked out
// again from today's prices, and they are named as the checkout's summary names them, so a buyer
// who paid €53 for a €45 print sees the €8 of shipping, and the discount and its code, everywhere.
//
// Items + shipping − discount = total, to the cent, on every order priced since shipping was
// charged. An older order stored only its total: it shows its items and its total, nothing invented.
import { formatEuro } from '~/lib/platform/shared/format';
import { orderVatByRate, type StoredVatLine, type StoredVatOrder, vatAtRate } from '../selling/order-vat';
import { DEFAULT_ZONES, type ZoneId } from '../selling/shipping-zones';

export interface StoredBreakdownOrder extends StoredVatOrder {
  totalAmountCents: number;
  itemTotalCents: number | null;
  discountCents: number | null;
  discountCode: string | null;
  shippingZone: ZoneId | null;
  /** The print lab's delivery inside `shippingCents` (0 or missing: the owner sends everything). */
  labShippingCents?: number | null;
  items: readonly (StoredVatLine & { labSku?: string | null })[];
}

/** A stored order with the words of each line, as the mails write it. */
export interface StoredMoneyOrder extends StoredBreakdownOrder {
  items: readonly (StoredVatLine & { description: string; labSku?: string | null })[];
}

export type BreakdownRowKind = 'items' | 'shipping' | 'discount' | 'total' | 'vat';

/** One row of the breakdown: its label, and its amount in cents (a discount is negative). */
export interface BreakdownRow {
  kind: BreakdownRowKind;
  label: string;
  cents: number;
}

const zoneName = (id: ZoneId | null) => DEFAULT_ZONES.find((z) => z.id === id)?.name ?? null;

/**
 * The rows in the order they are read: items, shipping, discount, the total, then the VAT inside
 * the total per rate (an order made before VAT was recorded has none).
 */
export function orderBreakdown(order: StoredBreakdownOrder): BreakdownRow[] {
  const items = order.itemTotalCents ?? order.items.reduce((n, i) => n + i.priceCents * i.quantity, 0);
  const rows: BreakdownRow[] = [{ kind: 'items', label: 'Items', cents: items }];
  if (order.shippingCents !== null) {
    const zone = zoneName(order.shippingZone);
    const lab = order.labShippingCents ?? 0;
    // With prints made by the print lab, its delivery is a row of its own beside the owner's.
    const ownerSends = lab === 0 || order.items.some((i) => !i.labSku);
    if (ownerSends) {
      rows.push({
        kind: 'shipping',
        label: `${lab > 0 ? 'Shipping of our own prints' : 'Shipping'}${zone ? ` to ${zone}` : ''}`,
        cents: order.shippingCents - lab,
      });
    }
    if (lab > 0) rows.push({ kind: 'shipping', label: "Print lab's delivery", cents: lab });
  }
  if ((order.discountCents ?? 0) > 0) {
    rows.push({
      kind: 'discount',
      label: order.discountCode ? `Discount (${order.discountCode})` : 'Discount',
      cents: -(order.discountCents ?? 0),
    });
  }
  rows.push({ kind: 'total', label: 'Total (incl. VAT)', cents: order.totalAmountCents });
  for (const rate of orderVatByRate(order) ?? [])
    rows.push({ kind: 'vat', label: `Including ${vatAtRate(rate.rateBp)}`, cents: rate.vatCents });
  return rows;
}

/** Several orders added up, as the sales report gives them: items, shipping, discounts, total. */
export function summedBreakdown(sum: {
  itemsCents: number;
  shippingCents: number;
  discountCents: number;
  totalCents: number;
}): BreakdownRow[] {
  return [
    { kind: 'items', label: 'Items', cents: sum.itemsCents },
    { kind: 'shipping', label: 'Shipping', cents: sum.shippingCents },
    { kind: 'discount', label: 'Discounts', cents: 0 - sum.discountCents || 0 },
    { kind: 'total', label: 'Total (incl. VAT)', cents: sum.totalCents },
  ];
}

/** An amount as a row shows it: "€8.00", "Free" for shipping that costs nothing, "−€4.50" off. */
export function breakdownAmount(row: BreakdownRow): string {
  if (row.kind === 'shipping' && row.cents === 0) return 'Free';
  return row.cents < 0 ? `−${formatEuro(-row.cents)}` : formatEuro(row.cents);
}

/** The rows as lines of a plain-text mail: "Shipping to Ireland: €8.00". */
export function breakdownTextLines(rows: readonly BreakdownRow[]): string[] {
  return rows.map((r) => `${r.label}: ${breakdownAmount(r)}`);
}

/**
 * An order's money as a mail gives it: a line per print bought, a blank line, then the breakdown.
 * `lineText` writes a description on one line (mail-text.ts: a stored text may hold line breaks).
 */
export function orderMoneyText(
  order: StoredMoneyOrder,
  lineText: (text: string) => string = (t) => t,
): string[] {
  const lines = order.items.map(
    (i) =>
      `- ${i.quantity} × ${lineText(i.description)}${i.labSku ? ' (made and sent by our print lab)' : ''}: ${formatEuro(i.priceCents)} each, ${formatEuro(i.priceCents * i.quantity)}`,
  );
  return [...lines, '', ...breakdownTextLines(orderBreakdown(order))];
}
