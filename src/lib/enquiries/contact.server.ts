// Contact enquiries from the home page's form: store the row and queue the owner's mail in one
// transaction (the mail sender delivers it), and limit each address to CONTACT_LIMIT_PER_HOUR
// enquiries an hour. The limit counts stored rows, so it survives a restart.
import { and, count, eq, gt } from 'drizzle-orm';
import { type ContactData, SERVICE_INTEREST_LABELS } from '~/lib/enquiries/schemas';
import { getConfig } from '~/lib/platform/server/config';
import type { Db, Tx } from '~/lib/platform/server/db';
import { HttpError } from '~/lib/platform/server/http/http';
import { headerSafe } from '~/lib/platform/server/mail/mail';
import { queueMail } from '~/lib/platform/server/mail/mail-sender';
import { mailBlock, mailLine } from '~/lib/platform/server/mail/mail-text';
import { REPLY_WITHIN_HOURS } from '~/lib/site/constants';
import { contactInquiries } from '~db/schema';

export const CONTACT_LIMIT_PER_HOUR = 5;
const HOUR_MS = 60 * 60_000;

export function countRecentInquiries(db: Db | Tx, email: string, now = Date.now()): number {
  const row = db
    .select({ n: count() })
    .from(contactInquiries)
    .where(and(eq(contactInquiries.email, email), gt(contactInquiries.createdAt, new Date(now - HOUR_MS))))
    .get();
  return row?.n ?? 0;
}

/** The owner's copy of an enquiry, as plain text (no HTML: nothing a visitor typed is ever markup). */
export function inquiryMailText(data: ContactData): string {
  const interest = data.serviceInterest ? SERVICE_INTEREST_LABELS[data.serviceInterest] : 'Not given';
  // The names and the address one line each, the message with its own line breaks (mail-text.ts).
  return [
    `From: ${mailLine(`${data.firstName} ${data.lastName}`)} <${mailLine(data.email)}>`,
    `Service interest: ${interest}`,
    '',
    mailBlock(data.message),
    '',
    `--\nSent from the contact form. Reply to this message to answer (the promise is within ${REPLY_WITHIN_HOURS} hours).`,
  ].join('\n');
}

/** Stores an enquiry and queues the owner's mail. Throws HttpError 429 beyond the hourly limit. */
export async function submitInquiry(db: Db, data: ContactData, now = Date.now()) {
  const interest = data.serviceInterest ? ` (${SERVICE_INTEREST_LABELS[data.serviceInterest]})` : '';
  return db.transaction((tx) => {
    if (countRecentInquiries(tx, data.email, now) >= CONTACT_LIMIT_PER_HOUR) {
      throw new HttpError(
        429,
        `You have sent ${CONTACT_LIMIT_PER_HOUR} messages in the last hour. Please wait a while before sending another.`,
      );
    }
    const row = tx
      .insert(contactInquiries)
      .values({
        firstName: data.firstName,
        lastName: data.lastName,
        email: data.email,
        serviceInterest: data.serviceInterest ?? null,
        message: data.message,
        createdAt: new Date(now),
      })
      .returning({ id: contactInquiries.id })
      .get();
    queueMail(tx, {
      to: getConfig().ownerEmail,
      subject: headerSafe(`New enquiry from ${data.firstName} ${data.lastName}${interest}`).slice(0, 200),
      text: inquiryMailText(data),
      // Validated by the schema (a single-line e-mail address) before it becomes a header.
      replyTo: data.email,
    });
    return { id: row.id };
  });
}
