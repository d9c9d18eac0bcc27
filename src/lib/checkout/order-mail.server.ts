// The two mails after a payment: the customer's confirmation (items, shipping, discount, total incl.
// VAT, the delivery times, the 14-day withdrawal information) and the owner's new-order notice; and the notices of a
// payment PayPal did not complete. They are queued (lib/platform/server/mail/mail-sender.ts) inside the
// transaction that settles the payment, so they exist exactly when the payment is recorded. Those
// of a test order (test mode) say that no payment was taken, never that it was received.

import { getConfig } from '~/lib/platform/server/config';
import type { Db, Tx } from '~/lib/platform/server/db';
import { queueMail } from '~/lib/platform/server/mail/mail-sender';
import { mailBlock, mailLine } from '~/lib/platform/server/mail/mail-text';
import { formatEuro, shortOrderId } from '~/lib/platform/shared/format';
import { mailSenderName } from '~/lib/site/business.server';
import { withdrawUrl } from '~/lib/withdrawals/withdrawals.server';
import { documentNumber } from './invoice-number';
import { attachmentName, documentOf } from './invoices.server';
import { orderMoneyText } from './order-breakdown';
import { getOrderWithItems } from './order-with-items.server';
import { TEST_ORDER_LABEL } from './test-order';

/** The lines of a delivery address are indented under their heading. */
const ADDRESS_INDENT = '  ';

export const DELIVERY_TEXT = [
  'Orders are processed within 3-5 business days.',
  'Delivery in Ireland takes 5-8 business days; international delivery takes 5-10 business days.',
];

/** Said to a buyer of prints the print lab makes. */
export const LAB_PARCEL_TEXT =
  'The prints made by our print lab are sent by the lab in a parcel of their own; we will write again with its tracking number when it leaves.';

/** Said to the owner of an order with prints the print lab makes. */
const LAB_OWNER_TEXT =
  'The prints marked "made and sent by our print lab" go to the lab by themselves (or wait for your approval, if you chose to approve lab orders first): see the order in the admin.';

export const WITHDRAWAL_TEXT =
  'Right of withdrawal: you may withdraw from this purchase within 14 days of receiving your prints, ' +
  'without giving any reason. Tell us by replying to this e-mail or through the form below; return the prints unused and in their ' +
  'packaging within 14 days of telling us, and we refund the full price, including the standard delivery ' +
  'cost, within 14 days of receiving them back.';

/**
 * The buyer's details as the mails write them: each on its line, the address's lines indented under
 * their heading (mail-text.ts), whatever an order stored before the form refused line breaks holds.
 */
function buyerOf(order: { customerName: string; customerEmail: string | null; phoneNumber?: string | null }) {
  return {
    name: mailLine(order.customerName),
    email: mailLine(order.customerEmail),
    phone: mailLine(order.phoneNumber),
  };
}

/**
 * The two mails' texts; the customer's is signed with `signedBy` (mailSenderName) and names the VAT
 * invoice attached to it (`invoiceNumber`; a test order's specimen).
 */
export function orderMailTexts(
  order: NonNullable<ReturnType<typeof getOrderWithItems>>,
  signedBy: string,
  invoiceNumber: string | null = null,
) {
  // The prints, then items, shipping, discount and total, and the VAT inside it per rate.
  const money = orderMoneyText(order, mailLine);
  const ref = shortOrderId(order.id);
  const payment = order.testMode
    ? `${TEST_ORDER_LABEL}: this shop is in test mode, and nothing was charged.`
    : 'Your payment has been received.';
  const buyer = buyerOf(order);
  const address = mailBlock(order.customerAddress, ADDRESS_INDENT);
  const byLab = order.items.some((i) => i.labSku);
  const customer = [
    `Dear ${buyer.name},`,
    '',
    `Thank you for your order ${ref} (order id ${order.id}). ${payment}`,
    '',
    ...money,
    '',
    ...(order.testMode
      ? ['A specimen of the invoice buyers receive is attached: it is not a VAT invoice.', '']
      : invoiceNumber
        ? [`Your VAT invoice ${invoiceNumber} is attached.`, '']
        : []),
    'Delivery to:',
    address,
    '',
    ...DELIVERY_TEXT,
    ...(byLab ? [LAB_PARCEL_TEXT] : []),
    '',
    WITHDRAWAL_TEXT,
    `To withdraw, use the form at ${withdrawUrl()}`,
    '',
    signedBy,
  ].join('\n');
  const owner = [
    order.testMode ? `${TEST_ORDER_LABEL}: ${ref} (${order.id})` : `New paid order ${ref} (${order.id})`,
    '',
    `Customer: ${buyer.name} <${buyer.email}>, ${buyer.phone}`,
    'Address:',
    address,
    '',
    ...money,
    order.paymentProvider === 'stripe'
      ? `Paid by card through Stripe: payment ${order.stripePaymentIntentId ?? order.paymentId ?? ''}`
      : `PayPal order ${order.paypalOrderId ?? ''}, capture ${order.paymentId ?? ''}`,
    ...(byLab ? ['', LAB_OWNER_TEXT] : []),
  ].join('\n');
  return { customer, owner, ref };
}

/** Queues both mails (inside the caller's transaction); the owner's only when there is no customer address. */
export function queueOrderMails(tx: Db | Tx, orderId: string): number {
  const order = getOrderWithItems(tx, orderId);
  if (!order) return 0;
  const invoice = order.testMode ? undefined : documentOf(tx, order.id, 'invoice');
  const { customer, owner, ref } = orderMailTexts(
    order,
    mailSenderName(tx),
    invoice ? documentNumber('invoice', invoice.number) : null,
  );
  queueMail(tx, {
    to: getConfig().ownerEmail,
    subject: `${order.testMode ? 'New test order' : 'New order'} ${ref}: ${formatEuro(order.totalAmountCents)}`,
    text: owner,
    replyTo: order.customerEmail ?? undefined,
  });
  if (!order.customerEmail) return 1;
  const subject = order.testMode
    ? `Your test order ${ref}: no payment taken`
    : `Your order ${ref} is confirmed`;
  // The buyer's VAT invoice is attached (a test order's specimen, marked as such).
  const attachment = order.testMode
    ? attachmentName({ kind: 'specimen', orderId: order.id })
    : invoice
      ? attachmentName({ kind: 'invoice', id: invoice.id })
      : null;
  queueMail(tx, { to: order.customerEmail, subject, text: customer, attachment });
  return 2;
}

/**
 * A payment that PayPal held for review (PENDING) and then did not complete: the customer learns
 * that nothing will be sent and that PayPal releases any hold, and the owner learns it too. When
 * PayPal completed it for another amount than the order's, only the owner is told: that needs a
 * person to look at it in PayPal (and refund), not a form letter.
 */
export function queuePaymentNotCompletedMails(
  tx: Db | Tx,
  orderId: string,
  reason: 'not-completed' | 'mismatch',
): void {
  const order = getOrderWithItems(tx, orderId);
  if (!order) return;
  const ref = shortOrderId(order.id);
  const total = formatEuro(order.totalAmountCents);
  const buyer = buyerOf(order);
  const what =
    reason === 'mismatch'
      ? `PayPal completed the payment it was reviewing for order ${ref} (${order.id}) for another amount than the order's ${total}. Check it in PayPal and refund it.`
      : `PayPal did not complete the payment it was reviewing for order ${ref} (${order.id}), ${total}.`;
  queueMail(tx, {
    to: getConfig().ownerEmail,
    subject: `Payment not completed for order ${ref}`,
    text: [
      what,
      'The order is marked as failed: do not send it.',
      `Customer: ${buyer.name} <${buyer.email}>`,
      `PayPal order ${order.paypalOrderId ?? ''}, capture ${order.paymentId ?? ''}`,
    ].join('\n'),
    replyTo: order.customerEmail ?? undefined,
  });
  if (order.customerEmail && reason === 'not-completed') {
    queueMail(tx, {
      to: order.customerEmail,
      subject: `Your payment for order ${ref} was not completed`,
      text: [
        `Dear ${buyer.name},`,
        '',
        `PayPal has not completed your payment of ${total} for order ${ref}, so the order will not be sent.`,
        'You are not charged for it: any amount PayPal was holding is released by PayPal.',
        'You are welcome to order again from the shop, or reply to this e-mail with any question.',
        '',
        mailSenderName(tx),
      ].join('\n'),
    });
  }
}
