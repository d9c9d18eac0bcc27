// The mails a lab order's progress sends besides the owner's own status mails: the buyer's, when
// the lab's prints of an order that also has prints the owner makes have left (the order keeps its
// status: the rest follows), and the owner's, when the lab cancelled an order (the buyer is not
// told: what happens next, a refund included, is the owner's decision).
import { mailLine } from '~/lib/platform/server/mail/mail-text';
import { shortOrderId } from '~/lib/platform/shared/format';
import { withdrawUrl } from '~/lib/withdrawals/withdrawals.server';
import type { Order } from '~db/schema';

interface Mail {
  subject: string;
  text: string;
}

interface Parcel {
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
}

/** To the buyer: the lab's prints are on their way, with the parcel's tracking; the others follow. */
export function labPartShippedMail(input: {
  order: Pick<Order, 'id' | 'customerName'>;
  labLines: string[];
  parcel: Parcel;
  signedBy: string;
}): Mail {
  const { order, parcel } = input;
  const ref = shortOrderId(order.id);
  const name = mailLine(order.customerName);
  return {
    subject: `Part of your order ${ref} is on its way`,
    text: [
      name ? `Dear ${name},` : 'Hello,',
      '',
      `These prints of your order ${ref} have been sent, from our print lab:`,
      ...input.labLines.map((line) => `- ${mailLine(line)}`),
      ...(mailLine(parcel.carrier) ? [`Carrier: ${mailLine(parcel.carrier)}`] : []),
      ...(mailLine(parcel.trackingNumber) ? [`Tracking number: ${mailLine(parcel.trackingNumber)}`] : []),
      ...(mailLine(parcel.trackingUrl) ? [`Follow the parcel: ${mailLine(parcel.trackingUrl)}`] : []),
      '',
      'The other prints of your order are made here and follow in a parcel of their own: you will hear from us when they leave.',
      '',
      `To withdraw from this purchase within 14 days of receiving it: ${withdrawUrl()}`,
      '',
      'If you have any question, reply to this e-mail.',
      '',
      input.signedBy,
    ].join('\n'),
  };
}

/**
 * To the owner: the lab cancelled its order. The buyer is not told and nothing is refunded; an
 * order already refunded needs nothing more.
 */
export function labCancelledMail(input: {
  order: Pick<Order, 'id' | 'customerName' | 'customerEmail' | 'refundId'>;
  labName: string;
  labOrderId: string;
  issues: string | null;
}): Mail {
  const { order, labName } = input;
  const ref = shortOrderId(order.id);
  return {
    subject: `${labName} cancelled its order for ${ref}`,
    text: [
      `${labName} cancelled its order ${input.labOrderId} for the shop's order ${ref} (${order.id}), of ${mailLine(order.customerName)} <${mailLine(order.customerEmail)}>. Its prints will not be made or sent.`,
      ...(input.issues ? ['', `${labName} said:`, input.issues] : []),
      '',
      order.refundId
        ? 'The buyer has not been told. They were already refunded from this order, so nothing more is needed.'
        : "The buyer has not been told, and nothing was refunded: the order's status is as it was. Make and send the prints yourself, or cancel and refund the order, from the order in the admin.",
    ].join('\n'),
  };
}
