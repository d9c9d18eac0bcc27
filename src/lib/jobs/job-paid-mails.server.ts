// The two mails of a paid job payment (a deposit, a balance), in the transaction that records it: the
// client's receipt (its figures, what follows, and the quote's link when the client's token is known)
// and the owner's notice (who paid, the same figures, what follows for the owner).
import { getConfig } from '~/lib/platform/server/config';
import type { Tx } from '~/lib/platform/server/db';
import { headerSafe } from '~/lib/platform/server/mail/mail';
import { queueMail } from '~/lib/platform/server/mail/mail-sender';
import { mailLine } from '~/lib/platform/server/mail/mail-text';
import { OWNER_NAME } from '~/lib/site/constants';
import { quoteUrl } from './quote-token.server';
import type { QuoteView } from './quote-view.server';

const subject = (text: string) => headerSafe(text).slice(0, 200);

export interface PaidMails {
  /** "Deposit", "Balance": the subjects' first word. */
  noun: string;
  /** The receipt's opening sentence after "Thank you: ". */
  thanks: string;
  /** The payment's figures, one line each, in both mails. */
  lines: string[];
  /** What follows for the client, and for the owner (empty: nothing said). */
  clientNext: string[];
  ownerNext: string[];
  /** The quote link's token, or null (a payment the provider told the server of alone). */
  token: string | null;
  /** The receipt's attachment (the payment's invoice), or null. */
  attachment: string | null;
}

export function queueJobPaidMails(tx: Tx, q: QuoteView, m: PaidMails): void {
  const payer = q.acceptedName ?? q.clientName;
  queueMail(tx, {
    to: q.clientEmail,
    subject: subject(`${m.noun} received: ${q.title}`),
    replyTo: getConfig().ownerEmail,
    attachment: m.attachment,
    text: [
      `Hello ${mailLine(q.clientName)},`,
      '',
      `Thank you: ${m.thanks} This mail is your receipt.`,
      '',
      ...m.lines,
      '',
      ...(m.clientNext.length ? [...m.clientNext, ''] : []),
      ...(m.token ? [`The quote, with its terms: ${quoteUrl(m.token)}`, ''] : []),
      OWNER_NAME,
    ].join('\n'),
  });
  queueMail(tx, {
    to: getConfig().ownerEmail,
    subject: subject(`${m.noun} paid by ${payer}: ${q.title}`),
    replyTo: q.clientEmail,
    text: [
      `${m.noun} paid by ${mailLine(payer)} <${mailLine(q.clientEmail)}> for "${mailLine(q.title)}".`,
      '',
      ...m.lines,
      ...(m.ownerNext.length ? ['', ...m.ownerNext] : []),
    ].join('\n'),
  });
}
