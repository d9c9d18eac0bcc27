// The order views the owner's order endpoints answer, as JSON: money as decimal euros ("90.00") at
// the edge with the integer cents alongside, times as ISO strings.

import { waitingSince } from '~/lib/lab/lab-sender.server';
import type {
  AdminLabOrder,
  AdminOrder,
  AdminOrderDetails,
  AdminOrderItem,
} from '~/lib/orders/admin-orders.server';
import { LAB_UNREACHABLE_AFTER_MS } from '~/lib/orders/lab-order-schemas';
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
    /** The lab's product code when the lab makes this line; null when the owner does. */
    labSku: i.labSku,
  };
}

/**
 * The lab order as the dialog shows it. `unreachableSince`: when a lab order still waiting to be
 * sent has failed to reach the lab and was last queued (paid, approved or sent again) more than six
 * hours ago, since when it waits.
 */
export function labOrderJson(l: AdminLabOrder, now = new Date()) {
  const since = waitingSince(l);
  const stuck =
    l.state === 'queued' && l.attempts > 0 && now.getTime() - since.getTime() >= LAB_UNREACHABLE_AFTER_MS;
  return {
    state: l.state,
    attempts: l.attempts,
    nextAttemptAt: iso(l.nextAttemptAt),
    lastError: l.lastError,
    refusal: l.refusal ?? [],
    labOrderId: l.labOrderId,
    labStage: l.labStage,
    labIssues: l.labIssues,
    carrier: l.carrier,
    trackingNumber: l.trackingNumber,
    trackingUrl: l.trackingUrl,
    sentAt: iso(l.sentAt),
    createdAt: iso(l.createdAt),
    /** When it last changed: for a lab order being sent, when the lab was last tried. */
    updatedAt: iso(l.updatedAt),
    unreachableSince: stuck ? iso(since) : null,
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
    /** Its order to the print lab, when the lab makes any of its lines. */
    lab: o.lab && labOrderJson(o.lab),
    /** The VAT inside the total per rate (rate in percent); empty for an order made before VAT was kept. */
    vat: (o.vat ?? []).map((r) => ({
      rate: Number(ratePercent(r.rateBp)),
      amount: centsToDecimal(r.vatCents),
    })),
  };
}
