// The order views the owner's order endpoints answer, as the browser reads them.
import type { BreakdownRowKind } from '~/lib/checkout/order-breakdown';
import type { LabOrderState } from '~/lib/orders/lab-order-schemas';
import type { OrderHistoryEntry } from '~/lib/orders/order-history';
import type { PaymentState } from '~/lib/orders/payment-state';

export type { OrderHistoryEntry };

export interface OrderItem {
  id: string;
  quantity: number;
  price: string;
  description: string;
  framing: string | null;
  framingPrice: string;
  productVariant: {
    size: string;
    finish: string;
    dimensions: string;
    photo: { id: string; title: string; imageUrl: string } | null;
  } | null;
  /** The lab's product code when the print lab makes this line; null when the owner does. */
  labSku?: string | null;
}

/** An order's order to the print lab (see the lab_orders table). */
export interface LabOrderView {
  state: LabOrderState;
  attempts: number;
  nextAttemptAt: string | null;
  lastError: string | null;
  refusal: { field: string; code: string; description: string }[];
  labOrderId: string | null;
  labStage: string | null;
  labIssues: string | null;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  sentAt: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  /** Set when it has waited for an unreachable lab for more than six hours: since when. */
  unreachableSince: string | null;
}

export interface OrderRow {
  id: string;
  customerName: string;
  customerEmail: string | null;
  phoneNumber: string | null;
  customerAddress: string | null;
  status: string;
  paymentStatus: string;
  /** The payment in words (Paid, Refunded, Partly refunded…), shown beside the fulfilment status. */
  payment: PaymentState;
  /** Made in test mode: no money was taken, whatever paymentStatus says. */
  testMode: boolean;
  totalAmount: string;
  createdAt: string;
  itemCount: number;
  items: OrderItem[];
}

export interface OrderDetails extends OrderRow {
  /** Who took the payment: 'paypal', 'stripe' (a card), or null before any payment. */
  paymentProvider: 'paypal' | 'stripe' | null;
  paypalOrderId: string | null;
  paymentId: string | null;
  carrier: string | null;
  trackingNumber: string | null;
  refundId: string | null;
  refundStatus: string | null;
  refundedAt: string | null;
  refundedAmount: string | null;
  history: OrderHistoryEntry[];
  /** Numbered copies of limited editions, by line, with their certificates' codes. */
  editionCopies: { orderItemId: string; number: number; editionSize: number; certificateCode: string }[];
  /** The VAT inside the total per rate (percent, euros); empty for an order made before VAT was kept. */
  vat: { rate: number; amount: string }[];
  /** Items, shipping, discount, total and the VAT inside it, as the buyer was shown them. */
  breakdown: { kind: BreakdownRowKind; label: string; amount: string }[];
  /** The client gallery and link its prints were ordered through (null: a shop order). */
  gallery: { title: string; recipient: string } | null;
  /** The buyer's withdrawal: when it was sent, the last day of the refund (YYYY-MM-DD), the buyer's note. */
  withdrawal: { withdrawnAt: string; refundBy: string; note: string | null } | null;
  /** Its VAT invoice's number ("INV-000042"), and its credit note's when refunded; null when none. */
  invoiceNumber: string | null;
  creditNoteNumber: string | null;
  /** Paid for real before invoices were issued and still without one: "Issue invoice" is offered. */
  invoiceMissing: boolean;
  /** Its order to the print lab, when the lab makes any of its lines. */
  lab?: LabOrderView | null;
}

export const ORDER_STATUS_FILTERS = [
  'all',
  'pending',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
] as const;
export const PAGE_SIZE = 10;

export const irishDate = new Intl.DateTimeFormat('en-IE', { dateStyle: 'medium' });
export const irishDateTime = new Intl.DateTimeFormat('en-IE', { dateStyle: 'medium', timeStyle: 'short' });
