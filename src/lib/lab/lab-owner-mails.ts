// The owner's mails about orders to the print lab: one when an order has not reached the lab for
// hours (the site keeps trying), and one when the lab, or the shop on its behalf, refuses an order
// (nothing more happens until the owner acts). The buyer is never sent either.
import { shortOrderId } from '~/lib/platform/shared/format';
import type { LabRefusalReason } from './lab';

const when = new Intl.DateTimeFormat('en-IE', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Dublin',
});

export interface OwnerMail {
  subject: string;
  text: string;
}

/** The lab has been unreachable (or answering oddly) since the order was queued for it. */
export function labUnreachableMail(input: {
  orderId: string;
  labName: string;
  since: Date;
  attempts: number;
  lastError: string;
}): OwnerMail {
  const ref = shortOrderId(input.orderId);
  return {
    subject: `Order ${ref} has not reached ${input.labName} yet`,
    text: [
      `The site has been trying to send order ${ref} (${input.orderId}) to ${input.labName} since ${when.format(input.since)}, ${input.attempts} times so far.`,
      '',
      `The last attempt failed: ${input.lastError}`,
      '',
      `The site keeps trying, every 30 minutes at most, and sends the order as soon as ${input.labName} takes it; it can never be printed twice. Nothing needs doing unless this goes on: then check the lab's status page and the lab's key in the site's settings.`,
    ].join('\n'),
  };
}

/** The reasons as the owner reads them: one line each, with the field they are about. */
export function reasonLines(reasons: LabRefusalReason[]): string[] {
  return reasons.map((r) => `- ${r.field ? `${r.field}: ` : ''}${r.description || r.code}`);
}

/** The order cannot be sent: the lab said no, or the shop found it could not be sent. */
export function labRefusedMail(input: {
  orderId: string;
  labName: string;
  reasons: LabRefusalReason[];
  byLab: boolean;
}): OwnerMail {
  const ref = shortOrderId(input.orderId);
  return {
    subject: `Order ${ref} could not be sent to ${input.labName}`,
    text: [
      input.byLab
        ? `${input.labName} refused order ${ref} (${input.orderId}). It said:`
        : `Order ${ref} (${input.orderId}) cannot be sent to ${input.labName}:`,
      ...reasonLines(input.reasons),
      '',
      'The site will not try again by itself. Correct what is wrong and send it again from the order in the admin, or make the prints yourself. The buyer has not been told.',
    ].join('\n'),
  };
}
