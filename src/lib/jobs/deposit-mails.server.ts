// The mails of a paid deposit, queued in the transaction that records the payment: the client's
// receipt (the amount, the VAT inside it, what remains to pay, and the deposit's VAT invoice
// attached when one was issued) and the owner's notice. Plain text.
import { getConfig } from '~/lib/platform/server/config';
import type { Tx } from '~/lib/platform/server/db';
import { headerSafe } from '~/lib/platform/server/mail/mail';
import { queueMail } from '~/lib/platform/server/mail/mail-sender';
import { mailLine } from '~/lib/platform/server/mail/mail-text';
import { formatEuro } from '~/lib/platform/shared/format';
import { OWNER_NAME } from '~/lib/site/constants';
import { type DepositView, fullDay } from './deposit-rules';
import { jobInvoiceAttachmentName } from './quote-attachment.server';
import { quoteUrl } from './quote-token.server';
import type { QuoteView } from './quote-view.server';

const subject = (text: string) => headerSafe(text).slice(0, 200);

/** The deposit's figures, one line each. */
export function depositLines(q: QuoteView, d: DepositView): string[] {
  const total = d.amountCents + d.balanceCents;
  return [
    `Deposit paid: ${formatEuro(d.amountCents)} (${d.percent}% of ${formatEuro(total)})`,
    q.totals.vatRateBp
      ? `VAT at ${q.totals.vatRateBp / 100}% included in the deposit: ${formatEuro(d.vatCents)}`
      : 'No VAT charged.',
    `Paid on: ${d.paidDay ? fullDay(d.paidDay) : ''}`,
    `Balance to pay on delivery: ${formatEuro(d.balanceCents)}`,
    ...(d.testMode ? ['', 'This was a test payment: no money was taken.'] : []),
  ];
}

/** `token` null (a payment the provider told the server of alone): the mail has no link to the quote. */
export function queueDepositPaidMails(tx: Tx, q: QuoteView, token: string | null, invoiceId?: string): void {
  const d = q.deposit;
  const lines = depositLines(q, d);
  queueMail(tx, {
    to: q.clientEmail,
    subject: subject(`Deposit received: ${q.title}`),
    replyTo: getConfig().ownerEmail,
    attachment: invoiceId ? jobInvoiceAttachmentName(invoiceId) : null,
    text: [
      `Hello ${mailLine(q.clientName)},`,
      '',
      `Thank you: your deposit for "${mailLine(q.title)}" is received and the booking is confirmed. This mail is your receipt.`,
      '',
      ...lines,
      '',
      ...(token ? [`The quote, with its terms: ${quoteUrl(token)}`, ''] : []),
      OWNER_NAME,
    ].join('\n'),
  });
  queueMail(tx, {
    to: getConfig().ownerEmail,
    subject: subject(`Deposit paid by ${q.acceptedName ?? q.clientName}: ${q.title}`),
    replyTo: q.clientEmail,
    text: [
      `Deposit paid by ${mailLine(q.acceptedName ?? q.clientName)} <${mailLine(q.clientEmail)}> for "${mailLine(q.title)}".`,
      '',
      ...lines,
    ].join('\n'),
  });
}
