// The client's mail of a cancelled job, queued in the cancellation's transaction: the job is
// cancelled, what was refunded (or that nothing was), each credit note attached (one per refunded
// invoiced payment, the balance's first), and the link to the quote's page, which says the job was
// cancelled and offers them too. Plain text.
import { getConfig } from '~/lib/platform/server/config';
import type { Tx } from '~/lib/platform/server/db';
import { headerSafe } from '~/lib/platform/server/mail/mail';
import { queueMail } from '~/lib/platform/server/mail/mail-sender';
import { mailLine } from '~/lib/platform/server/mail/mail-text';
import { formatEuro } from '~/lib/platform/shared/format';
import { OWNER_NAME } from '~/lib/site/constants';
import { jobInvoiceAttachmentName } from './quote-attachment.server';
import type { MailableLink } from './quote-link.server';
import { quoteUrl } from './quote-token.server';
import type { QuoteView } from './quote-view.server';

const PART = { deposit: 'the deposit', balance: 'the balance' } as const;

export function queueJobCancelledMail(
  tx: Tx,
  q: QuoteView,
  link: MailableLink,
  creditNoteIds: readonly string[],
): void {
  const c = q.cancellation;
  if (!c) return;
  const rate = q.totals.vatRateBp;
  const refunded =
    c.refundedCents > 0
      ? [
          `Refunded to you: ${formatEuro(c.refundedCents)}${c.testMode ? ' (a test payment: no money was taken, so none goes back)' : ''}.`,
          ...(c.testMode
            ? []
            : ['It goes back the way you paid; your bank or PayPal may take a few days to show it.']),
          ...c.creditNotes.map(
            (n) =>
              `Credit note ${n.number} for ${PART[n.part]}: ${formatEuro(n.amountCents)}${rate ? `, VAT at ${rate / 100}% included: ${formatEuro(n.vatCents)}` : ''}.`,
          ),
        ]
      : ['Nothing was refunded.'];
  queueMail(tx, {
    to: q.clientEmail,
    subject: headerSafe(`Your drone job is cancelled: ${q.title}`).slice(0, 200),
    replyTo: getConfig().ownerEmail,
    attachment: creditNoteIds.map(jobInvoiceAttachmentName),
    text: [
      `Hello ${mailLine(q.acceptedName ?? q.clientName)},`,
      '',
      `The drone job "${mailLine(q.title)}" is cancelled.`,
      '',
      ...refunded,
      '',
      `The quote and ${c.creditNotes.length > 1 ? 'the credit notes' : c.creditNotes.length ? 'the credit note' : 'its terms'}: ${quoteUrl(link.token)}`,
      ...(link.note ? [link.note] : []),
      '',
      'If you have a question, reply to this mail.',
      '',
      OWNER_NAME,
    ].join('\n'),
  });
}
