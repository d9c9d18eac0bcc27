// Contact enquiries from the home page's form: store the row, mail the owner, and limit each address
// to CONTACT_LIMIT_PER_HOUR enquiries an hour. The limit counts stored rows, so it survives a restart.
import { and, count, eq, gt } from 'drizzle-orm';
import { getConfig } from '~/lib/server/config';
import type { Db } from '~/lib/server/db';
import { HttpError } from '~/lib/server/http';
import { headerSafe, sendMail } from '~/lib/server/mail';
import { REPLY_WITHIN_HOURS } from '~/lib/shared/constants';
import { type ContactData, SERVICE_INTEREST_LABELS } from '~/lib/shared/schemas';
import { contactInquiries } from '~db/schema';

export const CONTACT_LIMIT_PER_HOUR = 5;
const HOUR_MS = 60 * 60_000;

export function countRecentInquiries(db: Db, email: string, now = Date.now()): number {
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
  return [
    `From: ${data.firstName} ${data.lastName} <${data.email}>`,
    `Service interest: ${interest}`,
    '',
    data.message,
    '',
    `--\nSent from the contact form. Reply to this message to answer (the promise is within ${REPLY_WITHIN_HOURS} hours).`,
  ].join('\n');
}

/** Stores an enquiry and mails the owner. Throws HttpError 429 beyond the hourly limit. */
export async function submitInquiry(db: Db, data: ContactData, now = Date.now()) {
  if (countRecentInquiries(db, data.email, now) >= CONTACT_LIMIT_PER_HOUR) {
    throw new HttpError(
      429,
      `You have sent ${CONTACT_LIMIT_PER_HOUR} messages in the last hour. Please wait a while before sending another.`,
    );
  }
  const row = db
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
  const interest = data.serviceInterest ? ` (${SERVICE_INTEREST_LABELS[data.serviceInterest]})` : '';
  try {
    await sendMail({
      to: getConfig().ownerEmail,
      subject: headerSafe(`New enquiry from ${data.firstName} ${data.lastName}${interest}`).slice(0, 200),
      text: inquiryMailText(data),
      // Validated by the schema (a single-line e-mail address) before it becomes a header.
      replyTo: data.email,
    });
  } catch (err) {
    // The enquiry is stored; the owner sees it even if the mail did not go.
    console.error('Could not mail the enquiry', row.id, err);
  }
  return { id: row.id };
}
