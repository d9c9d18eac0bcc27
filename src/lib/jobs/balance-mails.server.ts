// The mails of a job's balance, queued in the transaction of the step that causes them: the invoice
// to the client with a link to pay it (and the invoice's PDF, or its specimen on a site that takes
// only test payments, which the mail says plainly), and once paid the client's receipt
// and the owner's notice. The gallery's own mail (its link) is queued by the release. Plain text.
import { getConfig } from '~/lib/platform/server/config';
import type { Tx } from '~/lib/platform/server/db';
import { headerSafe } from '~/lib/platform/server/mail/mail';
import { queueMail } from '~/lib/platform/server/mail/mail-sender';
import { mailLine } from '~/lib/platform/server/mail/mail-text';
import { formatEuro } from '~/lib/platform/shared/format';
import { OWNER_NAME } from '~/lib/site/constants';
import type { BalanceView } from './balance-rules';
import { fullDay } from './deposit-rules';
import { queueJobPaidMails } from './job-paid-mails.server';
import type { MailableLink } from './quote-link.server';
import { quoteUrl } from './quote-token.server';
import type { QuoteView } from './quote-view.server';

const subject = (text: string) => headerSafe(text).slice(0, 200);

const on = (day: string | null) => (day ? ` on ${fullDay(day)}` : '');

/** The balance's figures, one line each: the total, the deposit paid, the balance and its VAT. */
export function balanceLines(q: QuoteView, b: BalanceView): string[] {
  const d = q.deposit;
  return [
    `Total of the quote: ${formatEuro(q.acceptedTotalCents ?? q.totals.grossCents)}`,
    ...(d.state !== 'paid'
      ? []
      : d.testMode && b.invoiceNumber !== null
        ? [`Deposit${on(d.paidDay)}: a test payment, no money was taken, not deducted`]
        : [`Deposit paid${on(d.paidDay)}: ${formatEuro(d.amountCents)}`]),
    `Balance: ${formatEuro(b.amountCents)}`,
    q.totals.vatRateBp
      ? `VAT at ${q.totals.vatRateBp / 100}% included in the balance: ${formatEuro(b.vatCents)}`
      : 'No VAT charged.',
  ];
}

/**
 * The balance invoice to the client, with the job's link to pay it and the invoice (or specimen)
 * whose name is `attachment` attached.
 */
export function queueBalanceInvoiceMail(tx: Tx, q: QuoteView, attachment: string, link: MailableLink): void {
  const b = q.balance;
  if (!b) return;
  const thanks = `Thank you for choosing ${OWNER_NAME} for "${mailLine(q.title)}".`;
  queueMail(tx, {
    to: q.clientEmail,
    subject: subject(
      b.invoiceNumber
        ? `Invoice ${b.invoiceNumber}: the balance for ${q.title}`
        : `Invoice (specimen): the balance for ${q.title}`,
    ),
    replyTo: getConfig().ownerEmail,
    attachment,
    text: [
      `Hello ${mailLine(q.clientName)},`,
      '',
      ...(b.invoiceNumber
        ? [`${thanks} Here is the invoice for the balance (${b.invoiceNumber}, attached).`]
        : [
            `${thanks} Here is the invoice for the balance (attached).`,
            'It is a specimen, not a VAT invoice: this site takes only test payments.',
          ]),
      '',
      ...balanceLines(q, b),
      '',
      q.gallery
        ? 'Once it is paid, your gallery’s downloads open by themselves and you get its link by mail.'
        : 'Once it is paid, you get your photos’ gallery by mail.',
      '',
      `Pay the balance: ${quoteUrl(link.token)}`,
      ...(link.note ? [link.note] : []),
      '',
      OWNER_NAME,
    ].join('\n'),
  });
}

/**
 * The client's receipt and the owner's notice of a paid balance; without a token (a payment the
 * provider told the server of alone) the receipt has no link to the quote. `attachment` names the
 * balance's VAT invoice when it was issued at this payment (the balance had been invoiced by a
 * specimen), so that the client has it.
 */
export function queueBalancePaidMails(
  tx: Tx,
  q: QuoteView,
  token: string | null,
  attachment: string | null = null,
): void {
  const b = q.balance;
  if (!b) return;
  const lines = [
    ...balanceLines(q, b),
    `Paid on: ${b.paidDay ? fullDay(b.paidDay) : ''}`,
    ...(b.invoiceNumber ? [`Invoice: ${b.invoiceNumber}${attachment ? ' (attached)' : ''}`] : []),
    ...(b.testMode ? ['', 'This was a test payment: no money was taken.'] : []),
  ];
  queueJobPaidMails(tx, q, {
    noun: 'Balance',
    thanks: `the balance for "${mailLine(q.title)}" is paid in full.`,
    lines,
    clientNext: [
      q.gallery
        ? 'Your gallery’s downloads are now open: its link comes in a separate mail.'
        : 'The photographer will send you your gallery’s link.',
    ],
    ownerNext: [
      q.gallery
        ? `The gallery "${mailLine(q.gallery.title)}" is released: its downloads are open.`
        : 'No gallery is attached yet: it is released as soon as you attach one.',
    ],
    token,
    attachment,
  });
}
