import type { Tx } from '~/lib/platform/server/db';
import { headerSafe } from '~/lib/platform/server/mail/mail';
import { mailLine } from '~/lib/platform/server/mail/mail-text';
import { formatEuro } from '~/lib/platform/shared/format';
import { type DepositView, fullDay } from './deposit-rules';
import { queueJobPaidMails } from './job-paid-mails.server';
import type { QuoteView } from './quote-view.server';

const _subject = (text: string) => headerSafe(text).slice(0, 200);

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
    ...(d.testMode
      ? ['', 'This was a test payment: no money was taken.', 'Its invoice is a specimen, not a VAT invoice.']
      : []),
  ];
}

/**
 * `token` null (a payment the provider told the server of alone): the mail has no link to the quote.
 * `attachment`: the name of the deposit's invoice or specimen attached to the client's receipt.
 */
export function queueDepositPaidMails(
  tx: Tx,
  q: QuoteView,
  token: string | null,
  attachment: string | null,
): void {
  const d = q.deposit;
  const lines = depositLines(q, d);
  queueJobPaidMails(tx, q, {
    noun: 'Deposit',
    thanks: `your deposit for "${mailLine(q.title)}" is received and the booking is confirmed.`,
    lines,
    clientNext: [],
    ownerNext: [],
    token,
    attachment,
  });
}
