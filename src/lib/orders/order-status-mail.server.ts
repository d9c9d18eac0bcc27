// Short plain-text mails to the customer when the owner moves an order on: being prepared
// (processing), shipped (with carrier and tracking number when given), cancelled, and refunded; each
// ends with what was bought and paid, as the confirmation gave it (order-breakdown.ts).
// Pending sends nothing: it is where an order starts. Delivered sends no status mail (the customer
// knows best when the prints arrived), but a paid order's buyer is sent the link to review the
// prints then (reviews.ts). Each is queued in the transaction of the change it tells about
// (lib/platform/server/mail/mail-sender.ts delivers it).

import { orderMoneyText } from '~/lib/checkout/order-breakdown';
import type { Db, Tx } from '~/lib/platform/server/db';
import { queueMail } from '~/lib/platform/server/mail/mail-sender';
import { mailLine } from '~/lib/platform/server/mail/mail-text';
import { formatEuro, shortOrderId } from '~/lib/platform/shared/format';
import { withdrawUrl } from '~/lib/withdrawals/withdrawals.server';
import type { Order } from '~db/schema';

type MailOrder = Pick<Order, 'id' | 'customerName' | 'customerEmail' | 'carrier' | 'trackingNumber'>;
/** An order with its lines: a status or refund mail ends with what was bought and paid. */
type MailOrderWithMoney = MailOrder & Parameters<typeof orderMoneyText>[0];

export interface StatusMail {
  subject: string;
  text: string;
  /** The document attached, by its name in the mail queue (a credit note with a refund's mail). */
  attachment?: string | null;
}

// The name, carrier and tracking number are written as one line each (mail-text.ts).
const greeting = (o: MailOrder) =>
  mailLine(o.customerName) ? `Dear ${mailLine(o.customerName)},` : 'Hello,';
/** The close of every status mail, signed with the name the mails are sent as (mailSenderName). */
const signature = (signedBy: string) => ['', 'If you have any question, reply to this e-mail.', '', signedBy];
/** What was bought and paid, as the confirmation gave it: the prints, shipping, discount and total. */
const yourOrder = (o: MailOrderWithMoney) => ['', 'Your order:', ...orderMoneyText(o, mailLine)];
/** The mails of an order being prepared or on its way end with the way to withdraw from the purchase. */
const withWithdrawalLink = (lines: string[], signedBy: string) =>
  [
    ...lines,
    '',
    `To withdraw from this purchase within 14 days of receiving it: ${withdrawUrl()}`,
    ...signature(signedBy),
  ].join('\n');

/** The mail for an order that has just reached `status`, or null when that status sends none. */
export function statusMail(
  order: MailOrderWithMoney,
  status: Order['status'],
  signedBy: string,
): StatusMail | null {
  const ref = shortOrderId(order.id);
  switch (status) {
    case 'processing':
      return {
        subject: `Your order ${ref} is being prepared`,
        text: withWithdrawalLink(
          [greeting(order), '', `Your order ${ref} is being prepared for sending.`, ...yourOrder(order)],
          signedBy,
        ),
      };
    case 'shipped': {
      const how = [
        mailLine(order.carrier) ? `Carrier: ${mailLine(order.carrier)}` : '',
        mailLine(order.trackingNumber) ? `Tracking number: ${mailLine(order.trackingNumber)}` : '',
      ].filter(Boolean);
      return {
        subject: `Your order ${ref} has been shipped`,
        text: withWithdrawalLink(
          [greeting(order), '', `Your order ${ref} is on its way.`, ...how, ...yourOrder(order)],
          signedBy,
        ),
      };
    }
    case 'cancelled':
      return {
        subject: `Your order ${ref} has been cancelled`,
        text: [
          greeting(order),
          '',
          `Your order ${ref} has been cancelled and will not be sent.`,
          ...yourOrder(order),
          ...signature(signedBy),
        ].join('\n'),
      };
    default:
      return null;
  }
}

export function refundMail(
  order: MailOrderWithMoney & { paymentProvider?: string | null },
  amountCents: number,
  signedBy: string,
  creditNote: { number: string; attachment: string } | null = null,
): StatusMail {
  const ref = shortOrderId(order.id);
  // An order paid by card (through Stripe) is refunded to the card it was paid with.
  const byCard = order.paymentProvider === 'stripe';
  return {
    subject: `Your order ${ref} has been refunded`,
    text: [
      greeting(order),
      '',
      byCard
        ? `Your order ${ref} has been cancelled and ${formatEuro(amountCents)} has been refunded to the card you paid with.`
        : `Your order ${ref} has been cancelled and ${formatEuro(amountCents)} has been refunded to you through PayPal.`,
      byCard
        ? 'Your bank shows the refund on your card within 5 to 10 days.'
        : 'PayPal shows the refund in your account within a few days.',
      ...(creditNote ? [`Your credit note ${creditNote.number} is attached.`] : []),
      ...yourOrder(order),
      ...signature(signedBy),
    ].join('\n'),
    attachment: creditNote?.attachment ?? null,
  };
}

/** A VAT invoice or credit note issued after the payment it is for, by its number and queue name. */
export interface LateDocument {
  kind: 'invoice' | 'credit_note';
  number: string;
  attachment: string;
}

/**
 * The mail that sends a buyer a document issued after their payment (an order paid before the shop
 * issued invoices): the invoice, or the credit note of the refund, attached. One document per mail.
 */
export function lateDocumentMail(
  order: MailOrderWithMoney,
  document: LateDocument,
  paidOn: string,
  signedBy: string,
): StatusMail {
  const ref = shortOrderId(order.id);
  const invoice = document.kind === 'invoice';
  return {
    subject: invoice ? `Your VAT invoice for order ${ref}` : `Your credit note for order ${ref}`,
    text: [
      greeting(order),
      '',
      invoice
        ? `Your VAT invoice ${document.number} for order ${ref} is attached. It is issued today for your payment of ${paidOn}.`
        : `Your credit note ${document.number} for the refund of order ${ref} is attached.`,
      ...yourOrder(order),
      ...signature(signedBy),
    ].join('\n'),
    attachment: document.attachment,
  };
}

/** Queues a mail to the order's customer inside the caller's transaction; false when it has no address. */
export function queueCustomerMail(tx: Db | Tx, order: MailOrder, mail: StatusMail): boolean {
  if (!order.customerEmail) return false;
  queueMail(tx, {
    to: order.customerEmail,
    subject: mail.subject,
    text: mail.text,
    attachment: mail.attachment ?? null,
  });
  return true;
}
