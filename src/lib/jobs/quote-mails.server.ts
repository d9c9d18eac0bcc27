// The mails of a quote, queued in the transaction of the step that causes them (the sender delivers
// them): the link and the PDF to the client when sent, the record of the acceptance to the client and the owner,
// and a change request to the owner. Plain text only: nothing a person typed becomes markup.
import { getConfig } from '~/lib/platform/server/config';
import type { Tx } from '~/lib/platform/server/db';
import { headerSafe } from '~/lib/platform/server/mail/mail';
import { queueMail } from '~/lib/platform/server/mail/mail-sender';
import { mailBlock, mailLine } from '~/lib/platform/server/mail/mail-text';
import { formatEuro } from '~/lib/platform/shared/format';
import { OWNER_NAME } from '~/lib/site/constants';
import { depositAsked } from './deposit-rules';
import { quoteAttachmentName } from './quote-attachment.server';
import { longDay } from './quote-rules';
import { quotePdfUrl, quoteUrl } from './quote-token.server';
import type { QuoteView } from './quote-view.server';

const subject = (text: string) => headerSafe(text).slice(0, 200);

/** What the deposit asks of the total, in a sentence, or nothing when no deposit is asked. */
function depositSentence(q: QuoteView, reader: 'sent' | 'client' | 'owner'): string[] {
  if (q.deposit.state === 'none') return [];
  const asked = depositAsked(q.deposit);
  if (reader === 'sent') return ['', `Once accepted, a deposit of ${asked} confirms the booking.`];
  if (reader === 'owner') return ['', `Deposit asked: ${asked}, not paid yet.`];
  return ['', `Deposit to confirm the booking: ${asked}. Pay it on the quote's page below.`];
}

/** The lines and the totals, one line each. */
export function quoteSummary(q: QuoteView): string[] {
  const vat = q.totals.vatRateBp
    ? `VAT at ${q.totals.vatRateBp / 100}%: ${formatEuro(q.totals.vatCents)}`
    : 'No VAT charged.';
  return [
    ...q.lines.map(
      (l) =>
        `- ${mailLine(l.description)} (${l.quantity} × ${formatEuro(l.unitPriceCents)}): ${formatEuro(l.netCents)}`,
    ),
    '',
    `Net: ${formatEuro(q.totals.netCents)}`,
    vat,
    `Total: ${formatEuro(q.totals.grossCents)}`,
  ];
}

export function queueQuoteSentMail(tx: Tx, q: QuoteView, token: string, revised: boolean): void {
  queueMail(tx, {
    to: q.clientEmail,
    subject: subject(`Your quote from ${OWNER_NAME}: ${q.title}`),
    replyTo: getConfig().ownerEmail,
    attachment: quoteAttachmentName(q.id),
    text: [
      `Hello ${mailLine(q.clientName)},`,
      '',
      revised
        ? `Here is the revised quote for "${mailLine(q.title)}". It replaces the one sent before, at the same link.`
        : `Here is the quote for "${mailLine(q.title)}".`,
      '',
      ...quoteSummary(q),
      ...depositSentence(q, 'sent'),
      '',
      `It is valid until ${longDay(q.validUntil)}.`,
      '',
      `Read it, accept it or ask for a change: ${quoteUrl(token)}`,
      `The quote is attached as a PDF, and kept here: ${quotePdfUrl(token)}`,
      '',
      'This link is yours alone: please do not share it.',
    ].join('\n'),
  });
}

const acceptanceRecord = (q: QuoteView, ip: string, userAgent: string) => [
  `Accepted by: ${mailLine(q.acceptedName)}`,
  `On: ${q.acceptedAt ? new Date(q.acceptedAt).toLocaleString('en-IE', { timeZone: 'Europe/Dublin', dateStyle: 'long', timeStyle: 'short' }) : ''} (Irish time)`,
  `Total accepted: ${formatEuro(q.acceptedTotalCents ?? 0)}, VAT included`,
  `From the address: ${mailLine(ip)}`,
  `Browser: ${mailLine(userAgent).slice(0, 300)}`,
];

export function queueQuoteAcceptedMails(
  tx: Tx,
  q: QuoteView,
  token: string,
  ip: string,
  userAgent: string,
): void {
  const record = acceptanceRecord(q, ip, userAgent);
  queueMail(tx, {
    to: q.clientEmail,
    subject: subject(`You accepted the quote: ${q.title}`),
    replyTo: getConfig().ownerEmail,
    attachment: quoteAttachmentName(q.id),
    text: [
      `Hello ${mailLine(q.clientName)},`,
      '',
      `Thank you: your acceptance of "${mailLine(q.title)}" is recorded. This mail is your copy of it.`,
      '',
      ...record,
      '',
      ...quoteSummary(q),
      ...depositSentence(q, 'client'),
      '',
      `The quote, with its terms: ${quoteUrl(token)}`,
      `As a PDF: ${quotePdfUrl(token)}`,
    ].join('\n'),
  });
  queueMail(tx, {
    to: getConfig().ownerEmail,
    subject: subject(`Quote accepted by ${q.acceptedName ?? q.clientName}: ${q.title}`),
    replyTo: q.clientEmail,
    text: [
      `${mailLine(q.clientName)} <${mailLine(q.clientEmail)}> accepted "${mailLine(q.title)}".`,
      '',
      ...record,
      '',
      ...quoteSummary(q),
      ...depositSentence(q, 'owner'),
    ].join('\n'),
  });
}

export function queueChangesMail(tx: Tx, q: QuoteView, message: string): void {
  queueMail(tx, {
    to: getConfig().ownerEmail,
    subject: subject(`Changes asked for: ${q.title}`),
    replyTo: q.clientEmail,
    text: [
      `${mailLine(q.clientName)} <${mailLine(q.clientEmail)}> asked for a change to "${mailLine(q.title)}":`,
      '',
      mailBlock(message),
      '',
      'Open the Jobs tab of the dashboard to edit the quote and send it again.',
    ].join('\n'),
  });
}
