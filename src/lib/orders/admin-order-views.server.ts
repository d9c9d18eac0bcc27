// The order views the owner's order endpoints answer, as JSON: money as decimal euros ("90.00") at
// the edge with the integer cents alongside, times as ISO strings.

import type { AdminOrder, AdminOrderDetails, AdminOrderItem } from '~/lib/orders/admin-orders.server';
import { lacksInvoice } from '~/lib/orders/late-invoices.server';
import { paymentState } from '~/lib/orders/payment-state';
import { centsToDecimal } from '~/lib/platform/shared/format';
import { ratePercent } from '~/lib/selling/vat';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function itemJson(i: AdminOrderItem) {
  return {
    id: i.id,
    quantity: i.quantity,
    price: centsToDecimal(i.priceCents),
    priceCents: i.priceCents,
    description: i.description,
    framing: i.framingSize,
    framingPrice: centsToDecimal(i.framingPriceCents),
    productVariant: i.productVariant,
  };
}

/** An order in the owner's list. */
export function adminOrderJson(o: AdminOrder) {
  return {
    id: o.id,
    customerName: o.customerName,
    customerEmail: o.customerEmail,
    phoneNumber: o.phoneNumber,
    customerAddress: o.customerAddress,
    status: o.status,
    paymentStatus: o.paymentStatus,
    /** The payment in words, beside the fulfilment status: Paid, Refunded, Partly refunded… */
    payment: paymentState(o),
    testMode: o.testMode,
    totalAmount: centsToDecimal(o.totalAmountCents),
    totalAmountCents: o.totalAmountCents,
    createdAt: iso(o.createdAt),
    itemCount: o.itemCount,
    items: o.items.map(itemJson),
  };
}

/** One order in full, for the details dialog and as the answer of a status change or refund. */
export function adminOrderDetailsJson(o: AdminOrderDetails) {
  return {
    ...adminOrderJson(o),
    currency: o.currency,
    paymentProvider: o.paymentProvider,
    paypalOrderId: o.paypalOrderId,
    paymentId: o.paymentId,
    paidAt: iso(o.paidAt),
    carrier: o.carrier,
    trackingNumber: o.trackingNumber,
    refundId: o.refundId,
    refundStatus: o.refundStatus,
    refundedAt: iso(o.refundedAt),
    refundedAmount: o.refundedAmountCents === null ? null : centsToDecimal(o.refundedAmountCents),
    updatedAt: iso(o.updatedAt),
    history: o.history.map((h) => ({ ...h, createdAt: iso(h.createdAt) })),
    gallery: o.gallery,
    withdrawal: o.withdrawal && { ...o.withdrawal, withdrawnAt: iso(o.withdrawal.withdrawnAt) },
    invoiceNumber: o.invoiceNumber,
    creditNoteNumber: o.creditNoteNumber,
    /** Paid for real before invoices were issued, and still without one: the owner may issue it. */
    invoiceMissing: lacksInvoice(o),
    /** Items, shipping, discount, total and the VAT inside it: a label and an amount ("-4.50" off) each. */
    breakdown: o.breakdown.map((r) => ({ kind: r.kind, label: r.label, amount: centsToDecimal(r.cents) })),
    /** The VAT inside the total per rate (rate in percent); empty for an order made before VAT was kept. */
    vat: (o.vat ?? []).map((r) => ({
      rate: Number(ratePercent(r.rateBp)),
      amount: centsToDecimal(r.vatCents),
    })),
  };
}
